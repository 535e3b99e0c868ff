/**
 * HTTP routes of Transaksi Anggota for savings (spec section 7 "Transactions"
 * and the saving flags of "Members"): opening, movements, cancellation,
 * closing, flags, lists, mutations, receipts and passbook, and the approval
 * of withdrawals above a limit. Money-moving POSTs honour Idempotency-Key
 * inside their own transaction (`idempotency: 'transactional'`).
 */
import {
  autoDebitQuery,
  blockedBody,
  byCifProductCashBody,
  cancelBody,
  closeSavingBody,
  memberSavingsQuery,
  mutationQuery,
  notGetInterestBody,
  openDecisionBody,
  openProductBody,
  pageOf,
  passbookQuery,
  passbookView,
  receiptQuery,
  receiptView,
  requestDecisionBody,
  requestListQuery,
  savingAccountDatatableQuery,
  savingAccountView,
  savingIdParam,
  savingMovementBody,
  savingSearchQuery,
  sourceOfFundBody,
  tagBody,
  topupByCifBody,
  transactionByMeQuery,
  transactionDatatableQuery,
  transactionView,
  transferQuery,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf, requestHash, scopedIdempotencyKey } from '../../lib/context.ts';
import { RequestValidationError } from '../../lib/errors.ts';
import { sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { cancelElsewhere } from '../money/cancel.ts';
import { documented, passthrough } from '../products/products.http.ts';
import * as accounts from './savings.accounts.ts';
import * as byCif from './savings.by-cif.ts';
import * as lists from './savings.lists.ts';
import * as requests from './savings.requests.ts';
import * as savings from './savings.service.ts';

const TAG = ['transaction'];
const FLAG_TAG = ['member saving flags'];
const money = { idempotency: 'transactional' as const };
// principalInTx (teller deposits and withdrawals): every check of the signed-in user runs inside the movement's
// transaction, which verifies the cached principal first (plugins/auth.ts); other routes read it on every request.
const idParam = z.object({ id: z.string().uuid('validation.uuid') });

const movementResult = z.object({
  status: z.enum(['POSTED', 'WAITING_APPROVAL']),
  transaction: transactionView.optional(),
  transactions: z.array(transactionView).optional(),
  request: z.record(z.string(), z.unknown()).optional(),
});

const MOVEMENT_NOTES =
  'Amount: positive, at most 2 decimals. coaId: a cash or bank account under 101 (default: the signed-in user’s assigned cash account, else Kas Besar). ' +
  'The answer carries the transaction (code, balance after, journal number); GET /api/transaction/{id}/receipt gives the printable receipt. ' +
  'Send Idempotency-Key to make retries safe: a repeat answers the first result (header idempotent-replayed: true).';

function tenantName(req: FastifyRequest): string {
  return req.principal?.tenantName ?? '';
}

/** The Fastify instance with zod types, as the route functions below take it. */
type App = ReturnType<typeof typed>;
const typed = (a: FastifyInstance) => a.withTypeProvider<ZodTypeProvider>();

export async function savingRoutes(appBase: FastifyInstance) {
  const app = typed(appBase);
  openingRoutes(app);
  depositWithdrawRoutes(app);
  transferCancelCloseRoutes(app);
  requestRoutes(app);
  listRoutes(app);
  accountListRoutes(app);
  accountRoutes(app);
  flagRoutes(app);
}

/** Opening accounts and the requests to open them. */
function openingRoutes(app: App) {
  // ------------------------------------------------------------ opening

  app.post(
    '/api/transaction/request-open-product-member',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Open a product for a member (savings now; deposits and loans when their modules land)',
        description:
          'SAVING and SAVING_EQUITY open here (status ACTIVE, or PENDING when the product requires approval). Other kinds answer 422 until ' +
          'their module registers. initialDeposit posts the first deposit with the opening (not for products needing approval). ' +
          'Plan savings take planMonthlyAmount, planTargetBalance and planTargetDate (defaults from the product).',
        body: openProductBody,
        response: documented(
          z.object({ status: z.enum(['OPENED', 'WAITING_APPROVAL']), account: savingAccountView, transaction: transactionView.nullable() }),
        ),
      },
    },
    async (req) => {
      const b = req.body;
      const r = await accounts.openProduct(ctxOf(req), {
        ...b,
        initialDeposit: b.initialDeposit == null ? null : dec(b.initialDeposit),
        planMonthlyAmount: b.planMonthlyAmount == null ? null : dec(b.planMonthlyAmount),
        planTargetBalance: b.planTargetBalance == null ? null : dec(b.planTargetBalance),
      });
      return ok(r, (r as { status?: string }).status === 'WAITING_APPROVAL' ? 'saving.open_waiting' : 'saving.open_success');
    },
  );

  app.post(
    '/api/transaction/approve-open-product-member',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: TAG,
        summary: 'Approve or reject an account opening waiting for approval (reason required to reject)',
        body: openDecisionBody,
        response: documented(savingAccountView),
      },
    },
    async (req) =>
      ok(await accounts.decideOpen(ctxOf(req), req.body), req.body.status === 'APPROVED' ? 'saving.open_approved' : 'saving.open_rejected'),
  );
}

