/**
 * HTTP routes of teller sessions (spec section 7 "Teller", under
 * /api/transaction-user/), the handover confirmation, the agent's dashboard
 * figures and the agent report. docs/teller.md.
 */
import {
  agentReportQuery,
  closeTellerBody,
  handoverBody,
  handoverListQuery,
  handoverRejectBody,
  idParam,
  openBalanceQuery,
  openTellerBody,
  tellerSessionListQuery,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import * as agent from './teller.agent.ts';
import * as handovers from './teller.handover.ts';
import * as teller from './teller.service.ts';

const TAG = ['teller'];
const money = { idempotency: 'transactional' as const };
const typed = (a: FastifyInstance) => a.withTypeProvider<ZodTypeProvider>();
type App = ReturnType<typeof typed>;

export async function tellerRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/transaction-user/open-teller',
    {
      config: { permission: 'teller:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Open the signed-in teller’s session of today (buka kas)',
        description:
          'One session per teller and day, on the teller’s assigned cash account; the opening balance must equal that account’s ledger balance. ' +
          'Refused while an earlier session is still open.',
        body: openTellerBody,
      },
    },
    async (req) => ok(await teller.openTeller(ctxOf(req), req.body), 'teller.session_opened'),
  );

  app.get(
    '/api/transaction-user/open-balance-teller',
    {
      config: { permission: 'teller:view' },
      schema: {
        tags: TAG,
        summary: 'The signed-in teller’s session of a day (default today), cash account and suggested opening balance',
        querystring: openBalanceQuery,
      },
    },
    async (req) => ok(await teller.openBalance(ctxOf(req), req.query.date)),
  );

  app.post(
    '/api/transaction-user/:id/close-teller',
    {
      config: { permission: 'teller:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Close a session with the cash count by denomination (tutup kas)',
        description:
          'body: [{denomination, count}] of 100000 … 100; openingBalance must be the session’s. Expected cash = opening + net of the cash account’s ' +
          'journal lines since opening; a difference posts a journal against Selisih Kas (reason required). Refused while a request of the session ' +
          'waits for approval or a handover waits for confirmation.',
        params: idParam,
        body: closeTellerBody,
      },
    },
    async (req) => ok(await teller.closeTeller(ctxOf(req), req.params.id, req.body), 'teller.session_closed'),
  );

  await handoverRoutes(app);

  app.get(
    '/api/transaction-user/datatable',
    {
      config: { permission: 'teller:view' },
      schema: {
        tags: TAG,
        summary: 'Teller sessions (every teller for supervisors; a teller sees their own)',
        querystring: tellerSessionListQuery,
      },
    },
    async (req) => ok(await teller.listSessions(ctxOf(req), req.query, false)),
  );

  app.get(
    '/api/transaction-user/datatable/:id/detail',
    {
      config: { permission: 'teller:view' },
      schema: { tags: TAG, summary: 'A session with movements by kind, journals and handovers (the printable report)', params: idParam },
    },
    async (req) => ok(await teller.sessionDetail(ctxOf(req), req.params.id, false)),
  );

  app.get(
    '/api/transaction-user/datatable/:id/handover',
    { config: { permission: 'teller:view' }, schema: { tags: TAG, summary: 'Handovers of a session', params: idParam } },
    async (req) => ok(await handovers.sessionHandovers(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/transaction-user/datatable-teller',
    {
      config: { permission: 'teller:view' },
      schema: { tags: TAG, summary: 'The signed-in teller’s own sessions', querystring: tellerSessionListQuery },
    },
    async (req) => ok(await teller.listSessions(ctxOf(req), req.query, true)),
  );

  app.get(
    '/api/transaction-user/datatable-teller/:id/detail',
    {
      config: { permission: 'teller:view' },
      schema: { tags: TAG, summary: 'One of the signed-in teller’s own sessions', params: idParam },
    },
    async (req) => ok(await teller.sessionDetail(ctxOf(req), req.params.id, true)),
  );

  // ------------------------------------------------------------ agents

  app.get(
    '/api/dashboard-agent/summary',
    {
      config: { permission: 'dashboard:view' },
      schema: {
        tags: ['agent'],
        summary: 'The signed-in user’s cash account, today’s collections on it, members looked after and today’s own transactions',
      },
    },
    async (req) => ok(await agent.agentSummary(ctxOf(req))),
  );

  app.get(
    '/api/report/agent-transactions',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: 'Agent report per agent and period: members served, deposits and payments collected, withdrawals paid, cash handed over',
        description: 'start/end YYYY-MM-DD (default this month); agentId (an agent always reads their own); format=xlsx for Excel.',
        querystring: agentReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const r = await agent.agentReport(ctx, req.query);
      if (wantsExcel(req.query)) {
        return sendExcel(reply, `laporan-transaksi-agen-${r.start}-${r.end}`, [agent.agentReportSheet(r, ctx.lang === 'en' ? 'en' : 'id')]);
      }
      return ok(r);
    },
  );
}

/** Cash handovers: send, confirm, reject, the lists. */
async function handoverRoutes(app: App) {
  app.post(
    '/api/transaction-user/handover',
    {
      config: { permission: 'teller:add', ...money },
      schema: {
        tags: TAG,
        summary: 'Hand cash from the open session to the main cash or another teller (posts when the receiver confirms)',
        body: handoverBody,
      },
    },
    async (req) => ok(await handovers.sendHandover(ctxOf(req), req.body), 'teller.handover_sent'),
  );

  app.post(
    '/api/transaction-user/handover/:id/confirm',
    {
      config: { permission: 'teller:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Confirm a cash handover as the receiving side: posts the journal between the cash accounts',
        params: idParam,
      },
    },
    async (req) => ok(await handovers.confirmHandover(ctxOf(req), req.params.id), 'teller.handover_confirmed'),
  );

  app.post(
    '/api/transaction-user/handover/:id/reject',
    {
      config: { permission: 'teller:update', ...money },
      schema: {
        tags: TAG,
        summary: 'Reject (receiver) or withdraw (sender) a waiting handover',
        params: idParam,
        body: handoverRejectBody,
      },
    },
    async (req) => ok(await handovers.rejectHandover(ctxOf(req), req.params.id, req.body.reason), 'teller.handover_rejected'),
  );

  app.get(
    '/api/transaction-user/handover/datatable',
    {
      config: { permission: 'teller:view' },
      schema: {
        tags: TAG,
        summary: 'Handovers the signed-in user sent (OUTGOING) or may confirm (INCOMING)',
        querystring: handoverListQuery,
      },
    },
    async (req) => ok(await handovers.listHandovers(ctxOf(req), req.query)),
  );

  app.get(
    '/api/transaction-user/handover/receivers',
    { config: { permission: 'teller:view' }, schema: { tags: TAG, summary: 'Other users holding a cash account (handover targets)' } },
    async (req) => ok(await handovers.handoverReceivers(ctxOf(req))),
  );
}
