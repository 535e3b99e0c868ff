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

const AR_MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');
/**
 * Arabic names with Latin digits. It must carry `formats`: the date pickers
 * expand localized tokens (L, LL, ...) from the locale object, and a locale
 * without them threw on every pre-filled date field (the 500 page in Arabic).
 */
export const AR_LATN_LOCALE = {
  name: 'ar-latn',
  weekdays: 'الأحد_الإثنين_الثلاثاء_الأربعاء_الخميس_الجمعة_السبت'.split('_'),
  weekdaysShort: 'أحد_إثنين_ثلاثاء_أربعاء_خميس_جمعة_سبت'.split('_'),
  weekdaysMin: 'ح_ن_ث_ر_خ_ج_س'.split('_'),
  months: AR_MONTHS,
  monthsShort: AR_MONTHS,
  weekStart: 6,
  ordinal: (n: number) => String(n),
  meridiem: (hour: number) => (hour >= 12 ? 'م' : 'ص'),
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd D MMMM YYYY HH:mm',
  },
  relativeTime: {
    future: 'بعد %s',
    past: 'منذ %s',
    s: 'ثانية واحدة',
    m: 'دقيقة واحدة',
    mm: '%d دقائق',
    h: 'ساعة واحدة',
    hh: '%d ساعات',
    d: 'يوم واحد',
    dd: '%d أيام',
    M: 'شهر واحد',
    MM: '%d أشهر',
    y: 'عام واحد',
    yy: '%d أعوام',
  },
};
dayjs.locale(AR_LATN_LOCALE as unknown as ILocale, undefined, true);

const DAYJS_LOCALE: Record<string, string> = { id: 'id', en: 'en', zh: 'zh-cn', ar: 'ar-latn', it: 'it', es: 'es', fr: 'fr' };

export function dayjsLocale(lang: string): string {
  return DAYJS_LOCALE[lang] ?? 'en';
}

/** The first day of the week in a language: 1 Monday, 0 Sunday, 6 Saturday. */
export function weekStartOf(lang: string): number {
  return (dayjs.Ls[dayjsLocale(lang)] as { weekStart?: number } | undefined)?.weekStart ?? 0;
}

export { dayjs };
