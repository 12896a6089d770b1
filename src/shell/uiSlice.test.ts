import { describe, expect, it } from 'vitest';
import {
  NAVBAR_DARK_VARIANTS,
  NAVBAR_LIGHT_VARIANTS,
  SIDEBAR_DARK_SKINS,
  SIDEBAR_LIGHT_SKINS,
} from './uiOptions.ts';
import { readUiSettings, UI_SETTINGS_KEY } from './uiPersistence.ts';
import {
  calculateWindowSize,
  DEFAULT_UI_STATE,
  initialUiState,
  setNavbarVariant,
  setSidebarSkin,
  sidebarClasses,
  toggleControlSidebar,
  toggleDarkMode,
  toggleFooterFixed,
  toggleHeaderBorder,
  toggleHeaderFixed,
  toggleLayoutBoxed,
  toggleLayoutFixed,
  toggleMenuChildIndent,
  toggleMenuItemFlat,
  toggleSidebarMenu,
  uiSlice,
  windowResized,
  type UiState,
} from './uiSlice.ts';

const reducer = uiSlice.reducer;
const light: UiState = { ...DEFAULT_UI_STATE };
const dark: UiState = reducer(light, toggleDarkMode());

describe('ui slice: option lists (spec 02 §3)', () => {
  it('keeps the navbar variants in the spec order', () => {
    expect(NAVBAR_LIGHT_VARIANTS.map((o) => o.name)).toEqual(['Light', 'Warning', 'White', 'Orange']);
    expect(NAVBAR_DARK_VARIANTS.map((o) => o.name)).toEqual([
      'Dark', 'Primary', 'Secondary', 'Info', 'Success', 'Danger', 'Indigo', 'Purple', 'Pink',
      'Navy', 'Light Blue', 'Teal', 'Cyan', 'Gray Dark', 'Gray',
    ]); // prettier-ignore
  });

  it('has 16 sidebar skins in a dark and a light set', () => {
    const names = [
      'Primary', 'Warning', 'Info', 'Danger', 'Success', 'Indigo', 'Lightblue', 'Navy', 'Purple',
      'Fuchsia', 'Pink', 'Maroon', 'Orange', 'Lime', 'Teal', 'Olive',
    ]; // prettier-ignore
    expect(SIDEBAR_DARK_SKINS.map((o) => o.name)).toEqual(names);
    expect(SIDEBAR_LIGHT_SKINS.map((o) => o.name)).toEqual(names);
    expect(SIDEBAR_DARK_SKINS[0]!.value).toBe('sidebar-dark-primary');
    expect(SIDEBAR_LIGHT_SKINS[0]!.value).toBe('sidebar-light-primary');
  });
});

describe('ui slice: defaults', () => {
  it('starts light, footer fixed, settings panel closed, first light choices', () => {
    expect(initialUiState({}, 1300)).toEqual({
      screenSize: 'lg',
      darkMode: false,
      navbarVariant: 'navbar-light',
      sidebarSkin: 'sidebar-light-primary',
      menuSidebarCollapsed: false,
      controlSidebarCollapsed: true,
      headerBorder: true,
      headerFixed: false,
      footerFixed: true,
      layoutBoxed: false,
      menuItemFlat: false,
      menuChildIndent: false,
      layoutFixed: false,
    });
  });

  it('takes the screen size from the window, not from saved settings', () => {
    expect(initialUiState({ darkMode: true }, 500)).toMatchObject({ screenSize: 'xs', darkMode: true });
  });
});

describe('ui slice: screen size (spec 02 §4, §9)', () => {
  it.each([
    [1920, 'lg'],
    [1200, 'lg'],
    [1199, 'md'],
    [992, 'md'],
    [991, 'sm'],
    [768, 'sm'],
    [767, 'xs'],
    [320, 'xs'],
  ] as const)('width %i is %s', (width, size) => {
    expect(calculateWindowSize(width)).toBe(size);
    expect(reducer(light, windowResized(width)).screenSize).toBe(size);
  });
});

