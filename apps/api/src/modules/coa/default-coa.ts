/**
 * The chart of accounts every new cooperative starts with: a savings-and-loan
 * cooperative's COA after SAK EP (formerly SAK ETAP) as Indonesian KSPs lay it
 * out. Code 101 is the cash-and-bank parent (spec: "Cash and bank parent COA
 * id 101"). Simpanan pokok and wajib are equity (SAK EP / PSAK 27 practice for
 * cooperatives); voluntary savings and term deposits are liabilities.
 *
 * `key` marks accounts the product itself relies on; the modules find them by
 * `system_key`, so a cooperative may rename or renumber them freely.
 */
import type { AccountType } from '@koperasi/contracts';

export interface DefaultAccount {
  code: string;
  name: string;
  type: AccountType;
  parent: string | null;
  header?: boolean;
  /** Contra accounts carry the opposite normal balance of their type. */
  contra?: boolean;
  key?: string;
  /** Under Kas dan Bank: notes and coins (CASH) or a bank account (BANK); docs/teller.md "Cash and bank accounts". */
  cashKind?: 'CASH' | 'BANK';
}

const A = 'ASSET';
const L = 'LIABILITY';
const E = 'EQUITY';
const I = 'INCOME';
const X = 'EXPENSE';

export const DEFAULT_COA: DefaultAccount[] = [
  { code: '1', name: 'ASET', type: A, parent: null, header: true },
  { code: '101', name: 'Kas dan Bank', type: A, parent: '1', header: true, key: 'CASH_BANK' },
  { code: '10101', name: 'Kas Besar', type: A, parent: '101', key: 'CASH_MAIN', cashKind: 'CASH' },
  { code: '10102', name: 'Kas Kecil', type: A, parent: '101', cashKind: 'CASH' },
  { code: '10103', name: 'Kas Teller', type: A, parent: '101', key: 'CASH_TELLER', cashKind: 'CASH' },
  { code: '10104', name: 'Bank BRI', type: A, parent: '101', cashKind: 'BANK' },
  { code: '10105', name: 'Bank Mandiri', type: A, parent: '101', cashKind: 'BANK' },
  { code: '102', name: 'Piutang', type: A, parent: '1', header: true },
  { code: '10201', name: 'Piutang Pinjaman Anggota', type: A, parent: '102', key: 'LOAN_RECEIVABLE' },
  { code: '10202', name: 'Piutang Pinjaman Non-Anggota', type: A, parent: '102', key: 'LOAN_RECEIVABLE_NON_MEMBER' },
  { code: '10203', name: 'Piutang Jasa Pinjaman', type: A, parent: '102', key: 'INTEREST_RECEIVABLE' },
  { code: '10204', name: 'Piutang Tagihan Anggota', type: A, parent: '102', key: 'BILL_RECEIVABLE' },
  { code: '10205', name: 'Penyisihan Piutang Tak Tertagih', type: A, parent: '102', contra: true, key: 'LOAN_LOSS_ALLOWANCE' },
  { code: '10206', name: 'Piutang Unit Usaha', type: A, parent: '102', key: 'BUSINESS_UNIT_RECEIVABLE' },
  { code: '10207', name: 'Piutang Lain-lain', type: A, parent: '102' },
  { code: '103', name: 'Persediaan', type: A, parent: '1', header: true },
  { code: '10301', name: 'Persediaan Barang Dagang', type: A, parent: '103', key: 'INVENTORY' },
  { code: '104', name: 'Investasi', type: A, parent: '1', header: true },
  { code: '10401', name: 'Penyertaan pada Koperasi Sekunder', type: A, parent: '104' },
  { code: '10402', name: 'Simpanan pada Koperasi Lain', type: A, parent: '104' },
  { code: '105', name: 'Beban Dibayar di Muka', type: A, parent: '1', header: true },
  { code: '10501', name: 'Sewa Dibayar di Muka', type: A, parent: '105' },
  { code: '10502', name: 'Asuransi Dibayar di Muka', type: A, parent: '105' },
  { code: '106', name: 'Aset Tetap', type: A, parent: '1', header: true },
  { code: '10601', name: 'Tanah', type: A, parent: '106' },
  { code: '10602', name: 'Bangunan', type: A, parent: '106' },
  { code: '10603', name: 'Kendaraan', type: A, parent: '106' },
  { code: '10604', name: 'Peralatan dan Inventaris Kantor', type: A, parent: '106' },
  { code: '10605', name: 'Akumulasi Penyusutan Bangunan', type: A, parent: '106', contra: true },
  { code: '10606', name: 'Akumulasi Penyusutan Kendaraan', type: A, parent: '106', contra: true },
  { code: '10607', name: 'Akumulasi Penyusutan Peralatan', type: A, parent: '106', contra: true },
  { code: '109', name: 'Rekening Antara', type: A, parent: '1', header: true },
  { code: '10901', name: 'Rekening Penampung Migrasi', type: A, parent: '109', key: 'MIGRATION_TEMPORARY' },
  { code: '10902', name: 'Rekening Antar Teller', type: A, parent: '109', key: 'TELLER_CLEARING' },

  { code: '2', name: 'KEWAJIBAN', type: L, parent: null, header: true },
  { code: '201', name: 'Simpanan Anggota', type: L, parent: '2', header: true },
  { code: '20101', name: 'Simpanan Sukarela', type: L, parent: '201', key: 'SAVING_VOLUNTARY' },
  { code: '20102', name: 'Simpanan Berjangka', type: L, parent: '201', key: 'SAVING_DEPOSIT' },
  { code: '20103', name: 'Tabungan Berencana', type: L, parent: '201', key: 'SAVING_PLAN' },
  { code: '20104', name: 'Simpanan Non-Anggota', type: L, parent: '201', key: 'SAVING_NON_MEMBER' },
  { code: '202', name: 'Kewajiban Jangka Pendek', type: L, parent: '2', header: true },
  { code: '20201', name: 'Utang Jasa Simpanan', type: L, parent: '202', key: 'INTEREST_PAYABLE' },
  { code: '20202', name: 'Utang Pajak Jasa Simpanan', type: L, parent: '202', key: 'TAX_PAYABLE' },
  { code: '20203', name: 'Dana SHU Pengurus dan Pengawas', type: L, parent: '202', key: 'SHU_MANAGEMENT_FUND' },
  { code: '20204', name: 'Dana SHU Karyawan', type: L, parent: '202', key: 'SHU_EMPLOYEE_FUND' },
  { code: '20205', name: 'Dana Pendidikan', type: L, parent: '202', key: 'SHU_EDUCATION_FUND' },
  { code: '20206', name: 'Dana Sosial', type: L, parent: '202', key: 'SHU_SOCIAL_FUND' },
  { code: '20207', name: 'Dana Pembangunan Daerah Kerja', type: L, parent: '202', key: 'SHU_REGION_FUND' },
  { code: '20208', name: 'Utang SHU Anggota', type: L, parent: '202', key: 'SHU_MEMBER_PAYABLE' },
  { code: '20209', name: 'Rekening Titipan', type: L, parent: '202', key: 'ESCROW' },
  { code: '20210', name: 'Utang Usaha', type: L, parent: '202', key: 'ACCOUNTS_PAYABLE' },
  { code: '20211', name: 'Utang Biaya Administrasi', type: L, parent: '202', key: 'ADMIN_PAYABLE' },
  { code: '20212', name: 'Simpanan Pokok Belum Lunas', type: L, parent: '202', key: 'PRINCIPAL_SAVING_PENDING' },
  { code: '203', name: 'Kewajiban Jangka Panjang', type: L, parent: '2', header: true },
  { code: '20301', name: 'Utang Bank', type: L, parent: '203' },

  { code: '3', name: 'EKUITAS', type: E, parent: null, header: true },
  { code: '301', name: 'Simpanan Pokok dan Wajib', type: E, parent: '3', header: true },
  { code: '30101', name: 'Simpanan Pokok', type: E, parent: '301', key: 'SAVING_PRINCIPAL' },
  { code: '30102', name: 'Simpanan Wajib', type: E, parent: '301', key: 'SAVING_MANDATORY' },
  { code: '302', name: 'Modal Penyertaan', type: E, parent: '3', header: true },
  { code: '30201', name: 'Modal Penyertaan', type: E, parent: '302', key: 'EQUITY_PARTICIPATION' },
  { code: '303', name: 'Cadangan', type: E, parent: '3', header: true },
  { code: '30301', name: 'Cadangan Umum', type: E, parent: '303', key: 'RESERVE' },
  { code: '30302', name: 'Cadangan Risiko', type: E, parent: '303' },
  { code: '304', name: 'Hibah dan Donasi', type: E, parent: '3', header: true },
  { code: '30401', name: 'Hibah', type: E, parent: '304' },
  { code: '305', name: 'Sisa Hasil Usaha', type: E, parent: '3', header: true },
  { code: '30501', name: 'SHU Tahun Berjalan', type: E, parent: '305', key: 'CURRENT_YEAR_SURPLUS' },
  { code: '30502', name: 'SHU Belum Dibagi', type: E, parent: '305', key: 'RETAINED_SURPLUS' },
  { code: '309', name: 'Ekuitas Saldo Awal', type: E, parent: '3', header: true },
  { code: '30901', name: 'Ekuitas Saldo Awal', type: E, parent: '309', key: 'OPENING_EQUITY' },

  { code: '4', name: 'PENDAPATAN', type: I, parent: null, header: true },
  { code: '401', name: 'Pendapatan Operasional', type: I, parent: '4', header: true },
  { code: '40101', name: 'Pendapatan Jasa Pinjaman Anggota', type: I, parent: '401', key: 'LOAN_INTEREST_INCOME' },
  { code: '40102', name: 'Pendapatan Jasa Pinjaman Non-Anggota', type: I, parent: '401', key: 'LOAN_INTEREST_INCOME_NON_MEMBER' },
  { code: '40103', name: 'Pendapatan Administrasi', type: I, parent: '401', key: 'ADMIN_FEE_INCOME' },
  { code: '40104', name: 'Pendapatan Provisi', type: I, parent: '401', key: 'PROVISION_INCOME' },
  { code: '40105', name: 'Pendapatan Denda', type: I, parent: '401', key: 'FINE_INCOME' },
  { code: '40106', name: 'Pendapatan Biaya Penutupan Rekening', type: I, parent: '401', key: 'CLOSING_FEE_INCOME' },
  { code: '40107', name: 'Pendapatan Penalti Simpanan Berjangka', type: I, parent: '401', key: 'DEPOSIT_PENALTY_INCOME' },
  { code: '40108', name: 'Pendapatan Margin PPOB', type: I, parent: '401', key: 'PPOB_MARGIN_INCOME' },
  { code: '40109', name: 'Pendapatan Administrasi Tagihan', type: I, parent: '401', key: 'BILL_ADMIN_INCOME' },
  { code: '402', name: 'Pendapatan Unit Usaha', type: I, parent: '4', header: true },
  { code: '40201', name: 'Penjualan Unit Toko', type: I, parent: '402', key: 'BUSINESS_UNIT_REVENUE' },
  { code: '403', name: 'Pendapatan Non-Operasional', type: I, parent: '4', header: true },
  { code: '40301', name: 'Pendapatan Jasa Giro Bank', type: I, parent: '403', key: 'BANK_INTEREST_INCOME' },
  { code: '40302', name: 'Pendapatan Lain-lain', type: I, parent: '403', key: 'OTHER_INCOME' },

  { code: '5', name: 'BEBAN', type: X, parent: null, header: true },
  { code: '501', name: 'Beban Jasa Simpanan', type: X, parent: '5', header: true },
  { code: '50101', name: 'Beban Jasa Simpanan Sukarela', type: X, parent: '501', key: 'SAVING_INTEREST_EXPENSE' },
  { code: '50102', name: 'Beban Jasa Simpanan Berjangka', type: X, parent: '501', key: 'DEPOSIT_INTEREST_EXPENSE' },
  { code: '50103', name: 'Beban Jasa Tabungan Berencana', type: X, parent: '501', key: 'PLAN_INTEREST_EXPENSE' },
  { code: '502', name: 'Beban Operasional', type: X, parent: '5', header: true },
  { code: '50201', name: 'Beban Gaji dan Tunjangan', type: X, parent: '502' },
  { code: '50202', name: 'Beban Listrik, Air dan Telepon', type: X, parent: '502' },
  { code: '50203', name: 'Beban Alat Tulis Kantor', type: X, parent: '502' },
  { code: '50204', name: 'Beban Transportasi', type: X, parent: '502' },
  { code: '50205', name: 'Beban Sewa', type: X, parent: '502' },
  { code: '50206', name: 'Beban Penyusutan', type: X, parent: '502' },
  { code: '50207', name: 'Beban Penyisihan Piutang', type: X, parent: '502', key: 'LOAN_LOSS_EXPENSE' },
  { code: '50208', name: 'Beban Rapat Anggota Tahunan', type: X, parent: '502' },
  { code: '50209', name: 'Beban Administrasi Bank', type: X, parent: '502', key: 'BANK_CHARGES' },
  { code: '503', name: 'Beban Unit Usaha', type: X, parent: '5', header: true },
  { code: '50301', name: 'Harga Pokok Penjualan', type: X, parent: '503', key: 'COST_OF_GOODS_SOLD' },
  { code: '50302', name: 'Beban Kerugian Persediaan', type: X, parent: '503', key: 'INVENTORY_LOSS' },
  { code: '504', name: 'Beban Non-Operasional', type: X, parent: '5', header: true },
  { code: '50401', name: 'Beban Lain-lain', type: X, parent: '504', key: 'OTHER_EXPENSE' },
  { code: '505', name: 'Beban Pajak', type: X, parent: '5', header: true },
  { code: '50501', name: 'Beban Pajak Penghasilan', type: X, parent: '505' },
];

export function normalBalance(a: Pick<DefaultAccount, 'type' | 'contra'>): 'DEBIT' | 'CREDIT' {
  const debitNormal = a.type === 'ASSET' || a.type === 'EXPENSE';
  return debitNormal !== Boolean(a.contra) ? 'DEBIT' : 'CREDIT';
}
