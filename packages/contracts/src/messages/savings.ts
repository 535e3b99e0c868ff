import type { Catalog } from './types.ts';

/** Products (Produk) and savings (Transaksi Anggota): products, accounts, movements, requests, dashboard, reports. */
export const savingMessages = {
  // ------------------------------------------------------------ field labels
  'field.kind': { id: 'Jenis produk', en: 'Product kind' },
  'field.savingType': { id: 'Jenis simpanan', en: 'Saving type' },
  'field.glAccounts': { id: 'Akun COA', en: 'COA accounts' },
  'field.effectiveDate': { id: 'Tanggal berlaku', en: 'Effective date' },
  'field.minBalance': { id: 'Saldo minimum', en: 'Minimum balance' },
  'field.baseRate': { id: 'Suku jasa', en: 'Base rate' },
  'field.balanceBasis': { id: 'Dasar perhitungan saldo', en: 'Balance basis' },
  'field.closingFee': { id: 'Biaya penutupan rekening', en: 'Closing fee' },
  'field.monthlyAdminFee': { id: 'Biaya administrasi bulanan', en: 'Monthly admin fee' },
  'field.interestTax': { id: 'Pajak jasa', en: 'Interest tax' },
  'field.interestMinBalance': { id: 'Saldo minimum berjasa', en: 'Minimum balance for interest' },
  'field.interestMaxBalance': { id: 'Saldo maksimum berjasa', en: 'Maximum balance for interest' },
  'field.dailyInterestPercent': { id: 'Persentase jasa harian', en: 'Daily interest percent' },
  'field.blockAmount': { id: 'Nominal ditahan', en: 'Held amount' },
  'field.planMonthlyAmount': { id: 'Setoran bulanan', en: 'Monthly amount' },
  'field.planTargetBalance': { id: 'Target saldo', en: 'Target balance' },
  'field.planTargetMonths': { id: 'Jangka waktu target (bulan)', en: 'Target time (months)' },
  'field.planTargetDate': { id: 'Tanggal target', en: 'Target date' },
  'field.amount': { id: 'Nominal', en: 'Amount' },
  'field.period': { id: 'Periode', en: 'Period' },
  'field.memberSavingId': { id: 'Rekening simpanan', en: 'Saving account' },
  'field.fromSavingId': { id: 'Rekening asal', en: 'Source account' },
  'field.toSavingId': { id: 'Rekening tujuan', en: 'Destination account' },
  'field.productId': { id: 'Produk', en: 'Product' },
  'field.cif': { id: 'ID Anggota (CIF)', en: 'Member ID (CIF)' },
  'field.transactionId': { id: 'Transaksi', en: 'Transaction' },
  'field.initialDeposit': { id: 'Setoran awal', en: 'Initial deposit' },
  'field.tag': { id: 'Tag', en: 'Tag' },
  'field.isAutoDebit': { id: 'Auto debet', en: 'Auto debit' },
  'field.isBlocked': { id: 'Status blokir', en: 'Block status' },
  'field.isNotGetInterest': { id: 'Tidak mendapat jasa', en: 'Earns no interest' },
  'field.timeOfRequest': { id: 'Waktu permintaan', en: 'Time of request' },
  'field.bankName': { id: 'Nama bank', en: 'Bank name' },
  'field.bankAccountNumber': { id: 'Nomor rekening', en: 'Account number' },
  'field.bankAccountName': { id: 'Nama pemilik rekening', en: 'Account name' },
  'field.status': { id: 'Status', en: 'Status' },
  'field.description': { id: 'Keterangan', en: 'Description' },

  // ------------------------------------------------------------ products
  'product.created': { id: 'Produk berhasil dibuat', en: 'Product created' },
  'product.updated': { id: 'Produk berhasil diperbarui', en: 'Product updated' },
  'product.not_found': { id: 'Produk tidak ditemukan', en: 'Product not found' },
  'product.kind_invalid': {
    id: 'Jenis produk harus SAVING, SAVING_EQUITY, SAVING_DEPOSIT, LOAN atau BILL',
    en: 'Product kind must be SAVING, SAVING_EQUITY, SAVING_DEPOSIT, LOAN or BILL',
  },
  'product.saving_type_invalid': {
    id: 'Jenis simpanan tidak valid (sukarela: VOLUNTARY atau PLAN; ekuitas: PRINCIPAL, MANDATORY atau PARTICIPATION)',
    en: 'Saving type is not valid (savings: VOLUNTARY or PLAN; equity: PRINCIPAL, MANDATORY or PARTICIPATION)',
  },
  'product.code_invalid': {
    id: 'Kode produk hanya boleh huruf besar, angka, titik, garis miring atau tanda hubung (maksimal 20)',
    en: 'The product code may only hold capitals, digits, dots, slashes or dashes (at most 20)',
  },
  'product.code_taken': { id: 'Kode produk {code} sudah dipakai', en: 'Product code {code} is already in use' },
  'product.name_taken': { id: 'Nama produk {name} sudah dipakai', en: 'Product name {name} is already in use' },
  'product.code_locked': {
    id: 'Kode produk tidak dapat diubah karena sudah dipakai pada nomor rekening anggota',
    en: 'The product code cannot change: member account numbers already carry it',
  },
  'product.balance_basis_invalid': {
    id: 'Dasar perhitungan saldo harus HARIAN, RATA_RATA atau TERENDAH',
    en: 'Balance basis must be HARIAN, RATA_RATA or TERENDAH',
  },
  'product.period_invalid': { id: 'Periode harus BULANAN atau HARIAN', en: 'Period must be BULANAN or HARIAN' },
  'product.period_required': { id: 'Periode simpanan wajib wajib dipilih', en: 'Please choose the mandatory saving period' },
  'product.period_locked': {
    id: 'Periode simpanan wajib tidak dapat diubah karena anggota sudah memiliki rekening produk ini',
    en: 'The mandatory saving period cannot change once members hold accounts of the product',
  },
  'product.interest_method_invalid': {
    id: 'Metode bunga harus FLAT, EFEKTIF, EFEKTIF_BULAN atau ANUITAS',
    en: 'Interest method must be FLAT, EFEKTIF, EFEKTIF_BULAN or ANUITAS',
  },
  'product.interest_method_required': { id: 'Metode perhitungan jasa wajib dipilih', en: 'Please choose the interest method' },
  'product.interest_rate_required': { id: 'Suku jasa pinjaman wajib diisi', en: 'The loan interest rate is required' },
  'product.bill_type_invalid': {
    id: 'Jenis tagihan harus FIXED_BILL, NOT_FIXED_BILL atau WITH_TOTAL_DEBT',
    en: 'Bill type must be FIXED_BILL, NOT_FIXED_BILL or WITH_TOTAL_DEBT',
  },
  'product.bill_type_required': { id: 'Jenis tagihan wajib dipilih', en: 'Please choose the bill type' },
  'product.equity_amount_required': { id: 'Nominal simpanan wajib diisi', en: 'The saving amount is required' },
  'product.equity_members_only': {
    id: 'Simpanan pokok, wajib dan modal penyertaan hanya untuk anggota',
    en: 'Principal, mandatory and participation savings are for members only',
  },
  'product.equity_exists_principal': {
    id: 'Sudah ada produk simpanan pokok yang aktif ({name}); nonaktifkan dulu produk tersebut',
    en: 'An active principal saving product already exists ({name}); deactivate it first',
  },
  'product.equity_exists_mandatory': {
    id: 'Sudah ada produk simpanan wajib yang aktif ({name}); nonaktifkan dulu produk tersebut',
    en: 'An active mandatory saving product already exists ({name}); deactivate it first',
  },
  'product.interest_max_below_min': {
    id: 'Saldo maksimum berjasa tidak boleh lebih kecil dari saldo minimum berjasa',
    en: 'The maximum balance for interest cannot be below the minimum',
  },
  'product.plan_monthly_required': {
    id: 'Setoran bulanan tabungan berencana wajib diisi',
    en: 'The monthly amount of a plan saving is required',
  },
  'product.plan_target_below_monthly': {
    id: 'Target saldo tidak boleh lebih kecil dari setoran bulanan',
    en: 'The target balance cannot be below the monthly amount',
  },
  'product.max_below_min': {
    id: 'Nilai maksimum tidak boleh lebih kecil dari nilai minimum',
    en: 'The maximum cannot be below the minimum',
  },
  'product.tenor_max_below_min': {
    id: 'Tenor maksimum tidak boleh lebih kecil dari tenor minimum',
    en: 'The longest tenor cannot be shorter than the shortest',
  },
  'product.field_not_for_kind': {
    id: 'Isian {field} tidak berlaku untuk produk {kind}',
    en: 'Field {field} does not apply to a {kind} product',
  },
  'product.terms_backdated': {
    id: 'Perubahan ketentuan produk tidak boleh berlaku mundur; pilih hari ini atau tanggal sesudahnya',
    en: 'A change of product terms cannot be backdated; choose today or a later day',
  },
  'product.terms_before_scheduled': {
    id: 'Sudah ada ketentuan yang dijadwalkan berlaku {date}; perubahan baru harus berlaku pada tanggal itu atau sesudahnya',
    en: 'Terms are already scheduled from {date}; a new change must apply from that day or later',
  },
  'product.effective_without_terms': {
    id: 'Tanggal berlaku hanya diisi bersama perubahan ketentuan produk',
    en: 'An effective date goes with a change of the product terms',
  },
  'product.gl_role_unknown': { id: 'Peran akun {role} tidak dikenal; pilih dari {roles}', en: 'Unknown account role {role}; use {roles}' },
  'product.gl_account_not_found': { id: 'Akun COA untuk {role} tidak ditemukan', en: 'The COA account for {role} was not found' },
  'product.gl_account_inactive': { id: 'Akun {code} {name} ({role}) tidak aktif', en: 'Account {code} {name} ({role}) is inactive' },
  'product.gl_account_not_postable': {
    id: 'Akun {code} {name} ({role}) adalah akun induk; pilih akun rinciannya',
    en: 'Account {code} {name} ({role}) is a header account; choose one of its detail accounts',
  },
  'product.gl_account_type': {
    id: 'Akun {code} {name} tidak sesuai untuk {role}; pilih akun berjenis {types}',
    en: 'Account {code} {name} does not fit {role}; choose an account of type {types}',
  },
  'product.control_locked': {
    id: 'Akun pengendali tidak dapat diubah karena produk sudah memiliki {count} rekening anggota',
    en: 'The control account cannot change: the product already has {count} member accounts',
  },

  // ------------------------------------------------------------ savings: validation
  'saving.cif_required': { id: 'ID Anggota (CIF) wajib diisi', en: 'The member ID (CIF) is required' },
  'saving.reason_required': { id: 'Alasan wajib diisi', en: 'A reason is required' },
  'saving.decision_invalid': { id: 'Keputusan harus APPROVED atau REJECTED', en: 'The decision must be APPROVED or REJECTED' },
  'saving.auto_debit_required': { id: 'isAutoDebit harus true atau false', en: 'isAutoDebit must be true or false' },
  'saving.block_amount_required': { id: 'Nominal yang diblokir wajib diisi', en: 'The amount to block is required' },
  'saving.bank_required': { id: 'Nama bank wajib diisi', en: 'The bank name is required' },
  'saving.bank_account_number_required': {
    id: 'Nomor rekening bank wajib diisi (4 sampai 40 angka)',
    en: 'The bank account number is required (4 to 40 digits)',
  },
  'saving.bank_account_name_required': { id: 'Nama pemilik rekening wajib diisi', en: 'The account holder name is required' },

  // ------------------------------------------------------------ savings: accounts
  'saving.account_not_found': { id: 'Rekening simpanan tidak ditemukan', en: 'Saving account not found' },
  'saving.account_pending': {
    id: 'Rekening {number} masih menunggu persetujuan pembukaan',
    en: 'Account {number} is still waiting for its opening to be approved',
  },
  'saving.account_rejected': { id: 'Pembukaan rekening {number} ditolak', en: 'The opening of account {number} was rejected' },
  'saving.account_closed': { id: 'Rekening {number} sudah ditutup', en: 'Account {number} is closed' },
  'saving.account_exists': {
    id: 'Anggota sudah memiliki rekening {product} ({number})',
    en: 'The member already holds a {product} account ({number})',
  },
  'saving.account_not_pending': {
    id: 'Rekening {number} tidak sedang menunggu persetujuan',
    en: 'Account {number} is not waiting for approval',
  },
  'saving.account_of_other_member': { id: 'Rekening ini milik anggota lain', en: 'This account belongs to another member' },
  'saving.product_inactive': { id: 'Produk {product} tidak aktif', en: 'Product {product} is inactive' },
  'saving.product_gl_missing': {
    id: 'Produk {product} belum lengkap pemetaan akun COA-nya',
    en: 'Product {product} does not have its COA accounts mapped',
  },
  'saving.open_kind_not_supported': {
    id: 'Pembukaan produk {kind} ({product}) belum tersedia',
    en: 'Opening a {kind} product ({product}) is not available yet',
  },
  'saving.product_members_only': {
    id: 'Produk {product} hanya untuk anggota; {name} bukan anggota',
    en: 'Product {product} is for members only; {name} is not a member',
  },
  'saving.product_non_members_only': {
    id: 'Produk {product} hanya untuk non-anggota; {name} adalah anggota',
    en: 'Product {product} is for non-members only; {name} is a member',
  },
  'saving.plan_fields_only_for_plan': {
    id: 'Setoran bulanan dan target hanya untuk tabungan berencana; {product} bukan tabungan berencana',
    en: 'Monthly amount and target apply to plan savings only; {product} is not a plan saving',
  },
  'saving.plan_date_past': { id: 'Tanggal target harus sesudah hari ini', en: 'The target date must be after today' },
  'saving.initial_deposit_after_approval': {
    id: 'Produk {product} memerlukan persetujuan pembukaan; setoran awal dilakukan setelah rekening disetujui',
    en: 'Product {product} needs an approved opening; make the first deposit once the account is approved',
  },
  'saving.open_success': { id: 'Rekening simpanan berhasil dibuka', en: 'Saving account opened' },
  'saving.open_waiting': { id: 'Pembukaan rekening menunggu persetujuan', en: 'The account opening is waiting for approval' },
  'saving.open_approved': { id: 'Pembukaan rekening disetujui', en: 'Account opening approved' },
  'saving.open_rejected': { id: 'Pembukaan rekening ditolak', en: 'Account opening rejected' },
  'saving.cif_not_found': { id: 'Anggota dengan ID {cif} tidak ditemukan', en: 'No member with ID {cif}' },
  'saving.no_voluntary_account': {
    id: '{name} ({cif}) belum memiliki rekening simpanan sukarela; pilih produknya atau buka rekening dulu',
    en: '{name} ({cif}) has no voluntary saving account; choose the product or open an account first',
  },
  'saving.no_account_in_product': {
    id: '{name} ({cif}) belum memiliki rekening pada produk ini',
    en: '{name} ({cif}) has no account in this product',
  },
  'saving.choose_account': {
    id: 'Anggota memiliki beberapa rekening simpanan ({accounts}); pilih produk atau rekeningnya',
    en: 'The member holds several saving accounts ({accounts}); choose the product or the account',
  },

  // ------------------------------------------------------------ savings: movements
  'saving.deposit_success': { id: 'Setoran berhasil', en: 'Deposit recorded' },
  'saving.withdraw_success': { id: 'Penarikan berhasil', en: 'Withdrawal recorded' },
  'saving.withdraw_waiting': {
    id: 'Penarikan melebihi batas Anda dan menunggu persetujuan',
    en: 'The withdrawal is above your limit and waits for approval',
  },
  'saving.transfer_success': { id: 'Transfer berhasil', en: 'Transfer recorded' },
  'saving.cancel_success': { id: 'Transaksi berhasil dibatalkan', en: 'Transaction cancelled' },
  'saving.close_success': { id: 'Rekening berhasil ditutup', en: 'Account closed' },
  'saving.equity_not_withdrawable': {
    id: '{product} tidak dapat ditarik; simpanan pokok dan wajib dikembalikan saat anggota keluar',
    en: '{product} cannot be withdrawn; principal and mandatory savings are returned when the member exits',
  },
  'saving.insufficient_balance': {
    id: 'Saldo rekening {number} tidak cukup: saldo {balance}, dapat ditarik {available} (saldo minimum {minBalance}, diblokir/dijaminkan {held})',
    en: 'Insufficient balance on {number}: balance {balance}, available {available} (minimum balance {minBalance}, blocked/pledged {held})',
  },
  'saving.insufficient_with_requests': {
    id: 'Saldo tidak cukup: dapat ditarik {available} setelah permintaan yang menunggu ({waiting})',
    en: 'Insufficient balance: {available} available after the requests waiting ({waiting})',
  },
  'saving.principal_already_paid': { id: 'Simpanan pokok {name} sudah lunas', en: 'The principal saving of {name} is already paid' },
  'saving.principal_overpaid': {
    id: 'Simpanan pokok sebesar {amount}; sisa yang harus dibayar {remaining}',
    en: 'The principal saving is {amount}; {remaining} remains to be paid',
  },
  'saving.coa_held_by_other': {
    id: 'Akun {code} {name} dipegang oleh {holder}; gunakan akun kas Anda sendiri atau akun bank',
    en: 'Account {code} {name} is held by {holder}; use your own cash account or a bank account',
  },
  'saving.transfer_same_account': {
    id: 'Rekening asal dan tujuan tidak boleh sama',
    en: 'The source and destination accounts must differ',
  },
  'saving.transfer_duplicate': {
    id: 'Transfer dengan waktu permintaan {time} dari rekening ini sudah diproses',
    en: 'A transfer with request time {time} from this account was already processed',
  },
  'saving.transaction_not_found': { id: 'Transaksi tidak ditemukan', en: 'Transaction not found' },
  'saving.cancel_reversal': {
    id: 'Transaksi {code} adalah pembatalan dan tidak dapat dibatalkan',
    en: 'Transaction {code} is a cancellation and cannot be cancelled',
  },
  'saving.already_cancelled': { id: 'Transaksi {code} sudah dibatalkan', en: 'Transaction {code} is already cancelled' },
  'saving.not_cancellable': {
    id: 'Transaksi {code} ({activity}) tidak dapat dibatalkan',
    en: 'Transaction {code} ({activity}) cannot be cancelled',
  },
  'saving.cancel_period_closed': {
    id: 'Transaksi {code} berada pada periode {periode} yang sudah ditutup dan tidak dapat dibatalkan',
    en: 'Transaction {code} is in the closed period {periode} and cannot be cancelled',
  },
  'saving.cancel_insufficient': {
    id: 'Pembatalan {code} tidak dapat dilakukan: saldo rekening {number} sudah tidak mencukupi',
    en: 'Cannot cancel {code}: the balance of account {number} no longer covers it',
  },
  'saving.cancel_principal_paid': {
    id: 'Pembatalan {code} tidak dapat dilakukan: simpanan pokok {name} sudah tercatat lunas',
    en: 'Cannot cancel {code}: the principal saving of {name} is already recorded as paid',
  },
  'saving.equity_closes_at_exit': {
    id: '{product} tidak dapat ditutup; simpanan ekuitas dikembalikan saat anggota keluar',
    en: '{product} cannot be closed; equity savings are returned when the member exits',
  },
  'saving.close_blocked': {
    id: 'Rekening {number} sedang diblokir; buka blokir dulu',
    en: 'Account {number} is blocked; unblock it first',
  },
  'saving.close_pledged': {
    id: 'Rekening {number} sedang dijaminkan untuk pinjaman',
    en: 'Account {number} is pledged as loan collateral',
  },
  'saving.close_request_waiting': {
    id: 'Rekening {number} masih memiliki permintaan penarikan yang menunggu keputusan',
    en: 'Account {number} still has a withdrawal request waiting for a decision',
  },

  // ------------------------------------------------------------ savings: flags
  'saving.flag_updated': { id: 'Rekening simpanan berhasil diperbarui', en: 'Saving account updated' },
  'saving.blocked': { id: 'Rekening berhasil diblokir', en: 'Account blocked' },
  'saving.unblocked': { id: 'Blokir rekening berhasil dibuka', en: 'Account unblocked' },
  'saving.block_above_balance': {
    id: 'Nominal blokir melebihi saldo; maksimal {max}',
    en: 'The amount to block is above the balance; at most {max}',
  },
  'saving.not_blocked': { id: 'Rekening {number} tidak sedang diblokir', en: 'Account {number} is not blocked' },
  'saving.auto_debit_type': {
    id: 'Auto debet hanya untuk simpanan wajib, simpanan pokok dan tabungan berencana',
    en: 'Auto debit applies to mandatory, principal and plan savings only',
  },
  'saving.auto_debit_needs_source': {
    id: 'Tentukan dulu rekening sumber dana anggota (simpanan sukarela)',
    en: 'Set the member’s source-of-fund account (a voluntary saving) first',
  },
  'saving.auto_debit_self': {
    id: 'Rekening sumber dana tidak dapat didebet otomatis',
    en: 'The source-of-fund account cannot be auto-debited itself',
  },
  'saving.source_must_be_voluntary': {
    id: 'Rekening sumber dana harus rekening simpanan sukarela yang aktif',
    en: 'The source-of-fund account must be an open voluntary saving account',
  },

  // ------------------------------------------------------------ savings: requests
  'saving.request_not_found': { id: 'Permintaan tidak ditemukan', en: 'Request not found' },
  'saving.request_decided': { id: 'Permintaan ini sudah diputuskan ({status})', en: 'This request was already decided ({status})' },
  'saving.request_approved': { id: 'Permintaan disetujui dan penarikan dibukukan', en: 'Request approved and the withdrawal posted' },
  'saving.request_rejected': { id: 'Permintaan ditolak', en: 'Request rejected' },
  'saving.cash_out_submitted': {
    id: 'Permintaan penarikan online diterima dan menunggu persetujuan',
    en: 'Online withdrawal request received and waiting for approval',
  },
  'saving.online_withdrawal_disabled': {
    id: 'Penarikan online tidak diaktifkan oleh koperasi',
    en: 'Online withdrawal is not enabled by the cooperative',
  },
  'saving.online_withdrawal_min': { id: 'Penarikan online minimal {min}', en: 'An online withdrawal is at least {min}' },
  'saving.online_withdrawal_max': { id: 'Penarikan online maksimal {max}', en: 'An online withdrawal is at most {max}' },

  // ------------------------------------------------------------ savings: exit
  'saving.exit_blocked': { id: 'Rekening {account} masih diblokir', en: 'Account {account} is still blocked' },
  'saving.exit_pledged': { id: 'Rekening {account} masih dijaminkan', en: 'Account {account} is still pledged' },
  'saving.exit_request_waiting': {
    id: 'Rekening {account} masih memiliki permintaan penarikan yang menunggu',
    en: 'Account {account} still has a withdrawal request waiting',
  },
} satisfies Catalog;
