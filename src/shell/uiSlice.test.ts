import { describe, expect, it } from 'vitest';
import {
  NAVBAR_DARK_VARIANTS,
  NAVBAR_LIGHT_VARIANTS,
  SIDEBAR_DARK_SKINS,
  SIDEBAR_LIGHT_SKINS,
} from './uiOptions.ts';
import { readUiSettings, UI_SETTINGS_KEY } from './uiPersistence.ts';
// The slice's many actions through one namespace import rather than a long list of names.
import * as ui from './uiSlice.ts';
import type { UiState } from './uiSlice.ts';

const reducer = ui.uiSlice.reducer;
const light: UiState = { ...ui.DEFAULT_UI_STATE };
const dark: UiState = reducer(light, ui.toggleDarkMode());

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
    // prettier-ignore
    expect(ui.initialUiState({}, 1300)).toEqual({
      screenSize: 'lg', darkMode: false, navbarVariant: 'navbar-light', sidebarSkin: 'sidebar-light-primary',
      menuSidebarCollapsed: false, controlSidebarCollapsed: true, headerBorder: true, headerFixed: false,
      footerFixed: true, layoutBoxed: false, menuItemFlat: false, menuChildIndent: false, layoutFixed: false,
    });
  });

  it('takes the screen size from the window, not from saved settings', () => {
    expect(ui.initialUiState({ darkMode: true }, 500)).toMatchObject({ screenSize: 'xs', darkMode: true });
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
    expect(ui.calculateWindowSize(width)).toBe(size);
    expect(reducer(light, ui.windowResized(width)).screenSize).toBe(size);
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
    expect(reducer(before, ui.toggleDarkMode())).toMatchObject(after);
  });
});

describe('ui slice: navbar variant and sidebar skin', () => {
  it('sets a chosen variant and skin', () => {
    expect(reducer(light, ui.setNavbarVariant('navbar-warning')).navbarVariant).toBe('navbar-warning');
    expect(reducer(dark, ui.setNavbarVariant('navbar-gray-dark')).navbarVariant).toBe('navbar-gray-dark');
    expect(reducer(light, ui.setSidebarSkin('sidebar-dark-maroon')).sidebarSkin).toBe('sidebar-dark-maroon');
  });

  // Field, action, an unknown value, then a non-first choice in light and in dark mode, so the
  // fallback is seen to move it.
  const FALLBACKS = [
    ['navbarVariant', ui.setNavbarVariant, 'navbar-rainbow', 'navbar-orange', 'navbar-pink'],
    ['sidebarSkin', ui.setSidebarSkin, 'sidebar-dark-rainbow', 'sidebar-light-teal', 'sidebar-dark-teal'],
  ] as const;
  /** The first choice of each field in light and in dark mode. */
  const FIRST = {
    navbarVariant: ['navbar-light', 'navbar-dark'],
    sidebarSkin: ['sidebar-light-primary', 'sidebar-dark-primary'],
  } as const;
  it.each(
    FALLBACKS.flatMap(([field, set, unknown, inLight, inDark]) =>
      [undefined, null, '', unknown].map((value) => [field, value, set, inLight, inDark] as const),
    ),
  )('falls back to the first %s of the mode for %s', (field, value, set, inLight, inDark) => {
    expect(reducer({ ...light, [field]: inLight }, set(value))[field]).toBe(FIRST[field][0]);
    expect(reducer({ ...dark, [field]: inDark }, set(value))[field]).toBe(FIRST[field][1]);
  });
});

describe('ui slice: toggles flip their flag and nothing else', () => {
  it.each([
    [ui.toggleSidebarMenu, 'menuSidebarCollapsed'],
    [ui.toggleControlSidebar, 'controlSidebarCollapsed'],
    [ui.toggleHeaderBorder, 'headerBorder'],
    [ui.toggleHeaderFixed, 'headerFixed'],
    [ui.toggleFooterFixed, 'footerFixed'],
    [ui.toggleLayoutBoxed, 'layoutBoxed'],
    [ui.toggleMenuItemFlat, 'menuItemFlat'],
    [ui.toggleMenuChildIndent, 'menuChildIndent'],
    [ui.toggleLayoutFixed, 'layoutFixed'],
  ] as const)('%o flips %s', (toggle, flag) => {
    const once = reducer(light, toggle());
    expect(once).toEqual({ ...light, [flag]: !light[flag] });
    expect(reducer(once, toggle())).toEqual(light);
  });
});

describe('ui.sidebarClasses (spec 02 §4)', () => {
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
    expect(ui.sidebarClasses(size, collapsed)).toEqual(classes);
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
