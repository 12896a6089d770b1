// The look-and-feel choices of the signed-in shell (spec 02 §3), names and order as the spec lists
// them. AdminLTE 4 dropped the v3 `navbar-<colour>` / `sidebar-<dark|light>-<colour>` skins, so
// each value keeps its v3 name and shell.css maps its colour class onto CSS variables.

export interface UiOption {
  /** Spanish label shown in the settings panel. */
  name: string;
  /** Stored value: the AdminLTE 3 class name. */
  value: string;
  /** Colour class of shell.css (`shell-color-<colour>`). */
  colour: string;
}

const option = (name: string, value: string, colour: string): UiOption => ({ name, value, colour });

export const NAVBAR_LIGHT_VARIANTS: readonly UiOption[] = [
  option('Light', 'navbar-light', 'light'),
  option('Warning', 'navbar-warning', 'warning'),
  option('White', 'navbar-white', 'white'),
  option('Orange', 'navbar-orange', 'orange'),
];

export const NAVBAR_DARK_VARIANTS: readonly UiOption[] = [
  option('Dark', 'navbar-dark', 'dark'),
  option('Primary', 'navbar-primary', 'primary'),
  option('Secondary', 'navbar-secondary', 'secondary'),
  option('Info', 'navbar-info', 'info'),
  option('Success', 'navbar-success', 'success'),
  option('Danger', 'navbar-danger', 'danger'),
  option('Indigo', 'navbar-indigo', 'indigo'),
  option('Purple', 'navbar-purple', 'purple'),
  option('Pink', 'navbar-pink', 'pink'),
  option('Navy', 'navbar-navy', 'navy'),
  option('Light Blue', 'navbar-lightblue', 'lightblue'),
  option('Teal', 'navbar-teal', 'teal'),
  option('Cyan', 'navbar-cyan', 'cyan'),
  option('Gray Dark', 'navbar-gray-dark', 'gray-dark'),
  option('Gray', 'navbar-gray', 'gray'),
];

const SKIN_COLOURS = [
  ['Primary', 'primary'],
  ['Warning', 'warning'],
  ['Info', 'info'],
  ['Danger', 'danger'],
  ['Success', 'success'],
  ['Indigo', 'indigo'],
  ['Lightblue', 'lightblue'],
  ['Navy', 'navy'],
  ['Purple', 'purple'],
  ['Fuchsia', 'fuchsia'],
  ['Pink', 'pink'],
  ['Maroon', 'maroon'],
  ['Orange', 'orange'],
  ['Lime', 'lime'],
  ['Teal', 'teal'],
  ['Olive', 'olive'],
] as const;

export const SIDEBAR_DARK_SKINS: readonly UiOption[] = SKIN_COLOURS.map(([name, colour]) =>
  option(name, `sidebar-dark-${colour}`, colour),
);

export const SIDEBAR_LIGHT_SKINS: readonly UiOption[] = SKIN_COLOURS.map(([name, colour]) =>
  option(name, `sidebar-light-${colour}`, colour),
);

/** The variants a mode offers; its first entry is what a mode switch or an empty choice gives. */
export const navbarVariantsFor = (darkMode: boolean) =>
  darkMode ? NAVBAR_DARK_VARIANTS : NAVBAR_LIGHT_VARIANTS;
export const sidebarSkinsFor = (darkMode: boolean) => (darkMode ? SIDEBAR_DARK_SKINS : SIDEBAR_LIGHT_SKINS);

const ALL_NAVBAR_VARIANTS = [...NAVBAR_LIGHT_VARIANTS, ...NAVBAR_DARK_VARIANTS];
const ALL_SIDEBAR_SKINS = [...SIDEBAR_DARK_SKINS, ...SIDEBAR_LIGHT_SKINS];

export const findNavbarVariant = (value: string) =>
  ALL_NAVBAR_VARIANTS.find((entry) => entry.value === value);
export const findSidebarSkin = (value: string) => ALL_SIDEBAR_SKINS.find((entry) => entry.value === value);

/** Dark variants and skins put white text on their colour; light ones dark text. */
export const isDarkNavbarVariant = (value: string) =>
  NAVBAR_DARK_VARIANTS.some((entry) => entry.value === value);
export const isDarkSidebarSkin = (value: string) => value.startsWith('sidebar-dark-');

export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg';

export interface UiState {
  screenSize: ScreenSize;
  darkMode: boolean;
  navbarVariant: string;
  sidebarSkin: string;
  /** The menu toggle's state; what it shows depends on the screen size (sidebarClasses). */
  menuSidebarCollapsed: boolean;
  /** The settings panel is closed while true. */
  controlSidebarCollapsed: boolean;
  /** The header shows its bottom border. */
  headerBorder: boolean;
  headerFixed: boolean;
  footerFixed: boolean;
  layoutBoxed: boolean;
  menuItemFlat: boolean;
  menuChildIndent: boolean;
  layoutFixed: boolean;
}
