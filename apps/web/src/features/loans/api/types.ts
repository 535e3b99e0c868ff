/** What the loan screens read: the API's contracts (packages/contracts/src/loans.ts and loans.answers.ts), by file. */
import type { LoanStatus, ScheduleRowView, SimulationView } from '@koperasi/contracts/loans';
import type {
  collateralView,
  InstallmentView,
  LoanDetailView,
  LoanPaymentView,
  LoanView,
  loanMutationView,
  OutstandingView,
  onlineLoanView,
  remainingLoanView,
  thisMonthView,
} from '@koperasi/contracts/loans.answers';
import type { z } from 'zod';

export type { InstallmentView, LoanDetailView, LoanPaymentView, LoanStatus, LoanView, OutstandingView };
export type Simulation = SimulationView;
export type SimulationRow = ScheduleRowView;
export type Installment = InstallmentView;
export type Collateral = z.infer<typeof collateralView>;
export type LoanMutation = z.infer<typeof loanMutationView>;
export type OnlineLoan = z.infer<typeof onlineLoanView>;
export type RemainingLoan = z.infer<typeof remainingLoanView>;
export type ThisMonth = z.infer<typeof thisMonthView>;

/** A loan product as the pickers get it (GET product/LOAN/categories). */
export interface LoanProduct {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  terms: { loan: LoanTerms | null };
}

/** The loan terms in force (`terms.loan` of a product). */
export interface LoanTerms {
  interestMethod?: string;
  /** Percent per month. */
  interestRate?: number;
  installmentPayMethod?: string;
  minAmount?: number;
  maxAmount?: number | null;
  minTenor?: number;
  maxTenor?: number;
  adminFee?: number;
  adminFeeType?: 'NOMINAL' | 'PERCENT';
  provisionFee?: number;
  provisionFeeType?: 'NOMINAL' | 'PERCENT';
  otherCosts?: number;
  dueDay?: number | null;
  roundingMultiple?: number;
  fineGraceDays?: number;
  firstInstallmentRule?: string;
  requiresCollateral?: boolean;
  applicationNeedsApproval?: boolean;
}
