/**
 * HTTP routes of the chart of accounts (Pengaturan kode COA) and the cash and
 * bank views (Kas & Bank). Account pickers any signed-in user needs (tellers
 * choose a cash account) are `auth: true`; the COA settings screen needs the
 * settings permissions; posting a balance adjustment is a journal, so it needs
 * general_journal:add.
 */
import {
  coaAdjustBalanceBody,
  coaChildrenQuery,
  coaCreateBody,
  coaDatatableQuery,
  coaListQuery,
  coaMutationQuery,
  coaRef,
  coaUpdateBody,
  openingBalanceBody,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { ledgerSheet } from '../ledger/ledger-excel.ts';
import { numbersFirst } from '../ledger/posting.ts';
import * as balances from './coa.balances.ts';
import * as coa from './coa.service.ts';

const TAG = ['coa'];

const typed = (a: FastifyInstance) => a.withTypeProvider<ZodTypeProvider>();
type App = ReturnType<typeof typed>;

export async function coaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/coa',
    {
      config: { auth: true },
      schema: {
        tags: TAG,
        summary: 'Every account in code order (or a tree with `tree=true`), with balances',
        description: 'Filters: search (code or name), type, isPostable, isActive; `asOf` for balances on a day.',
        querystring: coaListQuery,
      },
    },
    async (req) => ok(await coa.listAccounts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/coa/parent',
    {
      config: { auth: true },
      schema: {
        tags: TAG,
        summary: 'Header accounts that can be a parent (for the add-account form)',
        querystring: z.object({ type: coaListQuery.shape.type, search: coaListQuery.shape.search }),
      },
    },
    async (req) => ok(await coa.parentAccounts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/coa/datatable',
    {
      config: { permission: 'settings:view' },
      schema: {
        tags: TAG,
        summary: 'Accounts, paged (Pengaturan kode COA)',
        description: 'Sort with `sort` (code, name, type, created_date; `code,desc`) or sortBy/ascOrDesc; default code ascending.',
        querystring: coaDatatableQuery,
      },
    },
    async (req) => ok(await coa.datatable(ctxOf(req), req.query)),
  );

  app.get(
    '/api/coa/:id/search-by-parent',
    {
      config: { auth: true },
      schema: {
        tags: TAG,
        summary: 'Postable accounts below a parent (UUID or code: coa/101/search-by-parent lists cash and bank), with balances',
        params: coaRef,
        querystring: coaChildrenQuery,
      },
    },
    async (req) => ok(await coa.childrenOf(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    '/api/coa/:id/detail',
    {
      config: { permission: 'settings:view' },
      schema: { tags: TAG, summary: 'One account (UUID or code) with its balance', params: coaRef },
    },
    async (req) => ok(await coa.accountDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/coa/:id/mutation',
    {
      ...numbersFirst,
      config: { permission: 'cash_bank:view' },
      schema: {
        tags: TAG,
        summary: 'Account mutation: opening balance, lines with running balance, closing balance (paged)',
        description:
          '`start`/`end` default to this month. `sort` ASC (default) or DESC. A header account gathers the accounts below it. `format=xlsx` downloads every line.',
        params: coaRef,
        querystring: coaMutationQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const all = await coa.mutation(ctx, req.params.id, { ...req.query, page: 0, limit: EXPORT_FETCH_LIMIT });
        return sendExcel(reply, `mutasi-${all.account.code}-${all.start}-${all.end}`, [
          ledgerSheet(all, ctx.lang, ctx.principal?.tenantName ?? '', 'report.mutation'),
        ]);
      }
      return ok(await coa.mutation(ctx, req.params.id, req.query));
    },
  );

  app.post(
    '/api/coa',
    {
      config: { permission: 'settings:add' },
      schema: { tags: TAG, summary: 'Add an account', body: coaCreateBody },
    },
    async (req) => {
      const a = await coa.createAccount(ctxOf(req), req.body);
      return ok(a, 'ledger.coa_created', { code: a.code });
    },
  );

  app.patch(
    '/api/coa',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: TAG,
        summary: 'Change an account (id in the body); deactivate with isActive=false',
        body: coaUpdateBody,
      },
    },
    async (req) => {
      const a = await coa.updateAccount(ctxOf(req), req.body);
      return ok(a, 'ledger.coa_updated', { code: a.code });
    },
  );

  app.delete(
    '/api/coa/:id/delete',
    {
      config: { permission: 'settings:delete' },
      schema: {
        tags: TAG,
        summary: 'Delete an account without postings or sub-accounts (otherwise deactivate it)',
        params: coaRef,
      },
    },
    async (req) => {
      const r = await coa.deleteAccount(ctxOf(req), req.params.id);
      return ok(r, 'ledger.coa_deleted', { code: r.code });
    },
  );

  await balanceRoutes(app);
}

/** Balance adjustments (coa.balances.ts). */
async function balanceRoutes(app: App) {
  app.post(
    '/api/coa/:id/adjust-balance',
    {
      config: { permission: 'general_journal:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Set an account’s balance on a date by posting the difference against OPENING_EQUITY',
        description:
          '`balance` is the balance wanted on `date`, in the account’s normal-balance sign. Posts a BALANCE_ADJUSTMENT journal for the difference; ' +
          'never writes a balance. Refused when nothing changes.',
        params: coaRef,
        body: coaAdjustBalanceBody,
      },
    },
    async (req) => ok(await balances.adjustBalance(ctxOf(req), req.params.id, req.body), 'ledger.balance_adjusted'),
  );

  app.post(
    '/api/coa/opening-balance',
    {
      config: { permission: 'general_journal:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Opening balances of several accounts on one date, as one OPENING journal against OPENING_EQUITY',
        body: openingBalanceBody,
      },
    },
    async (req) => ok(await balances.openingBalances(ctxOf(req), req.body), 'ledger.opening_posted'),
  );
}
