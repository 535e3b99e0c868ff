import type { Catalog } from './types.ts';

/** General ledger: chart of accounts, posting engine, journals, closing, ledger reports. */
export const ledgerMessages = {
  // ------------------------------------------------------------ posting engine
  'ledger.too_few_lines': { id: 'Jurnal minimal terdiri dari 2 baris', en: 'A journal needs at least 2 lines' },
  'ledger.unbalanced': {
    id: 'Total debit ({debit}) harus sama dengan total kredit ({credit})',
    en: 'Total debit ({debit}) must equal total credit ({credit})',
  },
  'ledger.amount_not_positive': {
    id: 'Baris {line}: nominal debit atau kredit harus lebih dari 0',
    en: 'Line {line}: the debit or credit amount must be greater than 0',
  },
  'ledger.line_both_sides': {
    id: 'Baris {line}: isi debit atau kredit saja, tidak keduanya',
    en: 'Line {line}: fill in either debit or credit, not both',
  },
  'ledger.amount_invalid': {
    id: 'Baris {line}: nominal tidak valid (maksimal 2 angka di belakang koma)',
    en: 'Line {line}: the amount is not valid (at most 2 decimals)',
  },
  'ledger.account_not_found': { id: 'Baris {line}: akun COA tidak ditemukan', en: 'Line {line}: the COA account was not found' },
  'ledger.account_inactive': {
    id: 'Akun {code} - {name} tidak aktif dan tidak dapat dijurnal',
    en: 'Account {code} - {name} is inactive and cannot be posted to',
  },
  'ledger.account_not_postable': {
    id: 'Akun {code} - {name} adalah akun induk (header) dan tidak dapat dijurnal',
    en: 'Account {code} - {name} is a header account and cannot be posted to',
  },
  'ledger.branch_not_found': { id: 'Baris {line}: cabang tidak ditemukan', en: 'Line {line}: the branch was not found' },
  'ledger.period_closed': {
    id: 'Periode {periode} sudah ditutup, tidak dapat menjurnal pada tanggal tersebut',
    en: 'Period {periode} is closed; nothing can be posted on that date',
  },
  'ledger.fiscal_year_closed': { id: 'Tahun buku {year} sudah ditutup', en: 'Fiscal year {year} is closed' },
  'ledger.date_invalid': { id: 'Tanggal jurnal tidak valid (YYYY-MM-DD)', en: 'The journal date is not valid (YYYY-MM-DD)' },
  'ledger.date_future': {
    id: 'Tanggal jurnal tidak boleh melebihi hari ini ({today})',
    en: 'The journal date cannot be after today ({today})',
  },
  'ledger.description_required': { id: 'Keterangan jurnal wajib diisi', en: 'The journal description is required' },
  'ledger.source_invalid': { id: 'Sumber jurnal tidak valid', en: 'The journal source is not valid' },
  'ledger.journal_not_found': { id: 'Jurnal tidak ditemukan', en: 'Journal not found' },
  'ledger.journal_already_reversed': {
    id: 'Jurnal {number} sudah dibatalkan dengan jurnal {reversal}',
    en: 'Journal {number} was already cancelled by journal {reversal}',
  },
  'ledger.journal_is_reversal': {
    id: 'Jurnal {number} adalah jurnal pembatalan dan tidak dapat dibatalkan lagi',
    en: 'Journal {number} is a reversing journal and cannot be cancelled',
  },
  'ledger.journal_not_reversible': {
    id: 'Jurnal penutup tahun hanya dapat dibatalkan dengan membuka kembali tahun buku',
    en: 'A year-end closing journal is only undone by reopening the fiscal year',
  },
  'ledger.journal_not_cancellable': {
    id: 'Jurnal {number} berasal dari modul {module}; batalkan melalui transaksi asalnya',
    en: 'Journal {number} comes from the {module} module; cancel it through its own transaction',
  },
  'ledger.journal_wrong_kind': {
    id: 'Jurnal {number} bukan jurnal yang dapat dikelola dari menu ini',
    en: 'Journal {number} cannot be managed from this menu',
  },
  'ledger.reason_required': { id: 'Alasan wajib diisi', en: 'A reason is required' },
  'ledger.reversal_description': { id: 'Pembatalan {number}: {reason}', en: 'Cancellation of {number}: {reason}' },
  'ledger.system_account_missing': {
    id: 'Akun sistem {key} tidak ditemukan di COA, periksa Pengaturan kode COA',
    en: 'System account {key} is missing from the chart of accounts; check the COA settings',
  },
  'ledger.journal_already_reversed_concurrently': {
    id: 'Jurnal {number} baru saja dibatalkan oleh permintaan lain',
    en: 'Journal {number} was just cancelled by another request',
  },
  'ledger.journal_created': { id: 'Jurnal berhasil disimpan', en: 'Journal saved' },
  'ledger.adjustment_created': { id: 'Jurnal penyesuaian berhasil disimpan', en: 'Adjustment journal saved' },
  'ledger.journal_cancelled': { id: 'Jurnal berhasil dibatalkan', en: 'Journal cancelled' },

  // ------------------------------------------------------------ chart of accounts
  'ledger.coa_code_required': { id: 'Kode akun wajib diisi', en: 'The account code is required' },
  'ledger.coa_code_invalid': {
    id: 'Kode akun hanya boleh berisi huruf, angka, titik dan tanda hubung (maksimal 20 karakter)',
    en: 'The account code may only hold letters, digits, dots and dashes (at most 20 characters)',
  },
  'ledger.coa_code_taken': { id: 'Kode akun {code} sudah digunakan', en: 'Account code {code} is already in use' },
  'ledger.coa_type_invalid': { id: 'Tipe akun tidak valid', en: 'The account type is not valid' },
  'ledger.coa_type_required': {
    id: 'Tipe akun wajib dipilih untuk akun tanpa induk',
    en: 'Choose the type of an account without a parent',
  },
  'ledger.coa_not_found': { id: 'Akun COA tidak ditemukan', en: 'COA account not found' },
  'ledger.coa_parent_not_found': { id: 'Akun induk tidak ditemukan', en: 'The parent account was not found' },
  'ledger.coa_parent_not_header': {
    id: 'Akun induk {code} harus berupa akun header (tidak dapat dijurnal)',
    en: 'The parent account {code} must be a header account (not postable)',
  },
  'ledger.coa_parent_type_mismatch': {
    id: 'Tipe akun harus sama dengan tipe akun induk ({type})',
    en: 'The account type must match the parent account type ({type})',
  },
  'ledger.coa_parent_cycle': {
    id: 'Akun induk tidak boleh akun itu sendiri atau sub-akunnya',
    en: 'The parent cannot be the account itself or one of its sub-accounts',
  },
  'ledger.coa_parent_inactive': { id: 'Akun induk {code} tidak aktif', en: 'The parent account {code} is inactive' },
  'ledger.coa_has_postings': {
    id: 'Akun {code} sudah memiliki transaksi dan tidak dapat dihapus; nonaktifkan akun sebagai gantinya',
    en: 'Account {code} has postings and cannot be deleted; deactivate it instead',
  },
  'ledger.coa_has_children': {
    id: 'Akun {code} masih memiliki sub-akun dan tidak dapat dihapus; nonaktifkan akun sebagai gantinya',
    en: 'Account {code} still has sub-accounts and cannot be deleted; deactivate it instead',
  },
  'ledger.coa_children_not_postable': {
    id: 'Akun {code} masih memiliki sub-akun sehingga tidak dapat dijadikan akun transaksi',
    en: 'Account {code} has sub-accounts, so it cannot become a postable account',
  },
  'ledger.coa_header_has_postings': {
    id: 'Akun {code} sudah memiliki transaksi sehingga tidak dapat dijadikan akun header',
    en: 'Account {code} has postings, so it cannot become a header account',
  },
  'ledger.coa_type_locked': {
    id: 'Tipe atau saldo normal akun {code} tidak dapat diubah karena sudah memiliki transaksi atau sub-akun',
    en: 'The type or normal balance of account {code} cannot change: it has postings or sub-accounts',
  },
  'ledger.coa_cash_kind_invalid': {
    id: 'Jenis kas/bank hanya untuk akun transaksi di bawah Kas dan Bank (101); akun {code} tidak termasuk',
    en: 'Cash or bank applies only to postable accounts under Kas dan Bank (101); account {code} is not one',
  },
  'ledger.coa_system_account': {
    id: 'Akun {code} adalah akun sistem ({key}) dan tidak dapat dihapus, dinonaktifkan atau dijadikan header',
    en: 'Account {code} is a system account ({key}) and cannot be deleted, deactivated or made a header',
  },
  'ledger.coa_balance_not_zero': {
    id: 'Saldo akun {code} masih {balance}; pindahkan saldo sebelum menonaktifkan akun',
    en: 'Account {code} still has a balance of {balance}; move it before deactivating the account',
  },
  'ledger.coa_active_children': {
    id: 'Akun {code} masih memiliki sub-akun aktif; nonaktifkan sub-akun terlebih dahulu',
    en: 'Account {code} still has active sub-accounts; deactivate them first',
  },
  'ledger.coa_in_use': {
    id: 'Akun {code} masih digunakan oleh data lain (pengguna, produk atau pengaturan)',
    en: 'Account {code} is still used elsewhere (users, products or settings)',
  },
  'ledger.coa_created': { id: 'Akun {code} berhasil ditambahkan', en: 'Account {code} added' },
  'ledger.coa_updated': { id: 'Akun {code} berhasil diubah', en: 'Account {code} updated' },
  'ledger.coa_deleted': { id: 'Akun {code} berhasil dihapus', en: 'Account {code} deleted' },
  'ledger.adjust_no_change': {
    id: 'Saldo akun {code} per {date} sudah {balance}; tidak ada yang disesuaikan',
    en: 'Account {code} already shows {balance} on {date}; nothing to adjust',
  },
  'ledger.adjust_opening_equity': {
    id: 'Akun ekuitas saldo awal tidak dapat disesuaikan terhadap dirinya sendiri',
    en: 'The opening-balance equity account cannot be adjusted against itself',
  },
  'ledger.balance_adjusted': { id: 'Saldo akun berhasil disesuaikan', en: 'Account balance adjusted' },
  'ledger.opening_posted': { id: 'Saldo awal berhasil dijurnal', en: 'Opening balances posted' },
  'ledger.opening_items_required': { id: 'Isi minimal satu saldo akun', en: 'Enter at least one account balance' },
  'ledger.opening_duplicate': { id: 'Akun {code} muncul lebih dari sekali', en: 'Account {code} appears more than once' },
  'ledger.opening_description': { id: 'Saldo awal per {date}', en: 'Opening balances as of {date}' },
  'ledger.adjust_description': { id: 'Penyesuaian saldo {code} - {name}', en: 'Balance adjustment {code} - {name}' },

  // ------------------------------------------------------------ closing the books
  'ledger.date_before_books': {
    id: 'Tanggal tidak boleh sebelum 01-01-2000 (sebelum pembukuan koperasi)',
    en: "The date cannot be before 2000-01-01 (before the cooperative's books)",
  },
  'ledger.period_before_floor': {
    id: 'Periode sebelum 2000-01 tidak dapat ditutup (sebelum pembukuan koperasi)',
    en: "A period before 2000-01 cannot be closed (before the cooperative's books)",
  },
  'ledger.period_before_books': {
    id: 'Periode {periode} sebelum pembukuan dimulai ({first}) tidak dapat ditutup',
    en: 'Period {periode} is before the books start ({first}) and cannot be closed',
  },
  'ledger.opening_negative': {
    id: 'Saldo awal akun {code} bersaldo normal debit tidak boleh negatif; centang "izinkan negatif" bila memang demikian',
    en: 'The opening balance of {code}, a normally-debit account, cannot be negative unless allowNegative is set',
  },
  'ledger.periode_invalid': { id: 'Periode tidak valid (YYYY-MM)', en: 'The period is not valid (YYYY-MM)' },
  'ledger.year_invalid': { id: 'Tahun buku tidak valid', en: 'The fiscal year is not valid' },
  'ledger.month_not_ended': {
    id: 'Periode {periode} belum berakhir sehingga belum dapat ditutup',
    en: 'Period {periode} has not ended yet and cannot be closed',
  },
  'ledger.period_already_closed': { id: 'Periode {periode} sudah ditutup', en: 'Period {periode} is already closed' },
  'ledger.period_not_closed': { id: 'Periode {periode} belum ditutup', en: 'Period {periode} is not closed' },
  'ledger.period_closed_ok': { id: 'Periode berhasil ditutup sampai {periode}', en: 'Periods closed up to {periode}' },
  'ledger.period_reopened': { id: 'Periode {periode} berhasil dibuka kembali', en: 'Period {periode} reopened' },
  'ledger.fiscal_year_not_ended': {
    id: 'Tahun buku {year} belum berakhir (berakhir {end})',
    en: 'Fiscal year {year} has not ended yet (it ends on {end})',
  },
  'ledger.fiscal_year_already_closed': { id: 'Tahun buku {year} sudah ditutup', en: 'Fiscal year {year} is already closed' },
  'ledger.fiscal_year_not_closed': { id: 'Tahun buku {year} belum ditutup', en: 'Fiscal year {year} is not closed' },
  'ledger.previous_year_open': { id: 'Tutup tahun buku {year} terlebih dahulu', en: 'Close fiscal year {year} first' },
  'ledger.next_year_closed': {
    id: 'Tahun buku {year} sudah ditutup; buka kembali tahun tersebut terlebih dahulu',
    en: 'Fiscal year {year} is closed; reopen it first',
  },
  'ledger.year_closed_ok': { id: 'Tahun buku {year} berhasil ditutup', en: 'Fiscal year {year} closed' },
  'ledger.year_reopened': { id: 'Tahun buku {year} berhasil dibuka kembali', en: 'Fiscal year {year} reopened' },
  'ledger.closing_description': { id: 'Jurnal penutup tahun buku {year}', en: 'Closing entries of fiscal year {year}' },
  'ledger.closing_carry_description': {
    id: 'Pemindahan SHU tahun sebelumnya yang belum dibagi',
    en: 'Transfer of earlier undistributed surplus',
  },

  // ------------------------------------------------------------ reports
  'report.balance_sheet': { id: 'Neraca', en: 'Balance Sheet' },
  'report.profit_and_loss': { id: 'Perhitungan Hasil Usaha', en: 'Profit and Loss' },
  'report.trial_balance': { id: 'Neraca Saldo', en: 'Trial Balance' },
  'report.ledger': { id: 'Buku Besar', en: 'General Ledger' },
  'report.journal': { id: 'Jurnal Transaksi', en: 'Journal' },
  'report.mutation': { id: 'Mutasi Rekening', en: 'Account Mutation' },
  'report.manual_journal': { id: 'Jurnal Umum', en: 'General Journal' },
  'report.adjustment_journal': { id: 'Jurnal Penyesuaian', en: 'Adjustment Journal' },
  'report.general_ledger_list': { id: 'Daftar Jurnal', en: 'Journals' },
  'report.as_of': { id: 'Per {date}', en: 'As of {date}' },
  'report.period_range': { id: 'Periode {start} s.d. {end}', en: 'Period {start} to {end}' },
  'report.business_unit': { id: 'Unit usaha: {id}', en: 'Business unit: {id}' },
  'report.current_year_result': { id: 'SHU tahun buku {year} (berjalan)', en: 'Surplus of fiscal year {year} (current)' },
  'report.prior_unclosed_result': {
    id: 'SHU tahun buku sebelumnya (belum ditutup)',
    en: 'Surplus of earlier fiscal years (not yet closed)',
  },
  'report.section.ASSET': { id: 'Aset', en: 'Assets' },
  'report.section.LIABILITY': { id: 'Kewajiban', en: 'Liabilities' },
  'report.section.EQUITY': { id: 'Ekuitas', en: 'Equity' },
  'report.section.INCOME': { id: 'Pendapatan', en: 'Income' },
  'report.section.EXPENSE': { id: 'Beban', en: 'Expenses' },
  'report.total_of': { id: 'Total {name}', en: 'Total {name}' },
  'report.total': { id: 'Total', en: 'Total' },
  'report.total_liabilities_equity': { id: 'Total Kewajiban dan Ekuitas', en: 'Total Liabilities and Equity' },
  'report.difference': { id: 'Selisih', en: 'Difference' },
  'report.surplus': { id: 'Sisa Hasil Usaha (SHU)', en: 'Surplus (SHU)' },
  'report.opening_balance': { id: 'Saldo awal', en: 'Opening balance' },
  'report.closing_balance': { id: 'Saldo akhir', en: 'Closing balance' },
  'report.col.code': { id: 'Kode', en: 'Code' },
  'report.col.account': { id: 'Nama Akun', en: 'Account' },
  'report.col.amount': { id: 'Saldo', en: 'Amount' },
  'report.col.previous': { id: 'Pembanding', en: 'Comparison' },
  'report.col.date': { id: 'Tanggal', en: 'Date' },
  'report.col.number': { id: 'No. Jurnal', en: 'Journal No.' },
  'report.col.description': { id: 'Keterangan', en: 'Description' },
  'report.col.reference': { id: 'Referensi', en: 'Reference' },
  'report.col.source': { id: 'Sumber', en: 'Source' },
  'report.col.status': { id: 'Status', en: 'Status' },
  'report.col.debit': { id: 'Debit', en: 'Debit' },
  'report.col.credit': { id: 'Kredit', en: 'Credit' },
  'report.col.balance': { id: 'Saldo', en: 'Balance' },
  'report.col.opening_debit': { id: 'Saldo Awal Debit', en: 'Opening Debit' },
  'report.col.opening_credit': { id: 'Saldo Awal Kredit', en: 'Opening Credit' },
  'report.col.adjustment_debit': { id: 'Penyesuaian Debit', en: 'Adjustment Debit' },
  'report.col.adjustment_credit': { id: 'Penyesuaian Kredit', en: 'Adjustment Credit' },
  'report.col.closing_debit': { id: 'Saldo Akhir Debit', en: 'Closing Debit' },
  'report.col.closing_credit': { id: 'Saldo Akhir Kredit', en: 'Closing Credit' },
  'report.col.type': { id: 'Tipe', en: 'Type' },
  'report.col.normal_balance': { id: 'Saldo Normal', en: 'Normal Balance' },
  'report.col.parent': { id: 'Induk', en: 'Parent' },
  'report.col.postable': { id: 'Akun Transaksi', en: 'Postable' },
  'report.col.active': { id: 'Aktif', en: 'Active' },
} satisfies Catalog;
