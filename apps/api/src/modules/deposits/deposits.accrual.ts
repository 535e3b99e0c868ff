/**
 * Daily accrual of term-deposit interest ("accrued daily, paid monthly", docs/deposits.md "Daily accrual"): one
 * journal per cooperative and day (Dr interest expense, Cr interest payable) through SQL deposit_accrue, run by the
 * job runner every night for the days since the last one accrued (catch-up after downtime, at most 62 days back);
 * the monthly release settles each period's accrued interest from interest payable (deposit_pay_due).
 */

import { dec } from '@koperasi/finance';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { type Ctx, systemCtx } from '../../lib/context.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { addDays } from '../ledger/dates.ts';
import { audit, withTx } from '../money/index.ts';
import { accrue, lastAccruedDay } from './deposits.hooks.repo.ts';

/** Accrues one day (once: a second call answers the first one's figures). */
export async function accrueDay(ctx: Ctx, day: string) {
  return withTx(ctx, async (tx) => {
    const r = await accrue(tx, day, ctx.userId);
    if (r.journal_id)
      await audit(tx, ctx, {
        action: 'deposit.accrual',
        entity: 'journal',
        entityId: r.journal_id,
        after: { day, amount: r.amount, deposits: r.deposits },
      });
    return { day, amount: dec(r.amount).toNumber(), deposits: r.deposits, journalId: r.journal_id };
  });
}

/** Every day from the one after the last accrued (or `through` itself when none was) to `through`, in order. */
export async function accrueThrough(db: Db, tenantId: string, through: string) {
  const ctx = systemCtx(db, tenantId);
  const last = await db.tenant(tenantId, (tx) => lastAccruedDay(tx));
  let day = last ? addDays(last, 1) : through;
  const floor = addDays(through, -62);
  if (day < floor) day = floor;
  const out = [];
  for (; day <= through; day = addDays(day, 1)) out.push(await accrueDay(ctx, day));
  return out;
}

/** The nightly job: at 00:30 local time each cooperative accrues through yesterday. */
export async function startDepositJobs(app: FastifyInstance, runner: JobRunner): Promise<void> {
  await runner.daily('deposit.accrual', { hour: 0, minute: 30 }, async (tenantId, localDate) => {
    await accrueThrough(app.db, tenantId, addDays(localDate, -1));
  });
}
