/**
 * HTTP routes of Transaksi Anggota for savings (spec section 7 "Transactions"
 * and the saving flags of "Members"): opening, movements, cancellation,
 * closing, flags, lists, mutations, receipts and passbook, and the approval
 * of withdrawals above a limit. Money-moving POSTs honour Idempotency-Key
 * inside their own transaction (`idempotency: 'transactional'`).
 */
import {
  byCifProductCashBody,
  cancelBody,
  closeSavingBody,
  openDecisionBody,
  openProductBody,
  requestDecisionBody,
  requestListQuery,
  savingAccountView,
  savingMovementBody,
  topupByCifBody,
  transactionView,
  transferQuery,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { documented, passthrough } from '../products/products.http.ts';
import { accountRoutes, flagRoutes } from './savings.account-routes.ts';
import * as accounts from './savings.accounts.ts';
import * as byCif from './savings.by-cif.ts';
import * as cancel from './savings.cancel.ts';
import * as close from './savings.close.ts';
import { type App, idParam, MOVEMENT_NOTES, money, movementResult, TAG, typed } from './savings.http.ts';
import { accountListRoutes, listRoutes } from './savings.list-routes.ts';
import * as requests from './savings.requests.ts';
import * as savings from './savings.service.ts';
import * as transfers from './savings.transfer.ts';

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
      const path = req.url.split('?')[0];
      const from = { path, route: req.routeOptions.url ?? path, query: req.query };
      return ok(await transfers.transferByRequest(ctxOf(req), { ...q, amount: dec(q.amount) }, from), 'saving.transfer_success');
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
      return ok(await cancel.cancelAny(ctxOf(req), req.body), 'saving.cancel_success');
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
    async (req) => ok(await close.closeAccount(ctxOf(req), req.body), 'saving.close_success'),
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
