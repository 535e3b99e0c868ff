import type { Catalog } from './types.ts';

/** Bills (Tagihan): creation, approval, payments, stop, installment changes, the realization report. */
export const billMessages = {
  // ------------------------------------------------------------ field labels
  'field.billId': { id: 'Tagihan', en: 'Bill' },
  'field.billType': { id: 'Jenis tagihan', en: 'Bill type' },
  'field.perBillAmount': { id: 'Nominal per tagihan', en: 'Amount per bill' },
  'field.installmentAmounts': { id: 'Nominal tiap angsuran', en: 'Amount of each installment' },

  // ------------------------------------------------------------ validation
  'bill.name_required': { id: 'Nama tagihan wajib diisi', en: 'The bill name is required' },
  'bill.installments_invalid': {
    id: 'Jumlah angsuran harus bilangan bulat 1 sampai 360',
    en: 'The number of installments must be a whole number of 1 to 360',
  },
  'bill.amount_required': { id: 'Nominal tagihan wajib diisi', en: 'The bill amount is required' },
  'bill.decision_invalid': { id: 'Keputusan harus APPROVED atau REJECTED', en: 'The decision must be APPROVED or REJECTED' },
  'bill.reason_required': { id: 'Alasan wajib diisi', en: 'A reason is required' },
  'bill.source_invalid': { id: 'Sumber dana harus CASH atau SAVING', en: 'The source of funds must be CASH or SAVING' },
  'bill.saving_required': {
    id: 'Pilih rekening simpanan anggota untuk pembayaran dari simpanan',
    en: "Choose the member's savings account to pay from savings",
  },

  // ------------------------------------------------------------ refusals
  'bill.not_found': { id: 'Tagihan tidak ditemukan', en: 'Bill not found' },
  'bill.product_not_bill': { id: 'Produk {product} bukan produk tagihan', en: 'Product {product} is not a bill product' },
  'bill.product_inactive': { id: 'Produk tagihan {product} tidak aktif', en: 'Bill product {product} is not active' },
  'bill.installments_required': {
    id: 'Jumlah angsuran tagihan {type} wajib diisi',
    en: 'The number of installments of a {type} bill is required',
  },
  'bill.schedule_amount_required': {
    id: 'Nominal tagihan {type} wajib diisi (per tagihan, total atau tiap angsuran)',
    en: 'The amount of a {type} bill is required (per bill, total or each installment)',
  },
  'bill.amount_too_small': {
    id: 'Total {amount} terlalu kecil untuk dibagi menjadi {installments} angsuran',
    en: 'The total {amount} is too small to split into {installments} installments',
  },
  'bill.not_waiting': {
    id: 'Tagihan {number} tidak sedang menunggu persetujuan (status {status})',
    en: 'Bill {number} is not waiting for approval (status {status})',
  },
  'bill.not_running': {
    id: 'Tagihan {number} tidak sedang berjalan (status {status})',
    en: 'Bill {number} is not running (status {status})',
  },
  'bill.pay_above_owed': {
    id: 'Pembayaran {amount} melebihi sisa tagihan {owed}',
    en: 'The payment {amount} is more than the bill still owes, {owed}',
  },
  'bill.saving_not_member': {
    id: 'Rekening simpanan {number} bukan milik anggota tagihan ini',
    en: "Savings account {number} does not belong to the bill's member",
  },
  'bill.saving_not_voluntary': {
    id: 'Rekening {number} bukan simpanan sukarela; tagihan hanya dapat dibayar dari simpanan sukarela',
    en: 'Account {number} is not a voluntary savings account; a bill can only be paid from voluntary savings',
  },
  'bill.payment_not_found': { id: 'Pembayaran tagihan tidak ditemukan', en: 'Bill payment not found' },
  'bill.payment_cancelled_already': { id: 'Pembayaran tagihan ini sudah dibatalkan', en: 'This bill payment was already cancelled' },
  'bill.payment_not_last': {
    id: 'Hanya pembayaran terakhir tagihan yang dapat dibatalkan, dan tidak setelah tagihan diubah atau dihentikan',
    en: "Only the bill's latest payment can be cancelled, and not after the bill was changed or stopped",
  },
  'bill.installment_not_found': {
    id: 'Angsuran ke-{number} tagihan {bill} tidak ditemukan',
    en: 'Installment {number} of bill {bill} not found',
  },
  'bill.installment_has_payment': {
    id: 'Angsuran ke-{number} sudah dibayar (sebagian) dan tidak dapat diubah atau dihapus',
    en: 'Installment {number} has a payment and cannot be changed or deleted',
  },
  'bill.total_fixed': {
    id: 'Total tagihan {type} tetap {amount}: jumlah angsuran yang belum dibayar harus tetap {open}',
    en: 'The total of a {type} bill stays {amount}: the unpaid installments must still sum to {open}',
  },
  'bill.last_installment': {
    id: 'Angsuran terakhir tagihan tidak dapat dihapus; hentikan tagihan bila tidak ditagih lagi',
    en: "The bill's last installment cannot be deleted; stop the bill instead",
  },
  'bill.dates_order': {
    id: 'Tanggal jatuh tempo angsuran harus berurutan',
    en: "The installments' due dates must stay in order",
  },

  // ------------------------------------------------------------ success
  'bill.created': { id: 'Tagihan berhasil dibuat dan menunggu persetujuan', en: 'Bill created, waiting for approval' },
  'bill.simulated': { id: 'Simulasi angsuran tagihan berhasil', en: 'Bill installment simulation done' },
  'bill.approved': { id: 'Tagihan berhasil diputuskan', en: 'Bill decided' },
  'bill.updated': { id: 'Tagihan berhasil diubah', en: 'Bill updated' },
  'bill.paid': { id: 'Pembayaran tagihan berhasil', en: 'Bill payment recorded' },
  'bill.payment_cancelled': { id: 'Pembayaran tagihan berhasil dibatalkan', en: 'Bill payment cancelled' },
  'bill.stopped': { id: 'Tagihan berhasil dihentikan', en: 'Bill stopped' },
  'bill.installment_deleted': { id: 'Angsuran tagihan berhasil dihapus', en: 'Bill installment deleted' },
} satisfies Catalog;