/** Teller deposits and withdrawals: by account and by CIF. */
function depositWithdrawRoutes(app: App) {
  // ------------------------------------------------------------ movements

  app.post(
    '/api/transaction/topup-saving',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money, principalInTx: true },
      schema: {
        tags: TAG,
        summary: 'Deposit into a saving account (setoran)',
        description: `${MOVEMENT_NOTES} The principal saving is paid up to its amount; the payment completing it marks the member's principal paid.`,
        body: savingMovementBody,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const b = req.body;
      return ok(
        await savings.deposit(ctxOf(req), {
          savingId: b.memberSavingId,
          amount: dec(b.amount),
          description: b.description,
          coaId: b.coaId,
        }),
        'saving.deposit_success',
      );
    },
  );

  app.post(
    '/api/transaction/withdraw',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money, principalInTx: true },
      schema: {
        tags: TAG,
        summary: 'Withdraw from a saving account (penarikan)',
        description:
          `${MOVEMENT_NOTES} Keeps the minimum balance, the product's held amount and the blocked and pledged amounts; equity savings cannot be withdrawn. ` +
          "Above the role's saving-withdrawal limit: 403 naming the limit, or (configuration transactionPolicy.withdrawalAboveLimit = REQUEST_APPROVAL) " +
          'status WAITING_APPROVAL with the request (approved at POST /api/transaction/withdraw-request/decide).',
        body: savingMovementBody,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const b = req.body;
      const r = await savings.withdraw(ctxOf(req), {
        savingId: b.memberSavingId,
        amount: dec(b.amount),
        description: b.description,
        coaId: b.coaId,
      });
      return ok(r, r.status === 'WAITING_APPROVAL' ? 'saving.withdraw_waiting' : 'saving.withdraw_success');
    },
  );

  app.post(
    '/api/transaction/topup-saving-by-cif',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money, principalInTx: true },
      schema: {
        tags: TAG,
        summary: 'Deposit by member CIF (the product, or the member’s one voluntary account)',
        description: `${MOVEMENT_NOTES} A member recorded before the system gets the equity account of productId opened on this first payment.`,
        body: topupByCifBody,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const b = req.body;
      return ok(await byCif.depositByCif(ctxOf(req), { ...b, amount: dec(b.amount) }), 'saving.deposit_success');
    },
  );

  app.post(
    '/api/transaction/topup-saving-by-cif-product-kas-bank',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money, principalInTx: true },
      schema: {
        tags: TAG,
        summary: 'Deposit by CIF and product into the chosen cash or bank account',
        description: MOVEMENT_NOTES,
        body: byCifProductCashBody,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const b = req.body;
      return ok(await byCif.depositByCif(ctxOf(req), { ...b, amount: dec(b.amount) }), 'saving.deposit_success');
    },
  );

  app.post(
    '/api/transaction/withdraw-saving-by-cif-product-kas-bank',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money, principalInTx: true },
      schema: {
        tags: TAG,
        summary: 'Withdraw by CIF and product from the chosen cash or bank account',
        description: `${MOVEMENT_NOTES} Same rules and limit as POST /api/transaction/withdraw.`,
        body: byCifProductCashBody,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const b = req.body;
      const r = await byCif.withdrawByCif(ctxOf(req), { ...b, amount: dec(b.amount) });
      return ok(r, r.status === 'WAITING_APPROVAL' ? 'saving.withdraw_waiting' : 'saving.withdraw_success');
    },
  );
}

