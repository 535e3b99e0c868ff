import type { Catalog } from './types.ts';

/** Sign-in, registration, activation, password reset. Texts of spec section 8 where it gives them. */
export const authMessages = {
  'auth.bad_credentials_ui': {
    id: 'Alamat email atau kata sandi yang Anda masukkan salah. Silakan ulangi kembali.',
    en: 'The e-mail address or password you entered is incorrect. Please try again.',
  },
  'auth.empty_result': { id: 'Email/nomor ponsel atau kata sandi salah', en: 'Wrong e-mail/phone number or password' },
  'auth.bad_client': { id: 'Kredensial klien tidak valid', en: 'Invalid client credentials' },
  'auth.unsupported_grant': { id: 'Jenis grant tidak didukung', en: 'Unsupported grant type' },
  'auth.account_locked': {
    id: 'Terlalu banyak percobaan masuk yang gagal. Akun dikunci sementara, coba lagi dalam {minutes} menit.',
    en: 'Too many failed sign-in attempts. The account is locked, try again in {minutes} minutes.',
  },
  'auth.user_inactive': {
    id: 'Akun Anda tidak aktif, hubungi admin koperasi',
    en: 'Your account is inactive, contact your cooperative admin',
  },
  'auth.tenant_inactive': {
    id: 'Koperasi belum diaktifkan. Silakan aktifkan melalui tautan di email atau kode yang dikirim ke ponsel Anda.',
    en: 'The cooperative is not active yet. Activate it with the link in your e-mail or the code sent to your phone.',
  },
  'auth.logged_out': { id: 'Berhasil keluar', en: 'Signed out' },
  'auth.login_recorded': { id: 'Login berhasil', en: 'Signed in' },
  'auth.register_success': {
    id: 'Berhasil mendaftarkan koperasi, silahkan cek email untuk menggaktifkan koperasi',
    en: 'Cooperative registered, please check your e-mail to activate the cooperative',
  },
  'auth.register_email_taken': { id: 'Email sudah terdaftar', en: 'This e-mail is already registered' },
  'auth.register_phone_taken': { id: 'Nomor ponsel sudah terdaftar', en: 'This phone number is already registered' },
  'auth.register_already_started': {
    id: 'Pendaftaran sudah dimulai, silakan masukkan kode keamanan yang telah dikirim',
    en: 'Registration already started, please enter the security code we sent',
  },
  'auth.code_sent': { id: 'Kode keamanan telah dikirim', en: 'A security code has been sent' },
  'auth.code_expired': {
    id: 'Kode keamanan sudah kedaluwarsa, silakan daftar ulang',
    en: 'The security code has expired, please sign up again',
  },
  'auth.code_invalid': { id: 'Kode keamanan salah', en: 'The security code is wrong' },
  'auth.code_too_many_attempts': {
    id: 'Terlalu banyak percobaan kode yang salah, silakan minta kode baru',
    en: 'Too many wrong codes, please request a new code',
  },
  'auth.already_verified': { id: 'Akun sudah terverifikasi', en: 'The account is already verified' },
  'auth.activation_success': { id: 'Koperasi berhasil diaktifkan, silakan masuk', en: 'The cooperative is active, please sign in' },
  'auth.already_active': { id: 'Koperasi sudah aktif', en: 'The cooperative is already active' },
  'auth.link_invalid': {
    id: 'Tautan aktivasi tidak valid atau sudah kedaluwarsa, silakan daftar ulang',
    en: 'The activation link is invalid or has expired, please sign up again',
  },
  'auth.otp_sent': {
    id: 'Jika nomor ponsel terdaftar, kode OTP telah dikirim dan berlaku 10 menit',
    en: 'If the phone number is registered, an OTP has been sent; it is valid for 10 minutes',
  },
  'auth.otp_invalid': { id: 'Kode OTP salah atau sudah kedaluwarsa', en: 'The OTP is wrong or has expired' },
  'auth.password_reset': { id: 'Kata sandi berhasil diubah, silakan masuk', en: 'Password changed, please sign in' },
  'auth.password_changed': { id: 'Kata sandi berhasil diubah', en: 'Password changed' },
  'auth.old_password_wrong': { id: 'Kata sandi lama salah', en: 'The old password is wrong' },
  'auth.password_same': { id: 'Kata sandi baru harus berbeda dari kata sandi lama', en: 'The new password must differ from the old one' },
  'auth.onboarding_success': {
    id: 'Selesai melakukan konfigurasi produk, selamat datang di {product}',
    en: 'Product configuration finished, welcome to {product}',
  },
  'auth.no_user': { id: 'Pengguna tidak ditemukan', en: 'No user found' },
  'notify.activation_subject': { id: 'Aktivasi koperasi {name}', en: 'Activate cooperative {name}' },
  'notify.activation_email': {
    id: 'Halo {fullName},\n\nTerima kasih telah mendaftarkan {name}. Aktifkan koperasi Anda melalui tautan berikut:\n{link}\n\nAtau masukkan kode {code} (berlaku 10 menit).',
    en: 'Hello {fullName},\n\nThank you for registering {name}. Activate your cooperative with this link:\n{link}\n\nOr enter the code {code} (valid for 10 minutes).',
  },
  'notify.activation_sms': {
    id: 'Kode aktivasi koperasi {name}: {code}. Berlaku 10 menit. Jangan berikan kode ini kepada siapa pun.',
    en: 'Activation code for {name}: {code}. Valid for 10 minutes. Do not share this code.',
  },
  'notify.reset_sms': {
    id: 'Kode OTP reset kata sandi: {code}. Berlaku 10 menit. Jangan berikan kode ini kepada siapa pun.',
    en: 'Password reset OTP: {code}. Valid for 10 minutes. Do not share this code.',
  },
} satisfies Catalog;
