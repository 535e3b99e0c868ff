import type { Catalog } from './types.ts';

/** Sisa hasil usaha (SHU): settings, calculation, distribution. */
export const shuMessages = {
  'shu.shares_not_100': {
    id: 'Total persentase pembagian SHU harus tepat 100% (sekarang {total}%)',
    en: 'The SHU allocation shares must total exactly 100% (now {total}%)',
  },
  'shu.settings_saved': { id: 'Pengaturan SHU tahun {year} berhasil disimpan', en: 'SHU settings for {year} saved' },
  'shu.settings_missing': {
    id: 'Pengaturan SHU tahun {year} belum dibuat',
    en: 'The SHU settings for {year} have not been made yet',
  },
  'shu.settings_locked': {
    id: 'SHU tahun {year} sudah dibagikan; batalkan pembagian dahulu untuk mengubah pengaturan',
    en: 'The SHU of {year} has been distributed; cancel the distribution first to change the settings',
  },
  'shu.account_invalid': {
    id: 'Akun {field} tidak ditemukan, tidak aktif atau akun induk',
    en: 'Account {field} was not found, is inactive or is a header account',
  },
  'shu.basis_not_available': {
    id: 'Dasar perhitungan {basis} belum tersedia (modul pinjaman/unit usaha belum ada)',
    en: 'The basis {basis} is not available yet (the loans / business-unit module does not exist yet)',
  },
  'shu.year_not_closed': {
    id: 'Tahun buku {year} belum ditutup; SHU dihitung dari tahun buku yang sudah ditutup',
    en: 'Fiscal year {year} is not closed; SHU is calculated from a closed fiscal year',
  },
  'shu.no_surplus': {
    id: 'Tahun buku {year} tidak menghasilkan SHU positif ({surplus}); tidak ada yang dibagikan',
    en: 'Fiscal year {year} has no positive surplus ({surplus}); there is nothing to distribute',
  },
  'shu.calculated': { id: 'SHU tahun {year} berhasil dihitung', en: 'SHU for {year} calculated' },
  'shu.not_calculated': { id: 'SHU tahun {year} belum dihitung', en: 'The SHU of {year} has not been calculated' },
  'shu.already_distributed': {
    id: 'SHU tahun {year} sudah dibagikan; batalkan pembagian dahulu untuk menghitung ulang',
    en: 'The SHU of {year} has been distributed; cancel the distribution first to recalculate',
  },
  'shu.distributed': { id: 'SHU tahun {year} berhasil dibagikan', en: 'SHU for {year} distributed' },
  'shu.not_distributed': { id: 'SHU tahun {year} belum dibagikan', en: 'The SHU of {year} has not been distributed' },
  'shu.cancelled': { id: 'Pembagian SHU tahun {year} berhasil dibatalkan', en: 'SHU distribution for {year} cancelled' },
  'shu.cancel_paid_out': {
    id: 'Pembagian tidak dapat dibatalkan: SHU {name} ({cif}) sudah ditarik dari rekening {number}',
    en: 'The distribution cannot be cancelled: the SHU of {name} ({cif}) has already been withdrawn from account {number}',
  },
  'shu.distribution_busy': {
    id: 'Pembagian SHU tahun {year} sedang diproses; coba lagi sebentar',
    en: 'The SHU distribution for {year} is being processed; try again shortly',
  },
  'shu.member_not_found': {
    id: 'Anggota tidak ada dalam perhitungan SHU tahun {year}',
    en: 'The member is not in the SHU calculation of {year}',
  },
  'shu.date_invalid': {
    id: 'Tanggal pembagian harus setelah akhir tahun buku {year} ({end}) dan tidak di masa depan',
    en: 'The distribution date must be after the end of fiscal year {year} ({end}) and not in the future',
  },
  'shu.already_paid': { id: 'SHU {name} sudah dibayar tunai pada {date}', en: "{name}'s SHU was already paid in cash on {date}" },
  'shu.not_payable': {
    id: 'SHU {name} tidak menunggu pembayaran tunai (sudah dikreditkan ke simpanan atau nol)',
    en: "{name}'s SHU is not waiting for a cash payout (credited to savings, or zero)",
  },
  'shu.pay_date_invalid': {
    id: 'Tanggal bayar harus pada periode terbuka, tidak sebelum {from} dan tidak setelah hari ini',
    en: 'The payment date must be in an open period, not before {from} and not after today',
  },
  'shu.paid_cash': { id: 'SHU tahun {year} dibayar tunai', en: 'SHU for {year} paid in cash' },
  'shu.cancel_paid_cash': {
    id: 'Pembagian SHU tahun {year} tidak dapat dibatalkan: {count} bagian sudah dibayar tunai',
    en: 'The {year} SHU distribution cannot be cancelled: {count} shares were already paid in cash',
  },
} satisfies Catalog;
