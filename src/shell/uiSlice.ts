// Look-and-feel state of the signed-in shell (spec 02 §3) with the transitions of spec 02 §4.
// Reducers stay pure: uiPersistence.ts saves the settings, ShellLayout applies them to the page.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  findNavbarVariant,
  findSidebarSkin,
  navbarVariantsFor,
  sidebarSkinsFor,
  type ScreenSize,
  type UiState,
} from './uiOptions.ts';
import { readUiSettings } from './uiPersistence.ts';

// The state's shape lives beside the choices (uiOptions.ts), so uiPersistence.ts can read it
// without importing the slice that imports it.
export type { ScreenSize, UiState } from './uiOptions.ts';

/** Breakpoints of spec 02 §9: 1200 or more lg, 992 or more md, 768 or more sm, below xs. */
export function calculateWindowSize(width: number): ScreenSize {
  if (width >= 1200) return 'lg';
  if (width >= 992) return 'md';
  if (width >= 768) return 'sm';
  return 'xs';
}

export const DEFAULT_UI_STATE: UiState = {
  screenSize: 'lg',
  darkMode: false,
  navbarVariant: navbarVariantsFor(false)[0]!.value,
  sidebarSkin: sidebarSkinsFor(false)[0]!.value,
  menuSidebarCollapsed: false,
  controlSidebarCollapsed: true,
  headerBorder: true,
  headerFixed: false,
  footerFixed: true,
  layoutBoxed: false,
  menuItemFlat: false,
  menuChildIndent: false,
  layoutFixed: false,
};

function currentWidth(): number | undefined {
  return typeof window === 'undefined' ? undefined : window.innerWidth;
}

export function initialUiState(saved: Partial<UiState> = {}, width = currentWidth()): UiState {
  const screenSize = width === undefined ? DEFAULT_UI_STATE.screenSize : calculateWindowSize(width);
  return { ...DEFAULT_UI_STATE, ...saved, screenSize };
}

type LayoutFlag =
  | 'menuSidebarCollapsed'
  | 'controlSidebarCollapsed'
  | 'headerBorder'
  | 'headerFixed'
  | 'footerFixed'
  | 'layoutBoxed'
  | 'menuItemFlat'
  | 'menuChildIndent'
  | 'layoutFixed';

const flip = (flag: LayoutFlag) => (state: UiState) => {
  state[flag] = !state[flag];
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: () => initialUiState(readUiSettings()),
  reducers: {
    windowResized(state, action: PayloadAction<number>) {
      state.screenSize = calculateWindowSize(action.payload);
    },
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
      state.navbarVariant = navbarVariantsFor(state.darkMode)[0]!.value;
      state.sidebarSkin = sidebarSkinsFor(state.darkMode)[0]!.value;
    },
    /** An empty (or unknown) value falls back to the first variant of the current mode. */
    setNavbarVariant(state, action: PayloadAction<string | null | undefined>) {
      const chosen = action.payload ? findNavbarVariant(action.payload) : undefined;
      state.navbarVariant = (chosen ?? navbarVariantsFor(state.darkMode)[0]!).value;
    },
    /** An empty (or unknown) value falls back to the first skin of the current mode. */
    setSidebarSkin(state, action: PayloadAction<string | null | undefined>) {
      const chosen = action.payload ? findSidebarSkin(action.payload) : undefined;
      state.sidebarSkin = (chosen ?? sidebarSkinsFor(state.darkMode)[0]!).value;
    },
    toggleSidebarMenu: flip('menuSidebarCollapsed'),
    toggleControlSidebar: flip('controlSidebarCollapsed'),
    toggleHeaderBorder: flip('headerBorder'),
    toggleHeaderFixed: flip('headerFixed'),
    toggleFooterFixed: flip('footerFixed'),
    toggleLayoutBoxed: flip('layoutBoxed'),
    toggleMenuItemFlat: flip('menuItemFlat'),
    toggleMenuChildIndent: flip('menuChildIndent'),
    toggleLayoutFixed: flip('layoutFixed'),
  },
  selectors: {
    selectUi: (state) => state,
    selectScreenSize: (state) => state.screenSize,
    selectDarkMode: (state) => state.darkMode,
  },
});

export const {
  windowResized,
  toggleDarkMode,
  setNavbarVariant,
  setSidebarSkin,
  toggleSidebarMenu,
  toggleControlSidebar,
  toggleHeaderBorder,
  toggleHeaderFixed,
  toggleFooterFixed,
  toggleLayoutBoxed,
  toggleMenuItemFlat,
  toggleMenuChildIndent,
  toggleLayoutFixed,
} = uiSlice.actions;
export const { selectUi, selectScreenSize, selectDarkMode } = uiSlice.selectors;

/**
 * Spec 02 §4: collapsed shows the mini sidebar on lg and the open overlay on xs; not collapsed on
 * a size below lg shows it closed and collapsed. With AdminLTE 4's `sidebar-expand-md` (docked
 * from 768 px) this gives every size a working toggle: mini ↔ full from sm up, hidden ↔ overlay
 * on phones.
 */
export function sidebarClasses(screenSize: ScreenSize, menuSidebarCollapsed: boolean): string[] {
  if (menuSidebarCollapsed && screenSize === 'lg') return ['sidebar-collapse'];
  if (menuSidebarCollapsed && screenSize === 'xs') return ['sidebar-open'];
  if (!menuSidebarCollapsed && screenSize !== 'lg') return ['sidebar-closed', 'sidebar-collapse'];
  return [];
}
