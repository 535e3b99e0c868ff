import type { Catalog } from './types.ts';

/** Messages of the hardening work (issue 18): privacy of member data, passwords, sign-in. */
export const hardeningMessages: Catalog = {
  'member.identity_registered': {
    id: 'Nomor identitas {identityNumber} sudah terdaftar di koperasi',
    en: 'Identity number {identityNumber} is already registered with the cooperative',
  },
  'member.phone_registered': {
    id: 'Nomor ponsel {phone} sudah terdaftar di koperasi',
    en: 'Phone number {phone} is already registered with the cooperative',
  },
  'member.upload_identity_registered': {
    id: 'nomor identitas {identityNumber} sudah terdaftar di koperasi',
    en: 'identity number {identityNumber} is already registered with the cooperative',
  },
  'member.upload_phone_registered': {
    id: 'nomor ponsel {phone} sudah terdaftar di koperasi',
    en: 'phone number {phone} is already registered with the cooperative',
  },
  'member.upload_row_skipped_registered': {
    id: 'Data ke {n} sudah terdaftar di koperasi, dilewati',
    en: 'Row {n} is already registered with the cooperative, skipped',
  },
  'validation.password_weak': {
    id: 'Kata sandi terlalu mudah ditebak (pola berulang, urutan, kata atau tanggal umum). Gunakan beberapa kata yang tidak berhubungan dengan angka atau tanda baca',
    en: 'The password is too easy to guess (repeats, sequences, common words or dates). Use a few unrelated words with numbers or symbols',
  },
  'validation.password_has_name': {
    id: 'Kata sandi tidak boleh memuat nama Anda, karena mudah ditebak',
    en: 'The password must not contain your name, as it is easy to guess',
  },
  'validation.password_has_email': {
    id: 'Kata sandi tidak boleh memuat alamat e-mail Anda, karena mudah ditebak',
    en: 'The password must not contain your e-mail address, as it is easy to guess',
  },
  'validation.password_has_cooperative': {
    id: 'Kata sandi tidak boleh memuat nama koperasi, karena mudah ditebak',
    en: "The password must not contain the cooperative's name, as it is easy to guess",
  },
  'common.csrf_failed': {
    id: 'Permintaan ditolak: token keamanan (CSRF) tidak ada atau tidak cocok. Muat ulang halaman lalu coba lagi',
    en: 'Request refused: the security (CSRF) token is missing or does not match. Reload the page and try again',
  },
  'auth.login_wait': {
    id: 'Terlalu banyak percobaan masuk yang gagal dari perangkat ini. Coba lagi dalam {seconds} detik.',
    en: 'Too many failed sign-in attempts from this device. Try again in {seconds} seconds.',
  },
};
