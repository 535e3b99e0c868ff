import type { Catalog } from './types.ts';

/** Data migration wizard (docs/migration.md). */
export const migrationMessages = {
  'migration.type_invalid': {
    id: 'Jenis migrasi tidak dikenal (members, savings, deposits, loans, neraca)',
    en: 'Unknown migration type (members, savings, deposits, loans, neraca)',
  },
  'migration.file_missing': { id: 'Pilih berkas Excel (.xlsx) untuk diunggah', en: 'Choose an Excel file (.xlsx) to upload' },
  'migration.file_invalid': { id: 'Berkas bukan Excel (.xlsx) yang dapat dibaca', en: 'The file is not a readable Excel (.xlsx) file' },
  'migration.file_empty': {
    id: 'Berkas tidak berisi baris data di bawah judul kolom',
    en: 'The file has no data rows under the column headers',
  },
  'migration.too_many_rows': { id: 'Berkas berisi lebih dari {max} baris', en: 'The file has more than {max} rows' },
  'migration.bad_header': {
    id: 'Kolom wajib tidak ditemukan: {columns}. Gunakan template unduhan',
    en: 'Required columns are missing: {columns}. Use the downloaded template',
  },
  'migration.cell_not_money': { id: '{field} "{value}" bukan nominal rupiah', en: '{field} "{value}" is not a rupiah amount' },
  'migration.cell_negative': { id: '{field} tidak boleh negatif', en: '{field} must not be negative' },
  'migration.cell_not_positive': { id: '{field} harus lebih dari 0', en: '{field} must be more than 0' },
  'migration.cell_not_integer': { id: '{field} "{value}" bukan bilangan bulat', en: '{field} "{value}" is not a whole number' },
  'migration.cell_not_rate': {
    id: '{field} "{value}" bukan persen antara 0 dan 100',
    en: '{field} "{value}" is not a percentage between 0 and 100',
  },
  'migration.cell_not_date': {
    id: '{field} "{value}" bukan tanggal (YYYY-MM-DD atau DD-MM-YYYY)',
    en: '{field} "{value}" is not a date (YYYY-MM-DD or DD-MM-YYYY)',
  },
  'migration.cell_not_choice': {
    id: '{field} "{value}" harus salah satu dari {choices}',
    en: '{field} "{value}" must be one of {choices}',
  },
  'migration.product_unknown': {
    id: 'Produk dengan kode "{value}" tidak ditemukan atau tidak aktif',
    en: 'No active product has the code "{value}"',
  },
  'migration.product_gl_missing': {
    id: 'Produk "{value}" belum memiliki akun kontrol di COA',
    en: 'Product "{value}" has no control account in the COA',
  },
  'migration.deposit_rate_missing': {
    id: 'Produk tidak memiliki bunga untuk jangka {tenor} bulan; isi Bunga Per Tahun',
    en: 'The product has no rate for {tenor} months; fill in the yearly rate',
  },
  'migration.deposit_matured': {
    id: 'Simpanan berjangka sudah jatuh tempo ({date}); cairkan di pembukuan lama atau masukkan sebagai simpanan',
    en: 'The deposit matured already ({date}); pay it out in the old books or migrate it as savings',
  },
  'migration.date_order': { id: '{field} harus setelah {other}', en: '{field} must be after {other}' },
  'migration.next_interest_outside': {
    id: 'Tanggal Bunga Berikutnya harus di antara Tanggal Mulai dan Tanggal Jatuh Tempo',
    en: 'The next interest date must lie between the start and the maturity date',
  },
  'migration.date_future': { id: '{field} tidak boleh setelah hari ini', en: '{field} must not be after today' },
  'migration.date_not_future': { id: '{field} harus setelah hari ini', en: '{field} must be after today' },
  'migration.loan_overpaid': {
    id: 'Pokok terbayar {paid} lebih besar dari plafon {amount}',
    en: 'Principal paid {paid} is more than the amount lent {amount}',
  },
  'migration.loan_paid_off': { id: 'Pinjaman sudah lunas; tidak perlu dimigrasikan', en: 'The loan is paid off; it need not be migrated' },
  'migration.loan_arrears_too_big': {
    id: 'Tunggakan pokok lebih besar dari sisa pokok',
    en: 'Principal in arrears is more than the outstanding principal',
  },
  'migration.loan_remaining_tenor': {
    id: 'Sisa Angsuran harus minimal 1 selama masih ada sisa pokok di luar tunggakan',
    en: 'Remaining installments must be at least 1 while principal beyond the arrears is outstanding',
  },
  'migration.loan_tenor_exceeded': {
    id: 'Sisa Angsuran (dengan tunggakan) melebihi jangka waktu {tenor} bulan',
    en: 'Remaining installments (with the arrears) exceed the term of {tenor} months',
  },
  'migration.cif_taken': { id: 'ID Anggota {value} sudah terdaftar', en: 'Member ID {value} is already registered' },
  'migration.identity_taken': {
    id: 'No. Identitas {value} sudah dipakai anggota lain',
    en: 'Identity number {value} is already held by another member',
  },
  'migration.cif_unknown': {
    id: 'ID Anggota {value} tidak ditemukan di anggota maupun data migrasi anggota',
    en: 'Member ID {value} is neither a member nor in the staged members',
  },
  'migration.equity_twice': {
    id: 'Anggota sudah memiliki rekening simpanan modal ini di baris {other}',
    en: 'The member already has this equity account in row {other}',
  },
  'migration.step_confirmed': {
    id: 'Langkah {type} sudah dikonfirmasi; batalkan konfirmasi dahulu untuk mengunggah ulang',
    en: 'The {type} step is confirmed; undo the confirm first to upload again',
  },
  'migration.account_unknown': { id: 'Akun dengan kode {value} tidak ditemukan', en: 'No account has the code {value}' },
  'migration.account_header': {
    id: 'Akun {value} adalah akun induk; isi saldo pada sub-akunnya',
    en: 'Account {value} is a header account; enter the balance on its sub-accounts',
  },
  'migration.account_temporary': {
    id: 'Akun penampung migrasi {value} tidak diisi; saldonya dihitung sistem',
    en: 'The migration holding account {value} is not filled in; the system computes it',
  },
  'migration.account_twice': { id: 'Akun {value} sudah diisi di baris {other}', en: 'Account {value} is already filled in on row {other}' },
  'migration.neraca_invalid': {
    id: 'Neraca awal berisi {count} kesalahan; perbaiki dan unggah ulang',
    en: 'The opening balance sheet has {count} errors; fix them and upload again',
  },
  'migration.neraca_unbalanced': {
    id: 'Neraca awal tidak seimbang: selisih debit dan kredit {difference}',
    en: 'The opening balance sheet does not balance: debit minus credit is {difference}',
  },
  'migration.not_zero': {
    id: 'Rekening penampung migrasi tidak akan nol; selisih dengan neraca awal (akun: neraca / rincian): {accounts}',
    en: 'The migration holding account would not net to zero; differences with the opening balance sheet (account: sheet / detail): {accounts}',
  },
  'migration.temporary_missing': {
    id: 'Akun penampung migrasi (TEMPORARY) tidak ada di COA',
    en: 'The migration holding account (TEMPORARY) is missing from the COA',
  },
  'migration.nothing_to_confirm': { id: 'Tidak ada data valid untuk dikonfirmasi', en: 'There is no valid data to confirm' },
  'migration.member_missing': {
    id: 'Pemilik rekening belum menjadi anggota (konfirmasi anggota dahulu), baris: {rows}',
    en: 'Account holders are not members yet (confirm the members first), rows: {rows}',
  },
  'migration.reset_order': { id: 'Batalkan dahulu langkah: {types}', en: 'Undo these steps first: {types}' },
  'migration.moved_since': {
    id: 'Tidak dapat dibatalkan: sudah ada transaksi setelah migrasi pada {accounts}',
    en: 'Cannot be undone: there were movements after the migration on {accounts}',
  },
  'migration.neraca_moved_since': {
    id: 'Neraca awal tidak dapat dibatalkan: sudah ada jurnal lain setelahnya ({journals})',
    en: 'The opening balance sheet cannot be undone: other journals were posted after it ({journals})',
  },
  'migration.reset_step_invalid': {
    id: 'Langkah harus 1 (Unggah Data), 2 (Penyesuaian Pencatatan Akun) atau 3 (Tinjau dan Proses Migrasi)',
    en: 'The step must be 1 (upload data), 2 (adjust account recording) or 3 (review and process migration)',
  },
  'migration.loan_paid_without_installment': {
    id: 'Pokok terbayar diisi tetapi belum ada angsuran sebelum migrasi (Jangka Waktu − Sisa Angsuran harus minimal 1)',
    en: 'Principal paid is given but no installment fell due before the migration (term − remaining installments must be at least 1)',
  },
  'migration.not_confirmed': { id: 'Langkah {type} belum dikonfirmasi', en: 'The {type} step is not confirmed' },
  'migration.uploaded': { id: 'Data berhasil diunggah dan diperiksa', en: 'Data uploaded and checked' },
  'migration.neraca_uploaded': { id: 'Neraca awal berhasil diunggah', en: 'Opening balance sheet uploaded' },
  'migration.confirmed': { id: 'Migrasi berhasil diproses', en: 'Migration processed' },
  'migration.reset_done': { id: 'Data migrasi berhasil direset', en: 'Migration data reset' },
} satisfies Catalog;