/** Transfers, cancellations and closings. */
function transferCancelCloseRoutes(app: App) {
  app.post(
    '/api/transaction/v2/transfer',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Transfer between two saving accounts (QUERY parameters, spec)',
        description:
          'fromSavingId, toSavingId, amount, description, timeOfRequest. Both accounts are locked in a fixed order; the source keeps its minimum, ' +
          'held, blocked and pledged amounts; equity accounts can receive (paying pokok or wajib) but not send. No cash moves, so the withdrawal ' +
          'limit does not apply. A repeated timeOfRequest for the same transfer (same parameters) answers the first result like an Idempotency-Key; ' +
          'the same timeOfRequest with other parameters answers 409.',
        querystring: transferQuery,
        response: documented(movementResult),
      },
    },
    async (req) => {
      const q = req.query;
      const ctx = ctxOf(req);
      if (!ctx.idem && q.timeOfRequest) {
        const path = req.url.split('?')[0];
        ctx.idem = {
          key: scopedIdempotencyKey(
            ctx.userId ?? '',
            'POST',
            req.routeOptions.url ?? path,
            `transfer:${q.fromSavingId}:${q.timeOfRequest}`,
          ),
          hash: requestHash('POST', path, req.query, null),
          method: 'POST',
          path,
        };
      }
      return ok(await savings.transfer(ctx, { ...q, amount: dec(q.amount) }), 'saving.transfer_success');
    },
  );

  app.post(
    '/api/transaction/cancel',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Cancel a transaction: reversal journal, balances restored, the original marked CANCELLED',
        description:
          'Only a role allowed to cancel transactions (403 otherwise); never in a closed period. The whole operation is cancelled (both legs of ' +
          'a transfer). Closings, exits and interest cannot be cancelled here. A loan payment (its id, journal id or savings leg) and a loan ' +
          'release (the loan id, its journal id or savings leg) are cancelled by the loans module (docs/loans.md).',
        body: cancelBody,
        response: documented(
          z.object({
            transactionId: z.string(),
            code: z.string(),
            status: z.literal('CANCELLED'),
            reason: z.string(),
            reversalJournalId: z.string(),
            reversalJournalNumber: z.string(),
            reversals: z.array(
              z.object({ id: z.string(), code: z.string(), savingId: z.string(), amount: z.number(), balanceAfter: z.number() }),
            ),
          }),
        ),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      // A loan payment or release is cancelled by its module (registered in modules/money/cancel.ts).
      const other = await cancelElsewhere(ctx, req.body);
      return ok(other ?? (await savings.cancelTransaction(ctx, req.body)), 'saving.cancel_success');
    },
  );

  app.post(
    '/api/transaction/close-product-saving',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Close a saving account: closing fee, the rest paid out',
        description:
          'Voluntary and plan savings only (equity is returned at exit). Refused while blocked, pledged or with a withdrawal waiting. ' +
          "The payout is a cash withdrawal: above the role's limit it is refused.",
        body: closeSavingBody,
        response: documented(
          z.object({
            memberSavingId: z.string(),
            accountNumber: z.string(),
            status: z.literal('CLOSED'),
            balanceBefore: z.number(),
            closingFee: z.number(),
            payout: z.number(),
            journalNumber: z.string().nullable(),
            transactions: z.array(transactionView),
          }),
        ),
      },
    },
    async (req) => ok(await savings.closeAccount(ctxOf(req), req.body), 'saving.close_success'),
  );
}

/** Withdrawals waiting for approval. */
function requestRoutes(app: App) {
  // ------------------------------------------------------------ withdrawals waiting for approval

  app.get(
    '/api/transaction/withdraw-request/datatable',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Withdrawals above a limit waiting for approval (status WAITING by default; ALL for every status)',
        querystring: requestListQuery,
      },
    },
    async (req) => ok(await requests.listRequests(ctxOf(req), 'WITHDRAWAL', req.query)),
  );

  app.get(
    '/api/transaction/withdraw-request/:id/detail',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: 'One withdrawal request', params: idParam },
    },
    async (req) => ok(await requests.requestDetail(ctxOf(req), 'WITHDRAWAL', req.params.id)),
  );

  app.post(
    '/api/transaction/withdraw-request/decide',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Approve (the withdrawal posts; the approver’s limit must cover it) or reject (reason) a withdrawal request',
        body: requestDecisionBody,
      },
    },
    async (req) =>
      ok(
        await requests.decideRequest(ctxOf(req), 'WITHDRAWAL', req.body),
        req.body.status === 'APPROVED' ? 'saving.request_approved' : 'saving.request_rejected',
      ),
  );
}

