/**
 * Dashboard routes of savings (GET /api/home/...) and the online cash-out
 * requests from the member app (GET/POST /api/home/request-cashing-out-online).
 */
import { cashOutCreateBody, homeSavingListQuery, requestDecisionBody, requestListQuery } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { passthrough } from '../products/products.http.ts';
import * as home from './savings.home.ts';
import * as requests from './savings.requests.ts';

const TAG = ['home'];
const idParam = z.object({ id: z.string().uuid('validation.uuid') });

export async function savingHomeRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/home/member-not-paid-pokok',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Members who have not paid the principal saving (simpanan pokok): amount, paid, remaining',
        description: 'Default sort member_id (the CIF number) ascending; also full_name, join_date, remaining. Agents: their members.',
        querystring: homeSavingListQuery,
      },
    },
    async (req) => ok(await home.memberNotPaidPokok(ctxOf(req), req.query)),
  );

  app.get(
    '/api/home/member-not-paid-wajib',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Members behind on the mandatory saving (simpanan wajib): due, paid, arrears, unpaid periods',
        description:
          'Periods from the join date through the last period already due (monthly periods fall due on the regulation’s mandatorySavingDueDay), ' +
          'each at the amount in force on its first day; payments settle the oldest first. Default sort arrears descending.',
        querystring: homeSavingListQuery,
      },
    },
    async (req) => ok(await home.memberNotPaidWajib(ctxOf(req), req.query)),
  );

  app.get(
    '/api/member/:id/mandatory-saving',
    {
      ...passthrough,
      config: { permission: 'member:view' },
      schema: {
        tags: ['member saving flags'],
        summary: 'A member’s mandatory saving schedule: periods due, paid through, arrears and the unpaid periods',
        params: idParam,
      },
    },
    async (req) => ok(await home.memberMandatorySchedule(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/home/saving-loan',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary:
          'Savings and loans summary: balances by saving type, this month’s flows, six-month trend, pending approvals; loans add theirs',
      },
    },
    async (req) => ok(await home.savingLoanSummary(ctxOf(req))),
  );

  // ------------------------------------------------------------ online cash-out requests

  app.get(
    '/api/home/request-cashing-out-online',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Online cash-out requests from the member app (status WAITING by default; ALL, APPROVED, REJECTED)',
        querystring: requestListQuery,
      },
    },
    async (req) => ok(await requests.listRequests(ctxOf(req), 'CASH_OUT_ONLINE', req.query)),
  );

  app.get(
    '/api/home/request-cashing-out-online/:id/detail',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: { tags: TAG, summary: 'One online cash-out request', params: idParam },
    },
    async (req) => ok(await requests.requestDetail(ctxOf(req), 'CASH_OUT_ONLINE', req.params.id)),
  );

  app.post(
    '/api/home/request-cashing-out-online',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary:
          'Approve (the withdrawal posts, paid from coaId or the approver’s cash/bank account) or reject (reason) an online cash-out',
        body: requestDecisionBody,
      },
    },
    async (req) =>
      ok(
        await requests.decideRequest(ctxOf(req), 'CASH_OUT_ONLINE', req.body),
        req.body.status === 'APPROVED' ? 'saving.request_approved' : 'saving.request_rejected',
      ),
  );

  app.post(
    '/api/home/request-cashing-out-online/submit',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Submit an online cash-out request (the member app’s gateway, or staff entering it for the member)',
        description:
          'Only while the mobile configuration allows online withdrawal, within memberServices onlineWithdrawalMin/Max, from a voluntary ' +
          'account, up to what may be withdrawn less the requests already waiting.',
        body: cashOutCreateBody,
      },
    },
    async (req) => ok(await requests.submitCashOut(ctxOf(req), { ...req.body, amount: dec(req.body.amount) }), 'saving.cash_out_submitted'),
  );
}
