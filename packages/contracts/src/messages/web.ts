import type { Catalog } from './types.ts';

/** Page views and the signed-in user's own profile (web support endpoints). */
export const webMessages = {
  'activity.recorded': { id: 'Kunjungan halaman dicatat', en: 'Page views recorded' },
  'activity.views_required': { id: 'Daftar kunjungan halaman wajib diisi', en: 'The list of page views is required' },
  'activity.batch_too_large': {
    id: 'Maksimal 50 kunjungan halaman dalam satu kiriman',
    en: 'At most 50 page views can be sent at once',
  },
  'activity.path_invalid': {
    id: 'Alamat halaman tidak valid (harus diawali "/", maksimal 512 karakter)',
    en: 'The page path is not valid (must start with "/", at most 512 characters)',
  },
  'activity.at_invalid': { id: 'Waktu kunjungan tidak valid', en: 'The time of the page view is not valid' },
  'onboarding.tenor_range': {
    id: 'Tenor maksimal harus sama atau lebih besar dari tenor minimal',
    en: 'The longest tenor must be at least the shortest tenor',
  },
  'profile.updated': { id: 'Profil berhasil diperbarui', en: 'Profile updated' },
  'profile.preferences_saved': { id: 'Preferensi berhasil disimpan', en: 'Preferences saved' },
  'profile.nothing_to_save': { id: 'Tidak ada perubahan untuk disimpan', en: 'There is nothing to save' },
  'profile.text_too_long': { id: 'Teks terlalu panjang', en: 'The text is too long' },
  'profile.url_invalid': {
    id: 'Tautan harus berupa alamat web yang diawali http:// atau https://',
    en: 'The link must be a web address starting with http:// or https://',
  },
  'field.social': { id: 'Tautan sosial', en: 'Social link' },
  'field.events': { id: 'Notifikasi', en: 'Notification' },
  'profile.telegram_invalid': {
    id: 'Nama pengguna Telegram 5 sampai 32 karakter (huruf, angka, garis bawah)',
    en: 'A Telegram username has 5 to 32 characters (letters, digits, underscore)',
  },
} satisfies Catalog;
