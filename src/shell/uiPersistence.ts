// Keeps the shell's look-and-feel settings in localStorage so they survive a reload. The screen
// size comes from the window and the settings panel's open state is transient: neither is saved.
import { isAction, type Middleware } from '@reduxjs/toolkit';
import { readStored, writeStored } from '../api/storage.ts';
import { findNavbarVariant, findSidebarSkin } from './uiOptions.ts';
import type { UiState } from './uiOptions.ts';

export const UI_SETTINGS_KEY = 'uiSettings';

type SavedSettings = Omit<UiState, 'screenSize' | 'controlSidebarCollapsed'>;

const FLAGS = [
  'darkMode',
  'menuSidebarCollapsed',
  'headerBorder',
  'headerFixed',
  'footerFixed',
  'layoutBoxed',
  'menuItemFlat',
  'menuChildIndent',
  'layoutFixed',
] as const satisfies readonly (keyof SavedSettings)[];

export function settingsOf(state: UiState): SavedSettings {
  const { screenSize: _screenSize, controlSidebarCollapsed: _panel, ...settings } = state;
  return settings;
}

/** The saved settings that are still valid; anything else keeps its default. */
export function readUiSettings(): Partial<SavedSettings> {
  const raw = readStored(UI_SETTINGS_KEY);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const saved = parsed as Record<string, unknown>;
  const settings: Partial<SavedSettings> = {};
  for (const flag of FLAGS) if (typeof saved[flag] === 'boolean') settings[flag] = saved[flag];
  if (typeof saved.navbarVariant === 'string' && findNavbarVariant(saved.navbarVariant)) {
    settings.navbarVariant = saved.navbarVariant;
  }
  if (typeof saved.sidebarSkin === 'string' && findSidebarSkin(saved.sidebarSkin)) {
    settings.sidebarSkin = saved.sidebarSkin;
  }
  return settings;
}

/** Saves the settings after every ui action, once its reducer has run (a plain middleware, as in
 * ../auth/authPersistence.ts). */
export function createUiPersistence(): Middleware<object, { ui: UiState }> {
  return (api) => (next) => (action) => {
    const result = next(action);
    if (isAction(action) && action.type.startsWith('ui/')) {
      writeStored(UI_SETTINGS_KEY, JSON.stringify(settingsOf(api.getState().ui)));
    }
    return result;
  };
}
