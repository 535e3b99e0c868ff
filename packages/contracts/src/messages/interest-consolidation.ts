import type { Catalog } from './types.ts';

/** Consolidated interest release and the interest upload. docs/interest.md "Consolidation", "Interest upload". */
export const consolidationMessages = {
  'consolidation.processed': { id: 'Konsolidasi jasa berhasil diproses', en: 'Interest consolidated' },
  'consolidation.updated': { id: 'Baris konsolidasi diperbarui', en: 'Consolidation line updated' },
  'consolidation.cancelled_ok': { id: 'Konsolidasi dibatalkan', en: 'Consolidation cancelled' },
  'consolidation.released': { id: 'Konsolidasi jasa berhasil dirilis', en: 'Consolidated interest released' },
  'consolidation.not_found': { id: 'Konsolidasi tidak ditemukan', en: 'Consolidation not found' },
  'consolidation.exists': {
    id: 'Periode {start} s.d. {end} sudah dikonsolidasi ({status})',
    en: 'The period {start} to {end} is already consolidated ({status})',
  },
  'consolidation.empty': {
    id: 'Tidak ada jasa simpanan untuk dikonsolidasi pada periode ini',
    en: 'There is no savings interest to consolidate in this period',
  },
  'consolidation.not_editable': {
    id: 'Konsolidasi berstatus {status}: baris tidak dapat diubah',
    en: 'The consolidation is {status}: its lines cannot be changed',
  },
  'consolidation.not_cancellable': {
    id: 'Konsolidasi berstatus {status} tidak dapat dibatalkan (batalkan rilisnya lewat Batal Rilis)',
    en: 'A {status} consolidation cannot be cancelled (cancel its release instead)',
  },
  'consolidation.is_cancelled': { id: 'Konsolidasi sudah dibatalkan', en: 'The consolidation is already cancelled' },
  'interest_upload.uploaded': { id: 'File jasa berhasil diunggah', en: 'Interest file uploaded' },
  'interest_upload.confirmed': { id: 'Jasa tanggal {date} berhasil dirilis', en: 'Interest of {date} released' },
  'interest_upload.file_missing': { id: 'File Excel wajib diunggah', en: 'An Excel file is required' },
  'interest_upload.file_invalid': { id: 'File bukan Excel (.xlsx) yang valid', en: 'The file is not a valid Excel (.xlsx) file' },
  'interest_upload.too_large': { id: 'File terlalu besar', en: 'The file is too large' },
  'interest_upload.too_many_rows': { id: 'File berisi lebih dari {max} baris', en: 'The file holds more than {max} rows' },
  'interest_upload.header_missing': {
    id: 'Kolom {column} tidak ditemukan di baris judul',
    en: 'Column {column} is missing from the header row',
  },
  'interest_upload.nothing': {
    id: 'Tidak ada data jasa yang siap dirilis pada tanggal {date}',
    en: 'There is no interest ready to release on {date}',
  },
  'interest_upload.has_errors': {
    id: '{count} baris gagal pada tanggal {date}: perbaiki dan unggah ulang',
    en: '{count} rows of {date} failed: correct them and upload again',
  },
  'interest_upload.date_future': {
    id: 'Tanggal rilis tidak boleh setelah hari ini ({today})',
    en: 'The release date is after today ({today})',
  },
  'interest_upload.account_unknown': { id: 'Rekening {value} tidak ditemukan', en: 'Account {value} not found' },
  'interest_upload.account_not_voluntary': {
    id: 'Rekening {value} bukan simpanan sukarela aktif',
    en: 'Account {value} is not an active voluntary savings account',
  },
  'interest_upload.account_twice': { id: 'Rekening {value} sudah ada di baris {row}', en: 'Account {value} is already in row {row}' },
  'interest_upload.already_paid': {
    id: 'Rekening {value} sudah menerima jasa untuk tanggal ini',
    en: 'Account {value} already received interest for this date',
  },
  'interest_upload.amount_invalid': {
    id: '{column} harus angka 0 atau lebih dengan maksimal 2 desimal',
    en: '{column} must be a number of 0 or more with at most 2 decimals',
  },
  'interest_upload.required': { id: '{column} wajib diisi', en: '{column} is required' },
  'interest_upload.zero': { id: 'Jasa dan biaya admin keduanya nol', en: 'Both the interest and the admin fee are zero' },
} satisfies Catalog;