/** Transaction lists, mutations and passbooks. */
function listRoutes(app: App) {
  // ------------------------------------------------------------ lists

  app.get(
    '/api/transaction/datatable',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Member transactions (every product module records here) with the spec’s filters',
        description:
          'page, limit, isActive (true: standing; false: cancelled and reversals), search (name, CIF, code, account), startCreated/endCreated ' +
          '(business date), startApprovedDate/endApprovedDate, product (id or code), activity, sort ("column,asc|desc": created_date, ' +
          'transaction_date, amount, code, member_name, product_name, activity), plus kind, productKind, memberId, memberSavingId, userId, ' +
          'branchId, channel. format=xlsx downloads every row. Agents see only what they entered.',
        querystring: transactionDatatableQuery,
        response: documented(pageOf(transactionView)),
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const rows = await lists.transactionRows(ctx, req.query);
        return sendExcel(reply, `transaksi-anggota-${todayJakarta()}`, [
          lists.transactionSheet(rows, ctx, [tenantName(req), ctx.lang === 'en' ? 'Member transactions' : 'Transaksi Anggota']),
        ]);
      }
      return ok(await lists.transactionDatatable(ctx, req.query));
    },
  );

  app.get(
    '/api/transaction/datatable-by-me',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'The signed-in user’s own latest transactions (limit up to 1000)',
        querystring: transactionByMeQuery,
        response: documented(pageOf(transactionView)),
      },
    },
    async (req) => ok(await lists.transactionsByMe(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/:id/detail',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: 'One transaction with its operation, reversal and journal lines', params: idParam },
    },
    async (req) => ok(await lists.transactionDetail(ctxOf(req), 'id', req.params.id)),
  );

  app.get(
    '/api/transaction/:id/receipt',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Receipt data of a deposit, withdrawal, transfer, closing or cancellation (A5 or 80 mm)',
        description:
          'Cooperative (name, address, phone, logo), member and CIF, account, amount in figures and in words (terbilang), balance after, ' +
          'teller, date and time (WIB), code and journal number; every leg of the operation. paper=A5 (default) or 80MM.',
        params: idParam,
        querystring: receiptQuery,
        response: documented(receiptView),
      },
    },
    async (req) => ok(await lists.receipt(ctxOf(req), 'id', req.params.id, req.query.paper)),
  );

  app.get(
    '/api/transaction/receipt/:id/by-code',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Receipt data by transaction code (TRX...)',
        params: z.object({ id: z.string().trim().min(1).max(40) }),
        querystring: receiptQuery,
        response: documented(receiptView),
      },
    },
    async (req) => ok(await lists.receipt(ctxOf(req), 'code', req.params.id, req.query.paper)),
  );
}

/** Account lists, searches and details. */
function accountListRoutes(app: App) {
  app.get(
    '/api/transaction/product/:id/detail-mutation-product',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Mutations of a saving account ({id}: memberSavingId), newest first, each with the balance after it',
        description:
          'page, limit, start/end (business date); cancelled movements are marked and their reversals listed. format=xlsx: the passbook.',
        params: idParam,
        querystring: mutationQuery,
      },
    },
    async (req) => ok(await lists.mutations(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    '/api/transaction/product/:id/detail-mutation-saving-have-plan',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Mutations of a plan saving with its progress (target, expected balance, shortfall, status)',
        params: idParam,
        querystring: mutationQuery,
      },
    },
    async (req) => ok(await lists.planMutations(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    '/api/transaction/product/:id/passbook',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Passbook-style statement of a saving account for a period (opening, movements, running balance, closing)',
        description: 'start (default: the opening date) and end (default today). format=xlsx downloads it.',
        params: idParam,
        querystring: passbookQuery,
        response: documented(passbookView),
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pb = await lists.passbook(ctx, req.params.id, req.query);
      if (req.query.format === 'xlsx')
        return sendExcel(reply, `buku-tabungan-${pb.account.accountNumber}-${pb.end}`, [lists.passbookSheet(pb, ctx)]);
      return ok(pb);
    },
  );
}