describe('ui slice: dark mode', () => {
  it.each<[string, UiState, Partial<UiState>]>([
    [
      'switching on resets navbar and sidebar to the first dark choices',
      { ...light, navbarVariant: 'navbar-orange', sidebarSkin: 'sidebar-light-lime' },
      { darkMode: true, navbarVariant: 'navbar-dark', sidebarSkin: 'sidebar-dark-primary' },
    ],
    [
      'switching off resets them to the first light choices',
      { ...dark, navbarVariant: 'navbar-teal', sidebarSkin: 'sidebar-dark-olive' },
      { darkMode: false, navbarVariant: 'navbar-light', sidebarSkin: 'sidebar-light-primary' },
    ],
  ])('%s', (_name, before, after) => {
    expect(reducer(before, toggleDarkMode())).toMatchObject(after);
  });
});

describe('ui slice: navbar variant and sidebar skin', () => {
  it('sets a chosen variant and skin', () => {
    expect(reducer(light, setNavbarVariant('navbar-warning')).navbarVariant).toBe('navbar-warning');
    expect(reducer(dark, setNavbarVariant('navbar-gray-dark')).navbarVariant).toBe('navbar-gray-dark');
    expect(reducer(light, setSidebarSkin('sidebar-dark-maroon')).sidebarSkin).toBe('sidebar-dark-maroon');
  });

  it.each([undefined, null, '', 'navbar-rainbow'])(
    'falls back to the first variant of the mode for %s',
    (value) => {
      expect(
        reducer({ ...light, navbarVariant: 'navbar-orange' }, setNavbarVariant(value)).navbarVariant,
      ).toBe('navbar-light');
      expect(reducer({ ...dark, navbarVariant: 'navbar-pink' }, setNavbarVariant(value)).navbarVariant).toBe(
        'navbar-dark',
      );
    },
  );

  it.each([undefined, null, '', 'sidebar-dark-rainbow'])(
    'falls back to the first skin of the mode for %s',
    (value) => {
      expect(
        reducer({ ...light, sidebarSkin: 'sidebar-light-teal' }, setSidebarSkin(value)).sidebarSkin,
      ).toBe('sidebar-light-primary');
      expect(reducer({ ...dark, sidebarSkin: 'sidebar-dark-teal' }, setSidebarSkin(value)).sidebarSkin).toBe(
        'sidebar-dark-primary',
      );
    },
  );
});

describe('ui slice: toggles flip their flag and nothing else', () => {
  it.each([
    [toggleSidebarMenu, 'menuSidebarCollapsed'],
    [toggleControlSidebar, 'controlSidebarCollapsed'],
    [toggleHeaderBorder, 'headerBorder'],
    [toggleHeaderFixed, 'headerFixed'],
    [toggleFooterFixed, 'footerFixed'],
    [toggleLayoutBoxed, 'layoutBoxed'],
    [toggleMenuItemFlat, 'menuItemFlat'],
    [toggleMenuChildIndent, 'menuChildIndent'],
    [toggleLayoutFixed, 'layoutFixed'],
  ] as const)('%o flips %s', (toggle, flag) => {
    const once = reducer(light, toggle());
    expect(once).toEqual({ ...light, [flag]: !light[flag] });
    expect(reducer(once, toggle())).toEqual(light);
  });
});

describe('sidebarClasses (spec 02 §4)', () => {
  it.each([
    ['lg', true, ['sidebar-collapse']],
    ['lg', false, []],
    ['md', true, []],
    ['md', false, ['sidebar-closed', 'sidebar-collapse']],
    ['sm', true, []],
    ['sm', false, ['sidebar-closed', 'sidebar-collapse']],
    ['xs', true, ['sidebar-open']],
    ['xs', false, ['sidebar-closed', 'sidebar-collapse']],
  ] as const)('%s, collapsed %s → %o', (size, collapsed, classes) => {
    expect(sidebarClasses(size, collapsed)).toEqual(classes);
  });
});

describe('readUiSettings', () => {
  it('returns nothing when nothing or garbage is stored', () => {
    expect(readUiSettings()).toEqual({});
    localStorage.setItem(UI_SETTINGS_KEY, '{not json');
    expect(readUiSettings()).toEqual({});
  });

  it('keeps only valid saved values', () => {
    localStorage.setItem(
      UI_SETTINGS_KEY,
      JSON.stringify({
        darkMode: true,
        layoutBoxed: 'yes',
        navbarVariant: 'navbar-purple',
        sidebarSkin: 'sidebar-neon',
        screenSize: 'xs',
        controlSidebarCollapsed: false,
      }),
    );
    expect(readUiSettings()).toEqual({ darkMode: true, navbarVariant: 'navbar-purple' });
  });
});
