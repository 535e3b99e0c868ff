/**
 * Term deposit routes (spec section 7 "Transactions" and "Interest"):
 * withdraw, break (and its approval), setup-interest, deposit-position,
 * v2/potential-interest, detail-mutation-deposit, lists, certificate,
 * placement projection, the deposit interest release and its cancellation.
 * Placement is POST transaction/request-open-product-member (savings routes,
 * the opener registered by deposits.module). docs/deposits.md.
 */
import {
  cancelReleaseBody,
  depositBreakBody,
  depositBreakDecisionBody,
  depositListQuery,
  depositMutationQuery,
  depositPayoutBody,
  depositPositionBody,
  depositProjectionQuery,
  depositReleaseBody,
  depositWithdrawBody,
  listQuery,
  potentialInterestQuery,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { cancelSavingRelease, isSavingRelease } from '../interest/interest.service.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { passthrough } from '../products/products.http.ts';
import * as payouts from './deposits.payout.ts';
import * as q from './deposits.queries.ts';
import * as svc from './deposits.service.ts';

const TAG = ['deposit'];
const INTEREST_TAG = ['interest'];
const idParam = z.object({ id: z.string().uuid('validation.uuid') });
const money = { idempotency: 'transactional' as const };

export async function depositRoutes(app: FastifyInstance) {
  movementRoutes(app);
  setupRoutes(app);
  readRoutes(app);
  releaseRoutes(app);
}

/** The money: withdraw at maturity, break, their approvals, the payout of interest held. */
function movementRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/transaction/deposit/withdraw',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Withdraw a matured deposit: principal and unreleased interest to the holding accounts',
        description:
          'accountProductId: the deposit. accountPenampungPokokId / accountPenampungBungaId: holding accounts (liabilities), default the product mapping ' +
          '(HOLDING_PRINCIPAL, HOLDING_INTEREST). Interest of the term not yet released is paid first, to the interest holding account.',
        body: depositWithdrawBody,
      },
    },
    async (req) => ok(await svc.withdraw(ctxOf(req), req.body), 'deposit.withdraw_success'),
  );

  app.post(
    '/api/transaction/deposit/break',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Break a deposit before maturity (with the product penalty; waits for approval where the product says so)',
        description:
          'pinaltyBreak (rupiah) overrides the computed penalty (percent of the principal or of the interest paid, per product). ' +
          'Periods already due are paid first. Journal: Dr deposit control, Cr penalty income, Cr principal holding account.',
        body: depositBreakBody,
      },
    },
    async (req) => {
      const r = await svc.breakDeposit(ctxOf(req), req.body);
      return ok(r, r.status === 'WAITING_APPROVAL' ? 'deposit.break_waiting' : 'deposit.break_success');
    },
  );

  app.post(
    '/api/transaction/deposit/:id/payout-approval',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Approve or reject a holding-account payout with interest waiting for approval (by another user)',
        description:
          'Where the product says "interest withdrawal needs approval", a payout that includes interest waits; approving posts it once ' +
          '(Dr holding accounts, Cr cash / savings control), rejecting (reason required) posts nothing.',
        params: idParam,
        body: depositBreakDecisionBody,
      },
    },
    async (req) => {
      const r = await payouts.decidePayout(ctxOf(req), req.params.id, req.body);
      return ok(r, r.status === 'REJECTED' ? 'deposit.payout_rejected' : 'deposit.payout_success');
    },
  );

  app.post(
    '/api/transaction/deposit/:id/break-approval',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Approve or reject an early break waiting for approval (by another user)',
        params: idParam,
        body: depositBreakDecisionBody,
      },
    },
    async (req) => {
      const r = await svc.decideBreak(ctxOf(req), req.params.id, req.body);
      return ok(r, r.status === 'REJECTED' ? 'deposit.break_rejected' : 'deposit.break_success');
    },
  );
}

