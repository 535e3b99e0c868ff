/**
 * Shapes of the savings answers (docs/savings.md), from the contracts' view
 * schemas where the API documents them (type-only imports: no zod in the
 * bundle for these), extended with the fields the server adds.
 */
import type { passbookView, receiptView, savingAccountView, transactionView } from '@koperasi/contracts/savings.answers';
import type { z } from 'zod';

export type SavingAccount = z.infer<typeof savingAccountView>;
export type Transaction = z.infer<typeof transactionView> & { termsVersion?: number | null };

export interface MemberAccounts {
  accounts: SavingAccount[];
  totals: { equity: number; saving: number; available: number };
}

export interface AccountDetail extends SavingAccount {
  totalCredit: number;
  totalDebit: number;
  waitingRequests: Array<{ id: string; type: string; amount: number; requestedAt: string }>;
}

/** Answer of a deposit, withdrawal or transfer: posted, or a withdrawal waiting for a supervisor. */
export interface MovementResult {
  status: 'POSTED' | 'WAITING_APPROVAL';
  transaction?: Transaction;
  transactions?: Transaction[];
  request?: Record<string, unknown>;
}

export interface OpenResult {
  status: 'OPENED' | 'WAITING_APPROVAL';
  account: SavingAccount;
  transaction: Transaction | null;
}

export interface CloseResult {
  memberSavingId: string;
  accountNumber: string;
  status: 'CLOSED';
  balanceBefore: number;
  closingFee: number;
  payout: number;
  journalNumber: string | null;
  transactions: Transaction[];
}

export interface CancelResult {
  transactionId: string;
  code: string;
  status: 'CANCELLED';
  reason: string;
  reversalJournalId: string;
  reversalJournalNumber: string;
  reversals: Array<{ id: string; code: string; savingId: string; amount: number; balanceAfter: number }>;
}

export interface JournalLine {
  lineNo: number;
  coaCode: string;
  coaName: string;
  debit: number;
  credit: number;
}

export interface TransactionDetail extends Transaction {
  activityLabel: string;
  operation: Transaction[];
  reversal: Transaction | null;
  journals: Array<{ id: string; number: string | null; date: string | null; lines: JournalLine[] }>;
}

export type MutationRow = Transaction & { activityLabel: string; credit: number; debit: number };

export interface PlanProgress {
  planMonthlyAmount: number | null;
  planTargetBalance: number | null;
  planTargetDate: string | null;
  monthsElapsed: number;
  expectedBalance: number | null;
  shortfall: number;
  progressPercent: number | null;
  remainingToTarget: number;
  status: 'REACHED' | 'ON_TRACK' | 'BEHIND';
}

export type Receipt = z.infer<typeof receiptView> & {
  dateText?: string;
  cancelReason?: string | null;
  balanceAfterText?: string;
  layout?: { widthMm: number; heightMm?: number; charactersPerLine: number; fontSizePt: number };
  lines: Array<z.infer<typeof receiptView>['lines'][number] & { memberName?: string; cifNumber?: string; amountText?: string }>;
};

export type Passbook = z.infer<typeof passbookView>;

export type RequestStatus = 'WAITING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';

/** An online cash-out (or above-limit withdrawal) request. */
export interface CashOutRequest {
  id: string;
  type: 'WITHDRAWAL' | 'CASH_OUT_ONLINE';
  memberSavingId: string;
  accountNumber: string;
  productName: string;
  balance: number;
  memberId: string;
  cifNumber: string;
  memberName: string;
  phone: string | null;
  amount: number;
  description: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankAccountName: string | null;
  cashCoa: { id: string; code: string | null; name: string | null } | null;
  channel: string;
  status: RequestStatus;
  reason: string | null;
  requestedBy: string | null;
  requestedByName: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  transactionId: string | null;
  transactionCode: string | null;
}

export interface CashAccount {
  id: string;
  code: string;
  name: string;
  systemKey: string | null;
  isActive: boolean;
  balance: number;
}

export interface ProductTerms {
  version: number;
  effectiveDate: string;
  minBalance: number | null;
  closingFee: number | null;
  blockAmount: number | null;
  planMonthlyAmount: number | null;
  planTargetBalance: number | null;
  planTargetMonths: number | null;
  amount: number | null;
  period: string | null;
}

export interface Product {
  id: string;
  code: string;
  name: string;
  kind: string;
  savingType: string | null;
  description: string | null;
  audience: 'MEMBER' | 'NON_MEMBER' | 'ALL';
  requiresApproval: boolean;
  isActive: boolean;
  terms: ProductTerms | null;
}

/** A member as the as-you-type search answers (members' MemberListItem, the fields this area reads). */
export interface MemberHit {
  id: string;
  cifNumber: string;
  fullName: string;
  phone: string | null;
  identityNumber: string | null;
  memberType: 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';
  status: string;
  isActive: boolean;
  branchName: string | null;
  principalStatus?: string | null;
}
