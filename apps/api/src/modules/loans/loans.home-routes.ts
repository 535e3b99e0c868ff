/**
 * HTTP of the loans area outside transaction/product/loan/: dashboard widgets,
 * online loan requests, and the member flags of a loan ({id}: the loan id).
 */
import {
  autoDebitQuery,
  homeLoanListQuery,
  loanIdParam,
  loanTagBody,
  loanView,
  onlineLoanCreateBody,
  onlineLoanDecisionBody,
  onlineLoanListQuery,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { documented, passthrough } from '../products/products.http.ts';
import * as home from './loans.home.ts';

const TAG = ['loans: dashboard'];

export async function loanHomeRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/home/unpaid-loan',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: { tags: TAG, summary: 'Running loans with an installment past due', querystring: homeLoanListQuery },
    },
    async (req) => ok(await home.unpaidLoans(ctxOf(req), req.query)),
  );

  app.get(
    '/api/home/reminder-loans',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: { tags: TAG, summary: 'Unpaid installments due in the next `days` days (default 7)', querystring: homeLoanListQuery },
    },
    async (req) => ok(await home.reminders(ctxOf(req), req.query)),
  );

  app.get(
    '/api/home/request-loan-online',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Online loan requests from the member app (status WAITING by default)',
        querystring: onlineLoanListQuery,
      },
    },
    async (req) => ok(await home.onlineList(ctxOf(req), req.query)),
  );

  app.post(
    '/api/home/request-loan-online',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add', idempotency: 'transactional' },
      schema: { tags: TAG, summary: 'Record an online loan request (as sent by the member app)', body: onlineLoanCreateBody },
    },
    async (req) => ok(await home.onlineCreate(ctxOf(req), req.body), 'loan.online_created'),
  );

  app.get(
    '/api/home/request-loan-online/:id/detail',
    {
      ...passthrough,
      config: { permission: 'dashboard:view' },
      schema: { tags: TAG, summary: 'One online loan request', params: loanIdParam },
    },
    async (req) => ok(await home.onlineDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/home/request-loan-online/:id/decision',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Approve into a loan application, or reject with a reason',
        params: loanIdParam,
        body: onlineLoanDecisionBody,
      },
    },
    async (req) =>
      ok(
        await home.onlineDecide(ctxOf(req), req.params.id, req.body),
        req.body.status === 'APPROVED' ? 'loan.online_approved' : 'loan.online_rejected',
      ),
  );

  app.patch(
    '/api/member/:id/loan-product/tag',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: { tags: TAG, summary: 'Tag a loan ({id}: the loan)', params: loanIdParam, body: loanTagBody, response: documented(loanView) },
    },
    async (req) => ok(await home.setFlag(ctxOf(req), req.params.id, { tag: req.body.tag }), 'loan.updated'),
  );

  app.patch(
    '/api/member/:id/loan-auto-debit',
    {
      ...passthrough,
      config: { permission: 'member_transaction:update' },
      schema: {
        tags: TAG,
        summary: "Installments debited from the member's source-of-fund savings on due dates ({id}: the loan)",
        params: loanIdParam,
        querystring: autoDebitQuery,
        response: documented(loanView),
      },
    },
    async (req) => ok(await home.setFlag(ctxOf(req), req.params.id, { isAutoDebit: req.query.isAutoDebit }), 'loan.updated'),
  );
}
