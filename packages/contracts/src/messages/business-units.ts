import type { Catalog } from './types.ts';

/** Business units (Unit Usaha): master data, accounts, per-unit statements. */
export const businessUnitMessages = {
  'business_unit.created': { id: 'Unit usaha berhasil ditambahkan', en: 'Business unit added' },
  'business_unit.updated': { id: 'Unit usaha berhasil diubah', en: 'Business unit updated' },
  'business_unit.not_found': { id: 'Unit usaha tidak ditemukan', en: 'The business unit was not found' },
  'business_unit.name_required': { id: 'Nama unit usaha wajib diisi', en: 'The business unit name is required' },
  'business_unit.name_taken': { id: 'Nama unit usaha {name} sudah dipakai', en: 'The business unit name {name} is already in use' },
  'business_unit.type_invalid': {
    id: 'Jenis unit usaha wajib dipilih (SIMPAN PINJAM, TOKO atau USAHA LAINNYA)',
    en: 'Choose the business type (SIMPAN PINJAM, TOKO or USAHA LAINNYA)',
  },
  'business_unit.account_required': { id: 'Akun COA wajib dipilih', en: 'Choose a COA account' },
  'business_unit.account_not_found': { id: 'Akun COA tidak ditemukan', en: 'The COA account was not found' },
  'business_unit.account_inactive': {
    id: 'Akun {code} - {name} tidak aktif',
    en: 'Account {code} - {name} is inactive',
  },
  'business_unit.account_not_postable': {
    id: 'Akun {code} - {name} adalah akun induk (header), pilih akun yang dapat dijurnal',
    en: 'Account {code} - {name} is a header account; choose an account that can be posted to',
  },
  'business_unit.account_wrong_type': {
    id: 'Akun {code} - {name} harus bertipe {type}',
    en: 'Account {code} - {name} must be of type {type}',
  },
  'business_unit.account_other_unit': {
    id: 'Akun {code} - {name} milik unit usaha lain',
    en: 'Account {code} - {name} belongs to another business unit',
  },
  'business_unit.transaction_posted': { id: 'Transaksi unit usaha berhasil disimpan', en: 'Business unit transaction saved' },
  'business_unit.payment_posted': { id: 'Pembayaran utang berhasil disimpan', en: 'Debt payment saved' },
  'business_unit.payment_cancelled': { id: 'Pembayaran utang berhasil dibatalkan', en: 'Debt payment cancelled' },
  'business_unit.inactive': { id: 'Unit usaha {name} tidak aktif', en: 'Business unit {name} is inactive' },
  'business_unit.member_required': { id: 'Anggota wajib dipilih untuk penjualan kredit', en: 'Choose the member for a credit sale' },
  'business_unit.member_not_found': { id: 'Anggota tidak ditemukan', en: 'The member was not found' },
  'business_unit.debt_not_found': { id: 'Utang pada unit usaha tidak ditemukan', en: 'Debt not found for business unit' },
  'business_unit.payment_exceeds_debt': {
    id: 'Pembayaran {amount} melebihi sisa utang {debt}',
    en: 'The payment {amount} exceeds the remaining debt {debt}',
  },
  'business_unit.transaction_not_found': { id: 'Transaksi unit usaha tidak ditemukan', en: 'The business unit transaction was not found' },
  'business_unit.not_a_payment': { id: 'Hanya pembayaran utang yang dapat dibatalkan', en: 'Only a debt payment can be cancelled' },
  'business_unit.already_cancelled': { id: 'Pembayaran sudah dibatalkan', en: 'The payment is already cancelled' },
  'business_unit.cancel_reason_required': { id: 'Alasan pembatalan wajib diisi', en: 'The reason for cancelling is required' },
  'business_unit.payment_exceeds_payable': {
    id: 'Pembayaran {amount} melebihi sisa utang usaha {owed}',
    en: 'The payment {amount} exceeds the remaining trade payable {owed}',
  },
  'business_unit.saving_required': {
    id: 'Pilih rekening simpanan anggota untuk membayar dari simpanan',
    en: "Choose the member's savings account to pay from savings",
  },
  'business_unit.saving_not_member': {
    id: 'Rekening {number} bukan milik anggota ini',
    en: 'Account {number} does not belong to this member',
  },
} satisfies Catalog;