/** Interest setup, the deposit position and the interest held. */
function setupRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/transaction/deposit/:id/detail-setup-interest',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Interest setup of a deposit: terms, tax rule, accrued interest, schedule (paid, due, upcoming)',
        params: idParam,
      },
    },
    async (req) => ok(await q.setupInterest(ctxOf(req), req.params.id)),
  );

  app.patch(
    '/api/transaction/deposit/:id/deposit-position',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: TAG,
        summary: 'Change the interest destination and the rollover choice of a running deposit',
        params: idParam,
        body: depositPositionBody,
      },
    },
    async (req) => ok(await svc.updatePosition(ctxOf(req), req.params.id, req.body), 'deposit.position_success'),
  );

  app.get(
    '/api/transaction/deposit/holding',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Deposits with money waiting in the holding accounts (penampung pokok / bunga), largest first, with the totals',
        querystring: listQuery,
      },
    },
    async (req) => ok(await payouts.waiting(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/deposit/:id/holding',
    {
      ...passthrough,
      ...numbersFirst,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: "A deposit's holding entries (open and paid) and its payouts", params: idParam },
    },
    async (req) => ok(await payouts.holdingOf(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/transaction/deposit/:id/payout',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Pay out what a deposit has in the holding accounts, in cash or to a savings account of the member',
        description:
          'kinds: PRINCIPAL and/or INTEREST (both when absent). Journal: Dr each holding account, Cr the cash or bank account ' +
          '(coaId; the user’s own when absent) or the savings control account (savingId: a savings account of the member, ' +
          'TOPUP movement DEPOSIT_PAYOUT). Each holding entry is paid once: a second payout answers 422 NOTHING_TO_PAY. ' +
          'When the payout includes interest and the product says "interest withdrawal needs approval", nothing is posted: ' +
          'status WAITING_APPROVAL with requestId (another user decides through payout-approval).',
        params: idParam,
        body: depositPayoutBody,
      },
    },
    async (req) => {
      const r = await payouts.payout(ctxOf(req), req.params.id, req.body);
      return ok(r, r.status === 'WAITING_APPROVAL' ? 'deposit.payout_waiting' : 'deposit.payout_success');
    },
  );
}

/** Projections, mutations, lists, detail and certificate. */
function readRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/transaction/deposit/v2/potential-interest',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: "Every running deposit's gross interest, tax and net falling due between startDate and endDate (liquidity planning)",
        querystring: potentialInterestQuery,
      },
    },
    async (req) => ok(await q.potentialInterest(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/product/:id/detail-mutation-deposit',
    {
      ...passthrough,
      ...numbersFirst,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Movements of a deposit ({id}: the deposit), oldest first',
        params: idParam,
        querystring: depositMutationQuery,
      },
    },
    async (req) => ok(await q.mutations(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    '/api/transaction/deposit/datatable',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Deposits (filters: status, productId, memberId, startDate/endDate of placement, search)',
        querystring: depositListQuery,
      },
    },
    async (req) => ok(await q.listDeposits(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/deposit/projection',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: 'Rate, maturity date and monthly gross, tax and net of a placement before it is made',
        querystring: depositProjectionQuery,
      },
    },
    async (req) => ok(await q.projection(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/deposit/:id/detail',
    { ...passthrough, config: { permission: 'member_transaction:view' }, schema: { tags: TAG, summary: 'One deposit', params: idParam } },
    async (req) => ok(await q.depositDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/transaction/deposit/:id/certificate',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: 'The certificate (bilyet) of a deposit, for print', params: idParam },
    },
    async (req) => ok(await q.certificate(ctxOf(req), req.params.id)),
  );
}

/** The interest release runs and their cancellation. */
function releaseRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/interest-simulation/deposit/release',
    {
      ...passthrough,
      config: { permission: 'interest_release:add' },
      schema: {
        tags: INTEREST_TAG,
        summary: 'Release deposit interest due up to toDate (fromDate and toDate required), in committed chunks; resumable',
        description:
          'Each deposit and payment day is paid once: a second call for the same window posts nothing, and a run stopped half-way is resumed by the ' +
          'next call with the same dates (cursor). Not under Idempotency-Key: the release spans many transactions and is idempotent by itself.',
        body: depositReleaseBody,
      },
    },
    async (req) => ok(await svc.release(ctxOf(req), req.body), 'deposit.release_success'),
  );

  app.get(
    '/api/interest-simulation/deposit/releases',
    {
      ...passthrough,
      config: { permission: 'interest_release:view' },
      schema: { tags: INTEREST_TAG, summary: 'Deposit interest releases, newest first', querystring: listQuery },
    },
    async (req) => ok(await q.listReleases(ctxOf(req), req.query)),
  );

  app.post(
    '/api/interest-simulation/:id/cancel-release',
    {
      ...passthrough,
      config: { permission: 'interest_release:update', ...money },
      schema: {
        tags: INTEREST_TAG,
        summary:
          'Cancel a deposit or savings interest release: reversing journals, savings movements taken back, tax base restored; refused when a month is closed',
        params: idParam,
        body: cancelReleaseBody,
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      // A savings interest release (modules/interest) is cancelled by its own module.
      if (await isSavingRelease(ctx, req.params.id))
        return ok(await cancelSavingRelease(ctx, req.params.id, req.body?.reason), 'interest.release_cancel_success');
      return ok(await svc.cancelRelease(ctx, req.params.id, req.body?.reason), 'deposit.release_cancel_success');
    },
  );
}
