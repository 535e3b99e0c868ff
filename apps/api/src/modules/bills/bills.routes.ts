/**
 * HTTP of the bills area under /api/transaction/product/bill/ (spec section 7
 * "Bills"). Creation goes through POST /api/transaction/request-open-product-member
 * (the BILL opener, bills.module.ts). Money and schedule routes are
 * idempotent inside their own transaction (`idempotency: 'transactional'`).
 */
import {
  approvedBillBody,
  billCancelPaymentBody,
  billDatatableQuery,
  billDetailView,
  billIdParam,
  billMutationQuery,
  billPaymentBody,
  billSimulationQuery,
  billSimulationView,
  deleteBillInstallmentBody,
  stopBillBody,
  updateBillInstallmentBody,
  updateRequestBillBody,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { documented, passthrough } from '../products/products.http.ts';
import * as apply from './bills.apply.ts';
import * as changes from './bills.changes.ts';
import * as money from './bills.money.ts';
import * as reads from './bills.reads.ts';

const TAG = ['bills'];
const P = '/api/transaction/product/bill';
const tx = { idempotency: 'transactional' as const };
const view = { permission: 'member_transaction:view' as const };
const add = { permission: 'member_transaction:add' as const };
const update = { permission: 'member_transaction:update' as const };
const del = { permission: 'member_transaction:delete' as const };

export async function billRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${P}/simulation-installment`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: "A bill's installments before it is created (defaults from productId's terms; installmentAmounts comma-separated)",
        querystring: billSimulationQuery,
        response: documented(billSimulationView),
      },
    },
    async (req) => ok(await apply.simulation(ctxOf(req), req.query), 'bill.simulated'),
  );

  app.get(
    `${P}/datatable`,
    {
      ...passthrough,
      config: view,
      schema: { tags: TAG, summary: 'Bills (status, productId, memberId, search)', querystring: billDatatableQuery },
    },
    async (req) => ok(await reads.datatable(ctxOf(req), req.query)),
  );

  app.get(
    `${P}/:id/detail-installment-bill-member`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: 'A bill with its installments and what was paid',
        params: billIdParam,
        response: documented(billDetailView),
      },
    },
    async (req) => ok(await reads.detail(ctxOf(req), req.params.id)),
  );

  app.get(
    `${P}/:id/mutation-payments`,
    {
      ...passthrough,
      config: view,
      schema: { tags: TAG, summary: 'Payments of the bill, newest first', params: billIdParam, querystring: billMutationQuery },
    },
    async (req) => ok(await reads.payments(ctxOf(req), req.params.id, req.query)),
  );

  app.post(
    `${P}/:id/approved-bill`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: "Approve (within the approver's LOAN_APPROVAL limit; posts the receivable) or reject with a reason",
        params: billIdParam,
        body: approvedBillBody,
      },
    },
    async (req) => ok(await apply.decide(ctxOf(req), req.params.id, req.body), 'bill.approved'),
  );

  app.post(
    `${P}/update-request-bill`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: 'Change a bill waiting for approval (name, type, date, amounts, installments, admin fee)',
        body: updateRequestBillBody,
      },
    },
    async (req) => ok(await apply.updateRequest(ctxOf(req), req.body), 'bill.updated'),
  );

  app.post(
    `${P}/payment-open-amount`,
    {
      ...passthrough,
      config: { ...add, ...tx },
      schema: {
        tags: TAG,
        summary: 'Pay any amount up to what the bill owes, oldest installment first (admin fee, then amount), from cash/bank or savings',
        body: billPaymentBody,
      },
    },
    async (req) => ok(await money.pay(ctxOf(req), req.body), 'bill.paid'),
  );

  app.post(
    `${P}/cancel-payment`,
    {
      ...passthrough,
      config: { ...del, ...tx },
      schema: {
        tags: TAG,
        summary: "Cancel the bill's latest payment (role flag cancel; posts the reversal)",
        body: billCancelPaymentBody,
      },
    },
    async (req) => ok(await money.cancelPayment(ctxOf(req), req.body), 'bill.payment_cancelled'),
  );

  app.post(
    `${P}/:id/stop-bill`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: 'Stop a running bill; what is left is written off (reason required)',
        params: billIdParam,
        body: stopBillBody,
      },
    },
    async (req) => ok(await money.stop(ctxOf(req), req.params.id, req.body), 'bill.stopped'),
  );

  app.post(
    `${P}/update-installment`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: 'Due date or amount of installments nothing was paid on (reason required)',
        body: updateBillInstallmentBody,
      },
    },
    async (req) => ok(await changes.updateInstallment(ctxOf(req), req.body), 'bill.updated'),
  );

  app.post(
    `${P}/delete-installment`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: { tags: TAG, summary: 'Delete an installment nothing was paid on (reason required)', body: deleteBillInstallmentBody },
    },
    async (req) => ok(await changes.deleteInstallment(ctxOf(req), req.body), 'bill.installment_deleted'),
  );
}
