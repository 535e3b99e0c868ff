/**
 * dayjs in the app's languages with the week start of spec section 9
 * (Monday in Indonesian, Sunday in English). Arabic keeps Latin digits (the
 * dayjs "ar" locale would rewrite digits and break typed dates), with
 * Saturday as the first day.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/id';
import 'dayjs/locale/it';
import 'dayjs/locale/zh-cn';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localeData from 'dayjs/plugin/localeData';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekday from 'dayjs/plugin/weekday';

dayjs.extend(customParseFormat);
dayjs.extend(localeData);
dayjs.extend(weekday);
dayjs.extend(updateLocale);

// English with Sunday first (explicit), and a Latin-digit Arabic variant.
dayjs.updateLocale('en', { weekStart: 0 });
dayjs.locale({ ...(dayjs.Ls.en as object), name: 'ar-latn', weekStart: 6 } as ILocale, undefined, true);

const DAYJS_LOCALE: Record<string, string> = { id: 'id', en: 'en', zh: 'zh-cn', ar: 'ar-latn', it: 'it', es: 'es', fr: 'fr' };

export function dayjsLocale(lang: string): string {
  return DAYJS_LOCALE[lang] ?? 'en';
}

/** The first day of the week in a language: 1 Monday, 0 Sunday, 6 Saturday. */
export function weekStartOf(lang: string): number {
  return (dayjs.Ls[dayjsLocale(lang)] as { weekStart?: number } | undefined)?.weekStart ?? 0;
}

export { dayjs };
