/**
 * Customizer settings, kept in the browser: the theme mode under
 * `theme-mode` (spec section 1; absent = follow the system), everything else
 * under `settings`.
 */
import { readStored, readStoredJson, writeStored, writeStoredJson } from '../storage';

export const THEME_MODE_KEY = 'theme-mode';
export const SETTINGS_KEY = 'settings';

export type ThemeMode = 'light' | 'semi-dark' | 'dark';
export type ModeChoice = ThemeMode | 'system';
export type Skin = 'default' | 'bordered';
export type NavLayout = 'vertical' | 'horizontal';
export type RouteTransition = 'fade' | 'slide-left' | 'slide-right' | 'slide-up' | 'slide-down' | 'none';
export type MenuStyle = 'pill' | 'bar' | 'soft';
export type ContentWidth = 'full' | 'boxed';

export interface Settings {
  skin: Skin;
  primary: string;
  layout: NavLayout;
  navCollapsed: boolean;
  /** Right-to-left for left-to-right languages too; Arabic is always right-to-left. */
  rtl: boolean;
  transition: RouteTransition;
  menuStyle: MenuStyle;
  contentWidth: ContentWidth;
}

export const PRIMARY_PRESETS = [
  { key: 'green', main: '#22A45D' },
  { key: 'teal', main: '#0E9384' },
  { key: 'blue', main: '#2F6FED' },
  { key: 'purple', main: '#7A5AF8' },
  { key: 'orange', main: '#E8772E' },
  { key: 'red', main: '#E0475B' },
] as const;

export const DEFAULT_SETTINGS: Settings = {
  skin: 'default',
  primary: PRIMARY_PRESETS[0].main,
  layout: 'vertical',
  navCollapsed: false,
  rtl: false,
  transition: 'fade',
  menuStyle: 'pill',
  contentWidth: 'full',
};

export function loadSettings(): Settings {
  return readStoredJson<Settings>(SETTINGS_KEY, DEFAULT_SETTINGS);
}

export function saveSettings(s: Settings): void {
  writeStoredJson(SETTINGS_KEY, s);
}

export function loadModeChoice(): ModeChoice {
  const v = readStored(THEME_MODE_KEY);
  return v === 'light' || v === 'dark' || v === 'semi-dark' ? v : 'system';
}

export function saveModeChoice(m: ModeChoice): void {
  writeStored(THEME_MODE_KEY, m === 'system' ? null : m);
}
