/**
 * SHU routes. The spec names no paths: `/api/shu/...` (docs/shu.md), the report at `/api/report/shu`.
 * Permissions: section `shu` (settings update, calculate add, distribute add, cancel delete), the report `report:view`.
 */
import {
  idParam,
  shuCancelBody,
  shuDistributeBody,
  shuMemberListQuery,
  shuPayCashBody,
  shuReportQuery,
  shuSettingsBody,
  shuYearBody,
  shuYearQuery,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { passthrough } from '../products/products.http.ts';
import * as shu from './shu.api.ts';
import { payCash } from './shu.payout.ts';

const TAG = ['shu'];

function tenantName(req: FastifyRequest): string {
  return req.principal?.tenantName ?? '';
}

export async function shuRoutes(app: FastifyInstance) {
  calculationRoutes(app);
  distributionRoutes(app);
  reportRoutes(app);
}

/** Settings, calculation and the members' shares. */
function calculationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/shu/settings',
    {
      config: { permission: 'shu:view' },
      schema: { tags: TAG, summary: "A fiscal year's SHU settings (defaults when none saved)", querystring: shuYearQuery },
    },
    async (req) => ok(await shu.getSettings(ctxOf(req), req.query.year)),
  );

  app.post(
    '/api/shu/settings',
    {
      config: { permission: 'shu:update', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Save the SHU settings of a fiscal year',
        description: 'Shares must total exactly 100 (SHU_SHARES_NOT_100). Refused once the year is distributed (cancel first).',
        body: shuSettingsBody,
      },
    },
    async (req) => ok(await shu.saveSettings(ctxOf(req), req.body), 'shu.settings_saved', { year: req.body.year }),
  );

  app.post(
    '/api/shu/calculate',
    {
      config: { permission: 'shu:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: "Calculate a closed fiscal year's SHU: allocations and every member's share",
        description: 'Refused while the year is not closed (SHU_YEAR_NOT_CLOSED). Recalculating replaces a calculation not distributed.',
        body: shuYearBody,
      },
    },
    async (req) => ok(await shu.calculate(ctxOf(req), req.body.year), 'shu.calculated', { year: req.body.year }),
  );

  app.get(
    '/api/shu/calculation',
    {
      ...numbersFirst,
      config: { permission: 'shu:view' },
      schema: { tags: TAG, summary: "A year's calculation: allocations, totals, status", querystring: shuYearQuery },
    },
    async (req) => ok(await shu.getCalculation(ctxOf(req), req.query.year)),
  );

  app.get(
    '/api/shu/calculation/members',
    {
      ...passthrough,
      config: { permission: 'shu:view' },
      schema: {
        tags: TAG,
        summary: "Members' shares of a year (paged, search by CIF or name); `format=xlsx` downloads every row",
        querystring: shuMemberListQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (wantsExcel(req.query)) {
        const r = await shu.memberList(ctx, req.query, true);
        const title = [
          tenantName(req),
          ctx.lang === 'en' ? `SHU of ${req.query.year} per member` : `SHU tahun buku ${req.query.year} per anggota`,
        ];
        return sendExcel(reply, `shu-anggota-${req.query.year}`, [shu.memberSheet(ctx, req.query.year, r.page.content, title)]);
      }
      const r = await shu.memberList(ctx, req.query);
      return ok({ ...r.page, calculation: r.calculation });
    },
  );
}

/** The money: distribute, cancel, pay a share in cash. */
function distributionRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/shu/distribute',
    {
      config: { permission: 'shu:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: "Distribute a calculated year's SHU (once per year, resumable)",
        description:
          'Posts the allocation journal (SHU tahun berjalan → allocation accounts, SHU payable, tax payable) and credits each ' +
          "member's net share to their voluntary savings in committed chunks (payout SAVINGS), or leaves it payable (CASH). " +
          'A repeat continues an interrupted distribution and answers a finished one as it is.',
        body: shuDistributeBody,
      },
    },
    async (req) => ok(await shu.distribute(ctxOf(req), req.body), 'shu.distributed', { year: req.body.year }),
  );

  app.post(
    '/api/shu/cancel',
    {
      config: { permission: 'shu:delete', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Cancel a distribution before any payout: shares taken back from the savings, every journal reversed',
        body: shuCancelBody,
      },
    },
    async (req) => ok(await shu.cancelDistribution(ctxOf(req), req.body), 'shu.cancelled', { year: req.body.year }),
  );

  app.post(
    '/api/shu/pay-cash',
    {
      config: { permission: 'shu:add', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: "Pay a member's SHU share left payable in cash (journal SHU payable → cash), once per member and year",
        description:
          'For shares the distribution left payable (payout CASH, or no voluntary savings). A second payment of the same share is refused ' +
          '(SHU_ALREADY_PAID); an Idempotency-Key replays the first answer. After a cash payout the distribution can no longer be cancelled.',
        body: shuPayCashBody,
      },
    },
    async (req) => {
      const r = await payCash(ctxOf(req), req.body);
      return ok(r, 'shu.paid_cash', { year: req.body.year });
    },
  );
}

/** A member's slip and the SHU report. */
function reportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/shu/slip/:id',
    {
      config: { permission: 'shu:view' },
      schema: { tags: TAG, summary: "A member's SHU slip of a year (print data)", params: idParam, querystring: shuYearQuery },
    },
    async (req) => ok(await shu.slip(ctxOf(req), req.query.year, req.params.id)),
  );

  app.get(
    '/api/report/shu',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: 'SHU report of a year: allocations with accounts, totals, members; `format=xlsx` downloads Excel',
        querystring: shuReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      // A year not calculated yet: the screen's empty state (data null); its Excel has nothing to download (404).
      if (!wantsExcel(req.query) && !(await shu.hasCalculation(ctx, req.query.year))) return ok(null);
      const r = await shu.report(ctx, req.query.year, wantsExcel(req.query) ? EXPORT_FETCH_LIMIT : undefined);
      if (wantsExcel(req.query)) {
        const title = [tenantName(req), ctx.lang === 'en' ? `SHU report ${r.year}` : `Laporan SHU tahun buku ${r.year}`];
        return sendExcel(reply, `laporan-shu-${r.year}`, [
          shu.allocationSheet(ctx, r, title),
          shu.memberSheet(ctx, r.year, r.members, title),
        ]);
      }
      return ok(r);
    },
  );
}
