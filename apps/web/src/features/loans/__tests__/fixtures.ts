/** Loan data as the API answers it (contracts loans.ts), for the component tests. */
import type { InstallmentView, LoanDetailView, Simulation } from '../api/types';

export const PRODUCT = {
  id: '00000000-0000-4000-8000-0000000000a1',
  code: 'PJU',
  name: 'Pinjaman Umum',
  isActive: true,
  terms: {
    loan: {
      interestMethod: 'FLAT',
      interestRate: 1.5,
      installmentPayMethod: 'POKOK & JASA',
      minAmount: 500_000,
      maxAmount: 50_000_000,
      minTenor: 3,
      maxTenor: 36,
      adminFee: 50_000,
      adminFeeType: 'NOMINAL',
      provisionFee: 1,
      provisionFeeType: 'PERCENT',
      otherCosts: 0,
      roundingMultiple: 100,
      requiresCollateral: false,
    },
  },
};

export const MEMBER = {
  id: '00000000-0000-4000-8000-0000000000b1',
  cifNumber: '2025000003',
  fullName: 'Rina Nurul Siregar',
  phone: null,
  memberType: 'MEMBER',
  status: 'ACTIVE',
  isActive: true,
  branchName: null,
};

/** FLAT, 10.000.000 over 12 months at 1,5 % a month, rounded to Rp 100 (the server's answer for these figures). */
export function simulation(amount = 10_000_000, tenor = 12): Simulation {
  const rows = [];
  let remaining = amount;
  for (let n = 1; n <= tenor; n++) {
    const principal = n < tenor ? 833_400 : remaining;
    remaining -= principal;
    rows.push({
      number: n,
      dueDate: `2027-${String(n).padStart(2, '0')}-26`,
      principal,
      interest: 150_000,
      total: principal + 150_000,
      remainingPrincipal: remaining,
    });
  }
  return {
    installmentAmount: 983_400,
    totalPrincipal: amount,
    totalInterest: 150_000 * tenor,
    totalPayment: amount + 150_000 * tenor,
    installments: rows,
  };
}

export function installment(n: number, over: Partial<InstallmentView> = {}): InstallmentView {
  return {
    id: `i-${n}`,
    number: n,
    dueDate: `2026-${String(10 + n).padStart(2, '0')}-26`,
    principal: 833_400,
    interest: 75_000,
    total: 908_400,
    remainingPrincipal: 5_000_000 - 833_400 * n,
    principalPaid: 0,
    interestPaid: 0,
    finePaid: 0,
    fineWaived: 0,
    fineDue: 0,
    status: 'UNPAID',
    paidDate: null,
    daysLate: 0,
    notes: null,
    ...over,
  };
}

/** A running loan of 5.000.000 over 6 months: installment 1 paid, 2 overdue with a fine, 3–6 ahead. */
export function runningLoan(over: Partial<LoanDetailView> = {}): LoanDetailView {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    loanNumber: 'PJU.000001',
    memberId: MEMBER.id,
    memberName: MEMBER.fullName,
    cifNumber: MEMBER.cifNumber,
    productId: PRODUCT.id,
    productName: PRODUCT.name,
    productCode: PRODUCT.code,
    termsVersion: 1,
    status: 'RUNNING',
    label: 'running',
    amount: 5_000_000,
    tenorInMonth: 6,
    interestRate: 1.5,
    interestMethod: 'FLAT',
    installmentPayMethod: 'POKOK & JASA',
    roundingMultiple: 100,
    dueDay: null,
    installmentAmount: 908_400,
    purpose: 'Modal usaha',
    criteria: null,
    guarantor: null,
    guarantorVerified: false,
    collateralVerified: false,
    interviewNotes: null,
    surveyNotes: null,
    tag: null,
    isAutoDebit: false,
    adminFee: 50_000,
    provisionFee: 50_000,
    otherCosts: 0,
    netDisbursed: 4_900_000,
    remainingPrincipal: 4_166_600,
    principalPaid: 833_400,
    principalPaidBeforeMigration: 0,
    interestPaid: 75_000,
    finePaid: 0,
    collectability: 'LANCAR',
    daysLate: 5,
    applicationDate: '2026-10-01',
    approvedDate: '2026-10-02',
    releaseDate: '2026-10-26',
    firstInstallmentDate: '2026-11-26',
    maturityDate: '2027-04-26',
    paidOffDate: null,
    decisionReason: null,
    description: null,
    officerName: 'Admin Demo',
    createdDate: '2026-10-01T03:00:00Z',
    collaterals: [],
    installments: [
      installment(1, { principalPaid: 833_400, interestPaid: 75_000, status: 'PAID', paidDate: '2026-11-26' }),
      installment(2, { dueDate: '2026-12-21', fineDue: 4_542, daysLate: 5 }),
      installment(3, { dueDate: '2027-01-26' }),
      installment(4, { dueDate: '2027-02-26' }),
      installment(5, { dueDate: '2027-03-26' }),
      installment(6, { dueDate: '2027-04-26', principal: 833_000, total: 908_000, remainingPrincipal: 0 }),
    ],
    ...over,
  };
}
