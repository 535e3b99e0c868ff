import type { Catalog } from './types.ts';

/** Loans (Pinjaman): products' loan fields, applications, approval, release, payments, reads, dashboard. */
export const loanMessages = {
  // ------------------------------------------------------------ field labels
  'field.tenorInMonth': { id: 'Tenor (bulan)', en: 'Tenor (months)' },
  'field.interestBaseRate': { id: 'Suku jasa per tahun', en: 'Annual interest rate' },
  'field.interestMethod': { id: 'Metode perhitungan jasa', en: 'Interest method' },
  'field.interestRate': { id: 'Suku jasa per bulan', en: 'Monthly interest rate' },
  'field.roundingMultiple': { id: 'Pembulatan angsuran', en: 'Installment rounding' },
  'field.fineGraceDays': { id: 'Masa tenggang denda (hari)', en: 'Fine grace days' },
  'field.firstInstallmentRule': { id: 'Aturan angsuran pertama', en: 'First installment rule' },
  'field.firstInstallmentDate': { id: 'Tanggal angsuran pertama', en: 'First installment date' },
  'field.disbursementDate': { id: 'Tanggal pencairan', en: 'Disbursement date' },
  'field.releaseDate': { id: 'Tanggal pencairan', en: 'Release date' },
  'field.dueDate': { id: 'Tanggal jatuh tempo', en: 'Due date' },
  'field.dueDay': { id: 'Tanggal jatuh tempo tiap bulan', en: 'Due day of the month' },
  'field.purpose': { id: 'Tujuan pinjaman', en: 'Loan purpose' },
  'field.criteria': { id: 'Kriteria', en: 'Criteria' },
  'field.collaterals': { id: 'Jaminan', en: 'Collateral' },
  'field.guarantor': { id: 'Penjamin', en: 'Guarantor' },
  'field.loanId': { id: 'Pinjaman', en: 'Loan' },
  'field.paymentId': { id: 'Pembayaran', en: 'Payment' },
  'field.count': { id: 'Jumlah angsuran', en: 'Number of installments' },
  'field.destination': { id: 'Tujuan pencairan', en: 'Paid to' },
  'field.source': { id: 'Sumber dana', en: 'Source of funds' },
  'field.installments': { id: 'Angsuran', en: 'Installments' },
  'field.capitalizeArrears': { id: 'Kapitalisasi tunggakan', en: 'Capitalise arrears' },

  // ------------------------------------------------------------ validation
  'loan.amount_required': { id: 'Nominal pinjaman wajib diisi', en: 'The loan amount is required' },
  'loan.tenor_required': { id: 'Tenor wajib diisi', en: 'The tenor is required' },
  'loan.tenor_invalid': { id: 'Tenor harus bilangan bulat 1 sampai 360 bulan', en: 'The tenor must be a whole number of 1 to 360 months' },
  'loan.rate_required': { id: 'Suku jasa wajib diisi', en: 'The interest rate is required' },
  'loan.rounding_invalid': {
    id: 'Pembulatan angsuran harus 0,01, 1, 100 atau 1.000 rupiah',
    en: 'Installment rounding must be 0.01, 1, 100 or 1,000 rupiah',
  },
  'loan.first_installment_rule_invalid': {
    id: 'Aturan angsuran pertama harus ONE_MONTH atau DUE_DAY',
    en: 'The first installment rule must be ONE_MONTH or DUE_DAY',
  },
  'loan.collateral_number_required': { id: 'Nomor jaminan wajib diisi', en: 'The collateral number is required' },
  'loan.decision_invalid': { id: 'Status harus APPROVED atau REJECTED', en: 'Status must be APPROVED or REJECTED' },
  'loan.reason_required': { id: 'Alasan wajib diisi', en: 'A reason is required' },
  'loan.destination_invalid': { id: 'Tujuan pencairan harus CASH atau SAVING', en: 'Paid to must be CASH or SAVING' },
  'loan.source_invalid': { id: 'Sumber dana harus CASH atau SAVING', en: 'The source must be CASH or SAVING' },
  'loan.saving_required': { id: 'Rekening simpanan anggota wajib dipilih', en: "Please choose the member's savings account" },
  'loan.status_invalid': { id: 'Status pinjaman tidak valid', en: 'The loan status is not valid' },

  // ------------------------------------------------------------ rules
  'loan.not_found': { id: 'Pinjaman tidak ditemukan', en: 'Loan not found' },
  'loan.payment_not_found': { id: 'Pembayaran pinjaman tidak ditemukan', en: 'Loan payment not found' },
  'loan.product_not_loan': { id: 'Produk {product} bukan produk pinjaman', en: 'Product {product} is not a loan product' },
  'loan.product_inactive': { id: 'Produk {product} tidak aktif', en: 'Product {product} is inactive' },
  'loan.amount_below_min': {
    id: 'Nominal pinjaman {amount} di bawah minimum produk {min}',
    en: "The loan amount {amount} is below the product's minimum {min}",
  },
  'loan.amount_above_max': {
    id: 'Nominal pinjaman {amount} melebihi maksimum produk {max}',
    en: "The loan amount {amount} is above the product's maximum {max}",
  },
  'loan.tenor_out_of_range': {
    id: 'Tenor {tenor} bulan di luar ketentuan produk ({min} sampai {max} bulan)',
    en: "A tenor of {tenor} months is outside the product's range ({min} to {max} months)",
  },
  'loan.member_limit_exceeded': {
    id: 'Pinjaman {amount} ditambah sisa pinjaman berjalan {running} melebihi limit pinjaman anggota {name} sebesar {limit}',
    en: 'The loan of {amount} plus the running loans of {running} exceeds the loan limit of {limit} of member {name}',
  },
  'loan.collateral_required': {
    id: 'Produk {product} mensyaratkan jaminan; isi minimal satu jaminan',
    en: 'Product {product} requires collateral; add at least one',
  },
  'loan.not_waiting': {
    id: 'Pinjaman {number} tidak sedang menunggu persetujuan (status {status})',
    en: 'Loan {number} is not waiting for approval (status {status})',
  },
  'loan.not_approved': {
    id: 'Pinjaman {number} belum disetujui (status {status}); pencairan hanya untuk pinjaman yang disetujui',
    en: 'Loan {number} is not approved (status {status}); only approved loans are released',
  },
  'loan.not_running': {
    id: 'Pinjaman {number} tidak sedang berjalan (status {status})',
    en: 'Loan {number} is not running (status {status})',
  },
  'loan.collateral_not_verified': {
    id: 'Jaminan pinjaman {number} belum diverifikasi',
    en: 'The collateral of loan {number} is not verified yet',
  },
  'loan.guarantor_not_verified': {
    id: 'Penjamin pinjaman {number} belum diverifikasi',
    en: 'The guarantor of loan {number} is not verified yet',
  },
  'loan.fees_exceed_amount': {
    id: 'Biaya administrasi, provisi dan biaya lain ({fees}) tidak boleh melebihi nominal pinjaman ({amount})',
    en: 'Admin, provision and other costs ({fees}) cannot exceed the loan amount ({amount})',
  },
  'loan.date_before_release': {
    id: 'Tanggal tidak boleh sebelum tanggal pencairan {date}',
    en: 'The date cannot be before the release date {date}',
  },
  'loan.release_future': { id: 'Tanggal pencairan tidak boleh di masa depan', en: 'The release date cannot be in the future' },
  'loan.first_installment_before_release': {
    id: 'Tanggal angsuran pertama harus sesudah tanggal pencairan',
    en: 'The first installment date must be after the release date',
  },
  'loan.saving_not_member': {
    id: 'Rekening simpanan {number} bukan milik anggota peminjam',
    en: "Savings account {number} is not the borrower's",
  },
  'loan.saving_not_voluntary': {
    id: 'Rekening {number} bukan simpanan sukarela yang aktif',
    en: 'Account {number} is not an open voluntary savings account',
  },
  'loan.pay_above_owed': {
    id: 'Pembayaran {amount} melebihi yang terutang {owed}',
    en: 'The payment of {amount} is more than is owed ({owed})',
  },
  'loan.partial_above_due': {
    id: 'Pembayaran sebagian {amount} melebihi tagihan jatuh tempo {due}; gunakan pembayaran angsuran atau nominal bebas',
    en: 'A partial payment of {amount} is more than is due ({due}); use an installment or open-amount payment',
  },
  'loan.nothing_due': { id: 'Tidak ada tagihan pinjaman {number} yang jatuh tempo', en: 'Nothing of loan {number} is due' },
  'loan.installments_left': {
    id: 'Sisa angsuran pinjaman {number} tinggal {left}',
    en: 'Loan {number} has only {left} installments left',
  },
  'loan.payment_cancelled_already': { id: 'Pembayaran ini sudah dibatalkan', en: 'This payment is already cancelled' },
  'loan.cancel_period_closed': {
    id: 'Transaksi {code} berada pada periode {periode} yang sudah ditutup dan tidak dapat dibatalkan',
    en: 'Transaction {code} is in the closed period {periode} and cannot be cancelled',
  },
  'loan.release_has_payments': {
    id: 'Pencairan pinjaman {number} tidak dapat dibatalkan: sudah ada pembayaran atau restrukturisasi; batalkan pembayarannya dahulu',
    en: 'The release of loan {number} cannot be cancelled: it has payments or a restructure; cancel the payments first',
  },
  'loan.payment_not_last': {
    id: 'Hanya pembayaran terakhir pinjaman yang dapat dibatalkan; batalkan dulu pembayaran sesudahnya',
    en: "Only the loan's latest payment can be cancelled; cancel the later ones first",
  },
  'loan.no_fine': { id: 'Tidak ada denda pinjaman {number} untuk dihapus', en: 'Loan {number} has no fine to waive' },
  'loan.waive_above_fine': {
    id: 'Penghapusan denda {amount} melebihi denda terutang {fine}',
    en: 'Waiving {amount} is more than the fine owed ({fine})',
  },
  'loan.installment_not_future': {
    id: 'Angsuran ke-{number} sudah dibayar (sebagian) atau tidak ada; hanya angsuran yang belum dibayar dapat diubah',
    en: 'Installment {number} is (partly) paid or does not exist; only unpaid installments can change',
  },
  'loan.installment_principal_mismatch': {
    id: 'Jumlah pokok angsuran ({sum}) harus sama dengan sisa pokok ({remaining})',
    en: 'The installments principal ({sum}) must equal the remaining principal ({remaining})',
  },
  'loan.installment_dates_order': {
    id: 'Tanggal jatuh tempo angsuran harus berurutan dan sesudah angsuran terakhir yang dibayar',
    en: 'Due dates must be in order and after the last paid installment',
  },
  'loan.online_not_waiting': {
    id: 'Pengajuan pinjaman online ini sudah diproses (status {status})',
    en: 'This online loan request is already processed (status {status})',
  },
  'loan.not_paid_off_cancel': {
    id: 'Pinjaman sudah dilunasi dengan pembayaran lain; batalkan pembayaran terakhir dulu',
    en: 'The loan was settled by another payment; cancel the latest one first',
  },

  // ------------------------------------------------------------ success
  'loan.simulated': { id: 'Simulasi angsuran berhasil', en: 'Installment simulation done' },
  'loan.requested': {
    id: 'Pengajuan pinjaman berhasil disimpan dan menunggu persetujuan',
    en: 'Loan application saved, waiting for approval',
  },
  'loan.request_approved_direct': { id: 'Pengajuan pinjaman berhasil disimpan dan disetujui', en: 'Loan application saved and approved' },
  'loan.updated': { id: 'Data pinjaman berhasil diperbarui', en: 'Loan updated' },
  'loan.approved': { id: 'Pinjaman berhasil disetujui', en: 'Loan approved' },
  'loan.rejected': { id: 'Pinjaman ditolak', en: 'Loan rejected' },
  'loan.released': { id: 'Pinjaman berhasil dicairkan', en: 'Loan released' },
  'loan.release_rejected': { id: 'Pencairan pinjaman ditolak', en: 'Loan release rejected' },
  'loan.verified': { id: 'Verifikasi berhasil disimpan', en: 'Verification saved' },
  'loan.paid': { id: 'Pembayaran pinjaman berhasil', en: 'Loan payment recorded' },
  'loan.paid_off': { id: 'Pinjaman lunas', en: 'Loan paid off' },
  'loan.payment_cancelled': { id: 'Pembayaran pinjaman dibatalkan', en: 'Loan payment cancelled' },
  'loan.photo_saved': { id: 'Foto agunan tersimpan', en: 'Collateral photo saved' },
  'loan.photo_not_found': { id: 'Foto agunan tidak ditemukan', en: 'Collateral photo not found' },
  'loan.release_cancelled': { id: 'Pencairan pinjaman dibatalkan', en: 'Loan release cancelled' },
  'loan.fine_waived': { id: 'Denda berhasil dihapus', en: 'Fine waived' },
  'loan.installments_updated': { id: 'Angsuran berhasil diubah', en: 'Installments updated' },
  'loan.restructured': { id: 'Pinjaman berhasil direstrukturisasi', en: 'Loan restructured' },
  'loan.online_created': { id: 'Pengajuan pinjaman online tersimpan', en: 'Online loan request saved' },
  'loan.online_approved': {
    id: 'Pengajuan pinjaman online disetujui menjadi pengajuan pinjaman',
    en: 'Online loan request approved into a loan application',
  },
  'loan.online_rejected': { id: 'Pengajuan pinjaman online ditolak', en: 'Online loan request rejected' },

  // ------------------------------------------------------------ journal and mutation texts
  'loan.journal.release': { id: 'Pencairan pinjaman {number} {name}', en: 'Release of loan {number} {name}' },
  'loan.journal.payment': { id: 'Angsuran pinjaman {number} {name}', en: 'Installment of loan {number} {name}' },
  'loan.journal.cancel': { id: 'Pembatalan pembayaran pinjaman {number}', en: 'Cancellation of loan payment {number}' },
  'loan.note.overdue': {
    id: 'Angsuran ke-{number} terlambat {days} hari',
    en: 'Installment {number} is {days} days late',
  },
  'loan.note.due_soon': { id: 'Angsuran ke-{number} jatuh tempo {date}', en: 'Installment {number} is due on {date}' },
} satisfies Catalog;
