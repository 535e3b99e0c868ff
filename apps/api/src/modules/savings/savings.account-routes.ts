/**
 * HTTP routes of one saving account and its flags (tag, auto debit, source of
 * fund, blocked, no interest). Registered by savingRoutes (savings.routes.ts).
 */
import {
  autoDebitQuery,
  blockedBody,
  memberSavingsQuery,
  notGetInterestBody,
  pageOf,
  savingAccountDatatableQuery,
  savingAccountView,
  savingIdParam,
  savingSearchQuery,
  sourceOfFundBody,
  tagBody,
} from '@koperasi/contracts';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { RequestValidationError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { documented, passthrough } from '../products/products.http.ts';
import * as accountLists from './savings.account-lists.ts';
import * as flags from './savings.flags.ts';
import { type App, FLAG_TAG, idParam, TAG } from './savings.http.ts';

/** One account. */
export function accountRoutes(app: App) {
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
    async (req) => ok(await accountLists.accountsDatatable(ctxOf(req), req.query)),
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
    async (req) => ok(await accountLists.searchAccounts(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction/saving/:id/detail',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: { tags: TAG, summary: 'One saving account with its available balance and waiting requests', params: idParam },
    },
    async (req) => ok(await accountLists.accountDetail(ctxOf(req), req.params.id)),
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
    async (req) => ok(await accountLists.memberAccounts(ctxOf(req), req.params.id, req.query)),
  );
}

/** Account flags. */
export function flagRoutes(app: App) {
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
    async (req) => ok(await flags.setTag(ctxOf(req), req.params.id, req.body.tag), 'saving.flag_updated'),
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
    async (req) => ok(await flags.setAutoDebit(ctxOf(req), req.params.id, req.query.isAutoDebit), 'saving.flag_updated'),
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
    async (req) => ok(await flags.setSourceOfFund(ctxOf(req), req.params.id, req.body.memberSavingId), 'saving.flag_updated'),
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
        await flags.setBlocked(ctxOf(req), req.params.id, { isBlocked: b.isBlocked, amount: b.amount ?? null, reason: b.reason }),
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
    async (req) => ok(await flags.setNotGetInterest(ctxOf(req), req.params.id, req.body.isNotGetInterest), 'saving.flag_updated'),
  );
}
