import type { Catalog } from './types.ts';

/** Term deposits (simpanan berjangka / deposito): placement, interest release, maturity, rollover, break, reports. */
export const depositMessages = {
  'field.tenor': { id: 'Jangka waktu', en: 'Tenor' },
  'field.interestDestination': { id: 'Tujuan bunga', en: 'Interest destination' },
  'field.interestSavingId': { id: 'Rekening tujuan bunga', en: 'Interest savings account' },
  'field.rollover': { id: 'Perpanjangan otomatis', en: 'Automatic rollover' },
  'field.sourceSavingId': { id: 'Rekening sumber dana', en: 'Source savings account' },
  'field.accountProductId': { id: 'Rekening deposito', en: 'Deposit account' },
  'field.accountPenampungPokokId': { id: 'Akun penampung pokok', en: 'Principal holding account' },
  'field.accountPenampungBungaId': { id: 'Akun penampung bunga', en: 'Interest holding account' },
  'field.pinaltyBreak': { id: 'Penalti pencairan', en: 'Break penalty' },
  'field.fromDate': { id: 'Dari tanggal', en: 'From date' },
  'field.toDate': { id: 'Sampai tanggal', en: 'To date' },
  'field.startDate': { id: 'Tanggal mulai', en: 'Start date' },
  'field.endDate': { id: 'Tanggal akhir', en: 'End date' },

  'deposit.open_success': { id: 'Deposito berhasil ditempatkan', en: 'Deposit placed' },
  'deposit.withdraw_success': { id: 'Deposito berhasil dicairkan', en: 'Deposit withdrawn' },
  'deposit.break_success': { id: 'Deposito berhasil dicairkan sebelum jatuh tempo', en: 'Deposit broken before maturity' },
  'deposit.break_waiting': { id: 'Pencairan dini menunggu persetujuan', en: 'Early break waiting for approval' },
  'deposit.break_rejected': { id: 'Pengajuan pencairan dini ditolak', en: 'Early break request rejected' },
  'deposit.position_success': { id: 'Posisi deposito berhasil diubah', en: 'Deposit position updated' },
  'deposit.release_success': { id: 'Rilis bunga deposito selesai', en: 'Deposit interest released' },
  'deposit.release_cancel_success': { id: 'Rilis bunga deposito dibatalkan', en: 'Deposit interest release cancelled' },

  'deposit.not_found': { id: 'Deposito tidak ditemukan', en: 'Deposit not found' },
  'deposit.release_not_found': { id: 'Rilis bunga tidak ditemukan', en: 'Interest release not found' },
  'deposit.tenor_invalid': { id: 'Jangka waktu harus 1, 3, 6, 12 atau 24 bulan', en: 'Tenor must be 1, 3, 6, 12 or 24 months' },
  'deposit.destination_invalid': { id: 'Tujuan bunga tidak valid', en: 'Invalid interest destination' },
  'deposit.rollover_invalid': { id: 'Pilihan perpanjangan tidak valid', en: 'Invalid rollover choice' },
  'deposit.release_dates_required': {
    id: 'Tanggal dari dan sampai wajib diisi untuk rilis bunga deposito',
    en: 'From and to dates are required to release deposit interest',
  },
  'deposit.release_dates_order': {
    id: 'Tanggal sampai tidak boleh sebelum tanggal dari',
    en: 'The to date cannot be before the from date',
  },
  'deposit.release_future': {
    id: 'Bunga hanya dapat dirilis sampai hari ini ({today})',
    en: 'Interest can only be released up to today ({today})',
  },
  'deposit.tenor_no_rate': {
    id: 'Produk {product} tidak menawarkan jangka waktu {tenor} bulan',
    en: 'Product {product} offers no {tenor}-month tenor',
  },
  'deposit.amount_below_min': { id: 'Nominal deposito minimal {min}', en: 'The deposit amount must be at least {min}' },
  'deposit.amount_above_max': { id: 'Nominal deposito maksimal {max}', en: 'The deposit amount must be at most {max}' },
  'deposit.members_only': { id: 'Produk {product} hanya untuk anggota', en: 'Product {product} is for members only' },
  'deposit.non_members_only': { id: 'Produk {product} hanya untuk non-anggota', en: 'Product {product} is for non-members only' },
  'deposit.product_not_deposit': {
    id: 'Produk {product} bukan produk simpanan berjangka',
    en: 'Product {product} is not a term deposit product',
  },
  'deposit.interest_saving_required': {
    id: 'Pilih rekening simpanan tujuan bunga',
    en: 'Choose the savings account that receives the interest',
  },
  'deposit.interest_saving_invalid': {
    id: 'Rekening {number} bukan simpanan sukarela aktif milik anggota ini',
    en: 'Account {number} is not an open voluntary savings account of this member',
  },
  'deposit.source_saving_invalid': {
    id: 'Rekening sumber dana {number} bukan simpanan milik anggota ini',
    en: 'Source account {number} is not a savings account of this member',
  },
  'deposit.not_active': { id: 'Deposito {number} sudah {status}', en: 'Deposit {number} is already {status}' },
  'deposit.not_matured': {
    id: 'Deposito {number} belum jatuh tempo ({maturity}); gunakan pencairan dini',
    en: 'Deposit {number} has not matured ({maturity}); use an early break',
  },
  'deposit.already_matured': {
    id: 'Deposito {number} sudah jatuh tempo; cairkan dengan penarikan biasa',
    en: 'Deposit {number} has matured; withdraw it normally',
  },
  'deposit.break_pending': {
    id: 'Pencairan dini deposito {number} sedang menunggu persetujuan',
    en: 'An early break of deposit {number} is waiting for approval',
  },
  'deposit.break_not_pending': { id: 'Tidak ada pencairan dini yang menunggu persetujuan', en: 'No early break is waiting for approval' },
  'deposit.break_self_approval': {
    id: 'Pencairan dini harus disetujui oleh pengguna lain',
    en: 'An early break must be approved by another user',
  },
  'deposit.penalty_above_principal': {
    id: 'Penalti tidak boleh melebihi pokok {principal}',
    en: 'The penalty cannot exceed the principal {principal}',
  },
  'deposit.holding_invalid': {
    id: 'Akun penampung {code} {name} harus akun kewajiban yang aktif dan dapat diposting',
    en: 'Holding account {code} {name} must be an active, postable liability account',
  },
  'deposit.gl_missing': {
    id: 'Pemetaan akun COA produk {product} belum lengkap ({role})',
    en: 'The GL mapping of product {product} is incomplete ({role})',
  },
  'deposit.release_cancelled': { id: 'Rilis bunga ini sudah dibatalkan', en: 'This release was already cancelled' },
  'deposit.release_running': { id: 'Rilis bunga ini masih berjalan', en: 'This release is still running' },
  'deposit.release_cancel_blocked': {
    id: 'Rilis tidak dapat dibatalkan: deposito {number} sudah {status}',
    en: 'The release cannot be cancelled: deposit {number} is already {status}',
  },
  'deposit.interest_saving_short': {
    id: 'Rilis tidak dapat dibatalkan: saldo rekening {number} tidak cukup untuk menarik kembali bunga',
    en: 'The release cannot be cancelled: account {number} no longer holds the interest',
  },
  'field.savingId': { id: 'Rekening simpanan', en: 'Savings account' },
  'field.method': { id: 'Cara pembayaran', en: 'Payment method' },
  'field.kinds': { id: 'Jenis penampung', en: 'Holding kinds' },
  'deposit.payout_waiting': { id: 'Pembayaran bunga dari penampung menunggu persetujuan', en: 'Interest payout waiting for approval' },
  'deposit.payout_rejected': { id: 'Pengajuan pembayaran bunga ditolak', en: 'Interest payout request rejected' },
  'deposit.payout_pending': {
    id: 'Pembayaran bunga deposito {number} sudah menunggu persetujuan',
    en: 'An interest payout of deposit {number} is already waiting for approval',
  },
  'deposit.payout_not_pending': {
    id: 'Tidak ada pembayaran bunga yang menunggu persetujuan',
    en: 'No interest payout is waiting for approval',
  },
  'deposit.payout_self_approval': {
    id: 'Pembayaran bunga harus disetujui oleh pengguna lain',
    en: 'An interest payout must be approved by another user',
  },
  'deposit.payout_success': { id: 'Dana penampung deposito berhasil dibayarkan', en: 'Holding funds paid out' },
  'deposit.nothing_to_pay': {
    id: 'Tidak ada dana di akun penampung untuk deposito {number}',
    en: 'Deposit {number} has nothing waiting in the holding accounts',
  },
  'deposit.payout_saving_invalid': {
    id: 'Rekening {number} bukan rekening simpanan anggota pemilik deposito',
    en: "Account {number} is not a savings account of the deposit's member",
  },
  'deposit.payout_method_invalid': { id: 'Cara pembayaran harus CASH atau SAVING', en: 'The payment method must be CASH or SAVING' },
  'deposit.payout_kind_invalid': {
    id: 'Jenis penampung harus PRINCIPAL atau INTEREST',
    en: 'The holding kind must be PRINCIPAL or INTEREST',
  },
  'deposit.payout_saving_required': { id: 'Pilih rekening simpanan tujuan', en: 'Choose the savings account to credit' },
  'deposit.release_cancel_paid_out': {
    id: 'Rilis tidak dapat dibatalkan: bunga deposito {number} sudah dibayarkan dari akun penampung',
    en: 'The release cannot be cancelled: the interest of deposit {number} was already paid out of the holding account',
  },
} satisfies Catalog;
