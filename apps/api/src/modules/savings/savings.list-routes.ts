/**
 * HTTP routes of the savings lists: transactions (datatable, by me, detail),
 * mutations, receipts and passbooks, account lists, searches and details.
 * Registered by savingRoutes (savings.routes.ts).
 */
import {
  mutationQuery,
  pageOf,
  passbookQuery,
  passbookView,
  receiptQuery,
  receiptView,
  transactionByMeQuery,
  transactionDatatableQuery,
  transactionView,
} from '@koperasi/contracts';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { documented, passthrough } from '../products/products.http.ts';
import { type App, idParam, TAG, tenantName } from './savings.http.ts';
import * as lists from './savings.lists.ts';
import * as receipts from './savings.receipts.ts';

/** Transaction lists, mutations and passbooks. */
export function listRoutes(app: App) {
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
    async (req) => ok(await receipts.receipt(ctxOf(req), 'id', req.params.id, req.query.paper)),
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
    async (req) => ok(await receipts.receipt(ctxOf(req), 'code', req.params.id, req.query.paper)),
  );
}

/** Account lists, searches and details. */
export function accountListRoutes(app: App) {
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
      const xlsx = req.query.format === 'xlsx';
      const pb = await receipts.passbook(ctx, req.params.id, req.query, xlsx ? EXPORT_FETCH_LIMIT : undefined);
      if (xlsx) return sendExcel(reply, `buku-tabungan-${pb.account.accountNumber}-${pb.end}`, [receipts.passbookSheet(pb, ctx)]);
      return ok(pb);
    },
  );
}
