/**
 * Savings answers (documentation of the responses): a saving account, a
 * member transaction, a receipt and a passbook. Requests: savings.ts.
 */
import { z } from 'zod';
import { PRODUCT_KINDS, TRANSACTION_KINDS } from './enums.ts';
import { RECEIPT_PAPERS, SAVING_ACCOUNT_STATUSES, TRANSACTION_CHANNELS, TRANSACTION_STATUSES } from './savings.ts';

// ---------------------------------------------------------------- answers (documentation)

export const savingAccountView = z.object({
  id: z.string(),
  accountNumber: z.string(),
  memberId: z.string(),
  cifNumber: z.string(),
  memberName: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  kind: z.enum(['SAVING', 'SAVING_EQUITY']),
  savingType: z.string(),
  status: z.enum(SAVING_ACCOUNT_STATUSES),
  balance: z.number(),
  blockedAmount: z.number(),
  pledgedAmount: z.number(),
  /** Balance minus blocked, pledged, the product's held amount and minimum balance (0 for equity). */
  availableBalance: z.number(),
  tag: z.string().nullable(),
  isAutoDebit: z.boolean(),
  isSourceOfFund: z.boolean(),
  isNotGetInterest: z.boolean(),
  isBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  planMonthlyAmount: z.number().nullable(),
  planTargetBalance: z.number().nullable(),
  planTargetDate: z.string().nullable(),
  openDate: z.string().nullable(),
  closeDate: z.string().nullable(),
  lastTransactionDate: z.string().nullable(),
  createdDate: z.string(),
});

export const transactionView = z.object({
  id: z.string(),
  code: z.string(),
  transactionDate: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  memberId: z.string(),
  cifNumber: z.string(),
  memberName: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  memberSavingId: z.string().nullable(),
  accountNumber: z.string().nullable(),
  kind: z.enum(TRANSACTION_KINDS),
  activity: z.string(),
  amount: z.number(),
  /** Signed for the account: + money in, - money out. */
  signedAmount: z.number(),
  balanceAfter: z.number(),
  channel: z.enum(TRANSACTION_CHANNELS),
  cashCoa: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  groupId: z.string(),
  journalId: z.string().nullable(),
  journalNumber: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  isReversal: z.boolean(),
  reversalOfId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  description: z.string().nullable(),
  tellerId: z.string().nullable(),
  tellerName: z.string().nullable(),
  requestId: z.string().nullable(),
});

export const receiptView = z.object({
  paper: z.enum(RECEIPT_PAPERS),
  title: z.string(),
  cooperative: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** Nomor Induk Koperasi (NIK); the receipt prints the legal-entity number instead. */
    cooperativeNumber: z.string().nullable(),
    /** Nomor Badan Hukum: printed on receipts under "No. Badan Hukum". */
    legalEntityNumber: z.string().nullable(),
  }),
  code: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  date: z.string(),
  time: z.string(),
  member: z.object({ cifNumber: z.string(), name: z.string() }),
  account: z.object({ number: z.string().nullable(), productName: z.string() }),
  lines: z.array(
    z.object({ label: z.string(), accountNumber: z.string().nullable(), kind: z.string(), amount: z.number(), balanceAfter: z.number() }),
  ),
  amount: z.number(),
  amountText: z.string(),
  amountInWords: z.string(),
  balanceAfter: z.number(),
  cashAccount: z.string().nullable(),
  teller: z.string().nullable(),
  channel: z.string(),
  description: z.string().nullable(),
  journalNumber: z.string().nullable(),
  printedAt: z.string(),
  footer: z.string(),
});

export const passbookView = z.object({
  cooperative: z.object({ name: z.string(), address: z.string().nullable() }),
  account: savingAccountView,
  start: z.string(),
  end: z.string(),
  openingBalance: z.number(),
  totalCredit: z.number(),
  totalDebit: z.number(),
  closingBalance: z.number(),
  rows: z.array(
    z.object({
      no: z.number(),
      date: z.string(),
      code: z.string(),
      description: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
      teller: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
