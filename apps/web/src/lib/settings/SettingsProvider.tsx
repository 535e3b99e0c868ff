import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import {
  DEFAULT_SETTINGS,
  loadModeChoice,
  loadSettings,
  type ModeChoice,
  type Settings,
  saveModeChoice,
  saveSettings,
  type ThemeMode,
} from './settings';

export interface SettingsContextValue {
  settings: Settings;
  update(patch: Partial<Settings>): void;
  reset(): void;
  /** What the user chose (system = follow the operating system). */
  modeChoice: ModeChoice;
  setModeChoice(m: ModeChoice): void;
  /** The mode in effect. */
  mode: ThemeMode;
  customizerOpen: boolean;
  setCustomizerOpen(open: boolean): void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [modeChoice, setChoice] = useState<ModeChoice>(loadModeChoice);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode: ThemeMode = modeChoice === 'system' ? (prefersDark ? 'dark' : 'light') : modeChoice;

  const update = useCallback((patch: Partial<Settings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      saveSettings(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    saveSettings(DEFAULT_SETTINGS);
    setSettings(DEFAULT_SETTINGS);
    saveModeChoice('system');
    setChoice('system');
  }, []);
  const setModeChoice = useCallback((m: ModeChoice) => {
    saveModeChoice(m);
    setChoice(m);
  }, []);

  const value = useMemo(
    () => ({ settings, update, reset, modeChoice, setModeChoice, mode, customizerOpen, setCustomizerOpen }),
    [settings, update, reset, modeChoice, setModeChoice, mode, customizerOpen],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSettings outside SettingsProvider');
  return ctx;
}
