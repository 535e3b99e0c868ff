/** Enumerations of spec section 3, shared by server and client. */
export const ROLE_CODES = ['SUPER_ADMIN', 'TELLER', 'AGENT'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** Display names of the built-in roles (spec: TELLER, SUPER ADMIN, AGENT). */
export const BUILTIN_ROLE_NAMES: Record<RoleCode, string> = {
  SUPER_ADMIN: 'SUPER ADMIN',
  TELLER: 'TELLER',
  AGENT: 'AGENT',
};

export const OFFICER_TITLES = ['KETUA', 'WAKIL', 'BENDAHARA', 'SEKERTARIS', 'PENGAWAS', 'PEGAWAI', 'MANAJER'] as const;
export type OfficerTitle = (typeof OFFICER_TITLES)[number];

export const BUSINESS_TYPES = ['SIMPAN PINJAM', 'TOKO', 'USAHA LAINNYA'] as const;
export const LOAN_INTEREST_METHODS = ['FLAT', 'EFEKTIF', 'EFEKTIF_BULAN', 'ANUITAS'] as const;
export const PERIODS = ['BULANAN', 'HARIAN'] as const;
export const COOPERATIVE_TYPES = ['KONSUMEN', 'PRODUSEN', 'PEMASARAN', 'JASA', 'KSP'] as const;
export type CooperativeType = (typeof COOPERATIVE_TYPES)[number];
export const BILL_TYPES = ['FIXED_BILL', 'NOT_FIXED_BILL', 'WITH_TOTAL_DEBT'] as const;
export const BALANCE_BASES = ['HARIAN', 'RATA_RATA', 'TERENDAH'] as const;
export const PAYMENT_COMPONENTS = ['POKOK & JASA', 'POKOK', 'JASA'] as const;
export const COLLECTABILITY_GRADES = ['LANCAR', 'KURANG LANCAR', 'DIRAGUKAN', 'MACET'] as const;
export const PRODUCT_KINDS = ['SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT', 'LOAN', 'BILL'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const TRANSACTION_KINDS = ['TOPUP', 'TOPUP_INTEREST', 'WITHDRAW', 'WITHDRAW_TAX'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const LOAN_LABELS = ['approved', 'rejected', 'not paid off', 'paid off', 'waiting approval', 'running'] as const;
export const MEMBER_TYPES = ['MEMBER', 'NON_MEMBER', 'PROSPECTIVE'] as const;
export const IDENTITY_TYPES = ['KTP', 'SIM', 'PASSPORT'] as const;
export const GENDERS = ['L', 'P'] as const;
export const ACCOUNT_TYPES = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const MIGRATION_ACCOUNT_RECORD_TYPE_DEFAULT = 'TEMPORARY';
export const LOCALES = ['id', 'en', 'zh', 'ar', 'it', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
