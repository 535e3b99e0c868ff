import type { Locale } from '@koperasi/contracts/enums';

export interface LanguageInfo {
  code: Locale;
  /** Name in the language itself. */
  label: string;
  dir: 'ltr' | 'rtl';
  /** Locale for Intl (numbers, dates, currency). Arabic keeps Latin digits, as typed by staff. */
  intl: string;
  /** First day of the week: 1 Monday, 0 Sunday, 6 Saturday (spec: Monday for Indonesian, Sunday for English). */
  weekStart: 0 | 1 | 6;
}

export const LANGUAGES: LanguageInfo[] = [
  { code: 'id', label: 'Bahasa Indonesia', dir: 'ltr', intl: 'id-ID', weekStart: 1 },
  { code: 'en', label: 'English', dir: 'ltr', intl: 'en-US', weekStart: 0 },
  { code: 'zh', label: '中文', dir: 'ltr', intl: 'zh-CN', weekStart: 1 },
  { code: 'ar', label: 'العربية', dir: 'rtl', intl: 'ar-u-nu-latn', weekStart: 6 },
  { code: 'it', label: 'Italiano', dir: 'ltr', intl: 'it-IT', weekStart: 1 },
  { code: 'es', label: 'Español', dir: 'ltr', intl: 'es-ES', weekStart: 1 },
  { code: 'fr', label: 'Français', dir: 'ltr', intl: 'fr-FR', weekStart: 1 },
];

export const DEFAULT_LANGUAGE: Locale = 'id';
export const LANGUAGE_STORAGE_KEY = 'lang';

export function languageInfo(code: string | undefined): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}
