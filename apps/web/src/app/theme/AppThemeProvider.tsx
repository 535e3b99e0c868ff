/**
 * Theme, direction and CSS-in-JS cache. Arabic (or the customizer's RTL
 * switch) turns the whole layout right-to-left: `dir="rtl"` on <html>, the
 * theme's direction, and an emotion cache with stylis-plugin-rtl that flips
 * every margin, padding and position (downloaded only when needed).
 */
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../../lib/i18n/languages';
import { loadedRtlCache, loadRtlCache, ltrCache } from '../../lib/settings/rtlCache';
import { useSettings } from '../../lib/settings/SettingsProvider';
import { createAppTheme } from './createAppTheme';
import { muiTexts } from './muiTexts';

export function useDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  const { settings } = useSettings();
  return languageInfo(i18n.language).dir === 'rtl' || settings.rtl ? 'rtl' : 'ltr';
}

export function AppThemeProvider({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { settings, mode } = useSettings();
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const direction = useDirection();
  const [, setLoaded] = useState(0);
  const cache = direction === 'ltr' ? ltrCache : loadedRtlCache();

  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.dataset.mode = mode;
  }, [direction, mode]);

  useEffect(() => {
    if (direction === 'rtl' && !loadedRtlCache()) void loadRtlCache().then(() => setLoaded((n) => n + 1));
  }, [direction]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language, whether or not t changes with it.
  const theme = useMemo(
    () =>
      createAppTheme({
        mode: mode === 'dark' ? 'dark' : 'light',
        primary: settings.primary,
        direction,
        skin: settings.skin,
        texts: muiTexts(t),
      }),
    [mode, settings.primary, settings.skin, direction, language, t],
  );

  return (
    <CacheProvider value={cache ?? ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {cache ? children : fallback}
      </ThemeProvider>
    </CacheProvider>
  );
}
