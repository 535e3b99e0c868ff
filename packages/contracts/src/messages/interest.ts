import type { Catalog } from './types.ts';

/** Savings interest (jasa simpanan): simulation, release, cancellation. docs/interest.md. */
export const interestMessages = {
  'interest.period_required': {
    id: 'Periode (tanggal awal dan akhir) atau produk wajib diisi',
    en: 'Period dates or a product are required',
  },
  'interest.period_invalid': {
    id: 'Tanggal akhir harus sama atau setelah tanggal awal',
    en: 'The end date must be on or after the start date',
  },
  'interest.release_future': { id: 'Periode belum berakhir (hari ini {today})', en: 'The period has not ended yet (today is {today})' },
  'interest.release_success': { id: 'Rilis jasa simpanan berhasil', en: 'Savings interest released' },
  'interest.release_not_found': { id: 'Rilis jasa tidak ditemukan', en: 'Interest release not found' },
  'interest.release_cancelled': { id: 'Rilis jasa sudah dibatalkan', en: 'The interest release is already cancelled' },
  'interest.release_running': { id: 'Rilis jasa masih berjalan', en: 'The interest release is still running' },
  'interest.release_cancel_success': { id: 'Rilis jasa simpanan dibatalkan', en: 'Savings interest release cancelled' },
  'interest.saving_short': {
    id: 'Saldo rekening {number} tidak cukup untuk membatalkan jasa',
    en: 'Account {number} does not hold enough to take the interest back',
  },
  'interest.gl_missing': { id: 'Produk {product} belum memetakan akun {role}', en: 'Product {product} has no {role} account mapped' },
  'interest.profit_sharing_required': {
    id: 'Jumlah bagi hasil wajib diisi dan lebih dari nol',
    en: 'The profit-sharing amount is required and must be above zero',
  },
} satisfies Catalog;
