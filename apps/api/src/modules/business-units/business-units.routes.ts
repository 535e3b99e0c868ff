import {
  businessUnitCancelBody,
  businessUnitCreateBody,
  businessUnitDebtQuery,
  businessUnitListQuery,
  businessUnitPaymentBody,
  businessUnitTransactionBody,
  businessUnitTransactionQuery,
  businessUnitUpdateBody,
  idParam,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as unitDebts from './business-units.debts.ts';
import * as units from './business-units.service.ts';
import * as unitTx from './business-units.transactions.ts';

const TAG = 'business-units';
const typed = (a: FastifyInstance) => a.withTypeProvider<ZodTypeProvider>();
type App = ReturnType<typeof typed>;

export async function businessUnitRoutes(appBase: FastifyInstance) {
  const app = typed(appBase);

  app.get(
    '/api/business-unit/datatable',
    {
      config: { permission: 'business_unit:view' },
      schema: {
        tags: [TAG],
        summary: 'Business units with their accounts (search, page, limit, type, status, sortBy, ascOrDesc)',
        querystring: businessUnitListQuery,
      },
    },
    async (req) => ok(await units.listUnits(ctxOf(req), req.query)),
  );

  app.get(
    '/api/business-unit/list-all',
    { config: { auth: true }, schema: { tags: [TAG], summary: 'Every business unit (pickers), active first' } },
    async (req) => ok(await units.listAllUnits(ctxOf(req))),
  );

  app.get(
    '/api/business-unit/:id/detail',
    { config: { permission: 'business_unit:view' }, schema: { tags: [TAG], summary: 'One business unit', params: idParam } },
    async (req) => ok(await units.unitDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/business-unit',
    {
      config: { permission: 'business_unit:add' },
      schema: { tags: [TAG], summary: 'Create a business unit with its eight accounts', body: businessUnitCreateBody },
    },
    async (req) => ok(await units.createUnit(ctxOf(req), req.body), 'business_unit.created'),
  );

  app.patch(
    '/api/business-unit',
    {
      config: { permission: 'business_unit:update' },
      schema: { tags: [TAG], summary: 'Change a business unit (body.id); fields not sent stay', body: businessUnitUpdateBody },
    },
    async (req) => ok(await units.updateUnit(ctxOf(req), req.body), 'business_unit.updated'),
  );

  await transactionRoutes(app);
}

/** Unit transactions, member debts and the unit reports. */
async function transactionRoutes(app: App) {
  const TX_TAG = 'business-unit transactions';
  const money = { idempotency: 'transactional' as const };

  app.post(
    '/api/transaction-business-unit',
    {
      config: { permission: 'business_unit:add', ...money },
      schema: {
        tags: [TX_TAG],
        summary:
          'A credit sale to a member (the member owes the unit), a cash sale, a purchase in cash or on credit, a payment of the payable or a stock loss; posts its journal',
        body: businessUnitTransactionBody,
      },
    },
    async (req) => ok(await unitTx.createTransaction(ctxOf(req), req.body), 'business_unit.transaction_posted'),
  );

  app.post(
    '/api/transaction-business-unit/payment-debt',
    {
      config: { permission: 'business_unit:add', ...money },
      schema: {
        tags: [TX_TAG],
        summary: "A member pays (part of) the debt to a unit in cash or from one of the member's savings accounts (memberSavingId)",
        body: businessUnitPaymentBody,
      },
    },
    async (req) => ok(await unitDebts.payDebt(ctxOf(req), req.body), 'business_unit.payment_posted'),
  );

  app.post(
    '/api/transaction-business-unit/:id/payment-cancel',
    {
      config: { permission: 'business_unit:update', ...money },
      schema: {
        tags: [TX_TAG],
        summary: 'Cancel a debt payment: reversal journal, the debt grows back (and the savings are refunded)',
        params: idParam,
        body: businessUnitCancelBody,
      },
    },
    async (req) => ok(await unitDebts.cancelPayment(ctxOf(req), req.params.id, req.body.reason), 'business_unit.payment_cancelled'),
  );

  app.get(
    '/api/transaction-business-unit/datatable-summary',
    {
      config: { permission: 'business_unit:view' },
      schema: {
        tags: [TX_TAG],
        summary: "Members' outstanding debts per unit (businessUnitId, search) with the total",
        querystring: businessUnitDebtQuery,
      },
    },
    async (req) => ok(await unitTx.listDebts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction-business-unit/datatable-detail',
    {
      config: { permission: 'business_unit:view' },
      schema: {
        tags: [TX_TAG],
        summary: 'Unit transactions (businessUnitId, memberId, kind, search)',
        querystring: businessUnitTransactionQuery,
      },
    },
    async (req) => ok(await unitTx.listTransactions(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction-business-unit/:id/mutation-debt',
    {
      config: { permission: 'business_unit:view' },
      schema: {
        tags: [TX_TAG],
        summary: "A member's debt mutations (id = member): credit sales and payments, optionally of one unit",
        params: idParam,
        querystring: businessUnitTransactionQuery,
      },
    },
    async (req) => ok(await unitTx.listTransactions(ctxOf(req), { ...req.query, memberId: req.params.id }, true)),
  );

  app.get(
    '/api/report/debt',
    {
      config: { permission: 'report:view' },
      schema: { tags: [TX_TAG], summary: "Report: members' debts to business units with the total", querystring: businessUnitDebtQuery },
    },
    async (req) => ok(await unitTx.listDebts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/report/journal-transaction-business-unit',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: [TX_TAG],
        summary: 'Report: unit transactions with their journal numbers (businessUnitId, memberId, kind, search)',
        querystring: businessUnitTransactionQuery,
      },
    },
    async (req) => ok(await unitTx.listTransactions(ctxOf(req), req.query)),
  );

  app.get(
    '/api/report/:id/detail-journal-transaction-business-unit',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: [TX_TAG],
        summary: 'Report: one unit transaction with its journal lines (and the reversal when cancelled)',
        params: idParam,
      },
    },
    async (req) => ok(await unitTx.transactionJournals(ctxOf(req), req.params.id)),
  );
}