/** One account. */
function accountRoutes(app: App) {
  // ------------------------------------------------------------ accounts

  app.get(
    '/api/transaction/saving/datatable',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Saving accounts: search, product, member, kind, status, branch, paging',
        querystring: savingAccountDatatableQuery,
        response: documented(pageOf(savingAccountView)),
      },
    },
    async (req) => ok(await accounts.accountsDatatable(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/saving/search',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'As-you-type lookup of open accounts by CIF, account number, phone (prefix) or name, with balances',
        querystring: savingSearchQuery,
        response: documented(z.array(savingAccountView)),
      },
    },
    async (req) => ok(await accounts.searchAccounts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/saving/:id/detail',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: 'One saving account with its available balance and waiting requests', params: idParam },
    },
    async (req) => ok(await accounts.accountDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/member/:id/saving-product',
    {
      ...passthrough,
      config: { permission: 'member:view' },
      schema: {
        tags: FLAG_TAG,
        summary: 'A member’s saving and equity accounts with balances (the member detail’s saving tab)',
        params: idParam,
        querystring: memberSavingsQuery,
      },
    },
    async (req) => ok(await accounts.memberAccounts(ctxOf(req), req.params.id, req.query)),
  );
}

/** Account flags. */
function flagRoutes(app: App) {
  // ------------------------------------------------------------ flags ({id} = the saving account, except source-of-fund)

  app.patch(
    '/api/member/:id/saving-product/tag',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: FLAG_TAG,
        summary: 'Tag a saving account ({id}: memberSavingId); empty tag clears it',
        params: savingIdParam,
        body: tagBody,
        response: documented(savingAccountView),
      },
    },
    async (req) => ok(await accounts.setTag(ctxOf(req), req.params.id, req.body.tag), 'saving.flag_updated'),
  );

  app.patch(
    '/api/member/:id/saving-auto-debit',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: FLAG_TAG,
        summary: 'Auto debit on or off for a saving account ({id}: memberSavingId; query isAutoDebit=true|false)',
        description: 'Mandatory, plan and principal savings; needs the member’s source-of-fund account.',
        params: savingIdParam,
        querystring: autoDebitQuery,
        response: documented(savingAccountView),
      },
    },
    async (req) => ok(await accounts.setAutoDebit(ctxOf(req), req.params.id, req.query.isAutoDebit), 'saving.flag_updated'),
  );

  app.patch(
    '/api/member/:id/source-of-fund',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: FLAG_TAG,
        summary:
          'The account a member’s auto debits draw from ({id}: the MEMBER; body memberSavingId: an open voluntary account of theirs)',
        params: savingIdParam,
        body: sourceOfFundBody,
        response: documented(savingAccountView),
      },
    },
    async (req) => ok(await accounts.setSourceOfFund(ctxOf(req), req.params.id, req.body.memberSavingId), 'saving.flag_updated'),
  );

  const blockedPart = z
    .object({
      isBlocked: z.union([z.boolean(), z.string()]).optional(),
      amount: z.union([z.number(), z.string(), z.null()]).optional(),
      reason: z.string().optional(),
    })
    .nullish();
  app.patch(
    '/api/member/:id/saving-product/blocked',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: FLAG_TAG,
        summary: 'Block (isBlocked=true, amount held, reason) or unblock (isBlocked=false, reason) a saving account ({id}: memberSavingId)',
        description: 'Parameters in the query (spec: params) or the body. The amount held is at most the balance less what is pledged.',
        params: savingIdParam,
        querystring: blockedPart,
        body: blockedPart,
        response: documented(savingAccountView),
      },
    },
    async (req) => {
      const merged = { ...(req.query ?? {}), ...((req.body as object | undefined) ?? {}) };
      const parsed = blockedBody.safeParse(merged);
      if (!parsed.success) throw new RequestValidationError(parsed.error.issues as unknown as RequestValidationError['issues']);
      const b = parsed.data;
      return ok(
        await accounts.setBlocked(ctxOf(req), req.params.id, { isBlocked: b.isBlocked, amount: b.amount ?? null, reason: b.reason }),
        b.isBlocked ? 'saving.blocked' : 'saving.unblocked',
      );
    },
  );

  app.patch(
    '/api/member/:id/saving-product/not-get-interest',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: FLAG_TAG,
        summary: 'Exclude a saving account from interest (or include it again) ({id}: memberSavingId)',
        params: savingIdParam,
        body: notGetInterestBody,
        response: documented(savingAccountView),
      },
    },
    async (req) => ok(await accounts.setNotGetInterest(ctxOf(req), req.params.id, req.body.isNotGetInterest), 'saving.flag_updated'),
  );
}

export function savingTenantName(req: FastifyRequest): string {
  return tenantName(req);
}
