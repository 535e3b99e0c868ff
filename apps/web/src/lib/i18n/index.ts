/**
 * i18next set-up. Texts live in `src/locales/<lang>/<namespace>.json`; each
 * feature owns its namespace (file name = namespace) and the files are
 * loaded on demand, per language and namespace, so a screen only downloads
 * its own texts. Indonesian is the default; zh, ar, it, es, fr fall back to
 * English for keys they do not have.
 */
import { LOCALES, type Locale } from '@koperasi/contracts/enums';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../storage';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, languageInfo } from './languages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

/** Loads `locales/<lng>/<ns>.json`; a missing file is an empty namespace (the fallback language fills in). */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

export function initialLanguage(): Locale {
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LANGUAGE;
}

/** Mirror the language on <html lang dir> (the RTL layout follows `dir`). */
function applyDocumentLanguage(lng: string) {
  const info = languageInfo(lng);
  document.documentElement.lang = info.code;
  document.documentElement.dir = info.dir;
}

export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    supportedLngs: [...LOCALES],
    // Indonesian and English are complete; the others borrow English where they lack a text.
    fallbackLng: { id: [], en: [], default: ['en'] },
    ns: ['common', 'messages'],
    defaultNS: 'common',
    fallbackNS: 'common',
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    returnNull: false,
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  writeStored(LANGUAGE_STORAGE_KEY, lng);
  applyDocumentLanguage(lng);
});
applyDocumentLanguage(i18n.language ?? initialLanguage());

export function currentLanguage(): Locale {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LANGUAGE;
}

export { i18n };
