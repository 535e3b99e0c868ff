/**
 * Loan loss provision (PPAP, Penyisihan Penghapusan Aktiva Produktif): on a
 * day, every loan outstanding is graded (loans.portfolio.ts) and its
 * outstanding principal times its grade's allowance percent (tenant settings,
 * collectability_setting.allowance_percent; defaults LANCAR 0.5 %, KURANG
 * LANCAR 10 %, DIRAGUKAN 50 %, MACET 100 %) is the allowance it needs, to the
 * sen per loan (half-up). Posted once per month at the month's last day: one
 * journal moves the allowance account (contra-asset LOAN_LOSS_ALLOWANCE) from
 * its balance that day to the required figure: a top-up debits the expense
 * (LOAN_LOSS_EXPENSE) and credits the allowance; a release the reverse.
 * Cancelling posts the reversal. docs/loans.md "Loan loss provision".
 */
import { COLLECTABILITY_GRADES, type CollectabilityGrade, DEFAULT_COLLECTABILITY } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { accountBalance, accountIdsByKeys, post, reverse } from '../ledger/posting.ts';
import { gradedLoans, type PortfolioFilter } from '../loans/loans.portfolio.ts';
import { today } from '../savings/savings.core.ts';
import { loadCollectability } from '../settings/collectability.ts';
import {
  findProvision,
  insertProvision,
  listProvisions,
  lockProvisions,
  markCancelled,
  type ProvisionRow,
  postedProvision,
} from './ppap.repo.ts';

export async function allowancePercents(tx: Tx, tenantId: string): Promise<Record<CollectabilityGrade, Dec>> {
  const rows = await loadCollectability(tx, tenantId);
  const src = rows.length === COLLECTABILITY_GRADES.length ? rows : DEFAULT_COLLECTABILITY;
  return Object.fromEntries(src.map((r) => [r.grade, dec(r.allowancePercent)])) as Record<CollectabilityGrade, Dec>;
}

export interface ProvisionFigures {
  date: string;
  grades: Array<{ grade: CollectabilityGrade; percent: Dec; loanCount: number; outstanding: Dec; provision: Dec }>;
  total: { loanCount: number; outstanding: Dec; provision: Dec };
  loans: Array<{
    loanId: string;
    loanNumber: string;
    memberName: string;
    cifNumber: string;
    productName: string;
    branchName: string | null;
    outstandingPrincipal: Dec;
    daysLate: number;
    collectability: CollectabilityGrade;
    percent: Dec;
    provision: Dec;
  }>;
}

/**
 * The allowance every loan outstanding on `q.date` needs, per loan and per grade. `limit` (the report's Excel export
 * only, never a posting): at most that many loans.
 */
export async function provisionFigures(tx: Tx, tenantId: string, q: PortfolioFilter, limit?: number): Promise<ProvisionFigures> {
  const [loans, pct] = [await gradedLoans(tx, tenantId, q, limit), await allowancePercents(tx, tenantId)];
  const rows = loans.map((l) => {
    const percent = pct[l.collectability];
    return {
      loanId: l.loanId,
      loanNumber: l.loanNumber,
      memberName: l.memberName,
      cifNumber: l.cifNumber,
      productName: l.productName,
      branchName: l.branchName,
      outstandingPrincipal: l.outstandingPrincipal,
      daysLate: l.daysLate,
      collectability: l.collectability,
      percent,
      provision: l.outstandingPrincipal.times(percent).div(100).toDecimalPlaces(2),
    };
  });
  const grades = COLLECTABILITY_GRADES.map((grade) => {
    const mine = rows.filter((r) => r.collectability === grade);
    return {
      grade,
      percent: pct[grade],
      loanCount: mine.length,
      outstanding: mine.reduce((s, r) => s.plus(r.outstandingPrincipal), ZERO),
      provision: mine.reduce((s, r) => s.plus(r.provision), ZERO),
    };
  });
  return {
    date: q.date,
    grades,
    total: {
      loanCount: rows.length,
      outstanding: grades.reduce((s, g) => s.plus(g.outstanding), ZERO),
      provision: grades.reduce((s, g) => s.plus(g.provision), ZERO),
    },
    loans: rows,
  };
}

const KEYS = ['LOAN_LOSS_ALLOWANCE', 'LOAN_LOSS_EXPENSE'] as const;

/**
 * GET report/loan/ppap: the figures on a day, the allowance account's balance then and the difference a posting would
 * book. `limit`: the Excel export's EXPORT_FETCH_LIMIT (its sheet has a row per loan).
 */
export async function provisionReport(ctx: Ctx, q: PortfolioFilter, limit?: number) {
  return withTx(ctx, async (tx) => {
    const f = await provisionFigures(tx, ctx.tenantId, q, limit);
    const acc = await accountIdsByKeys(tx, KEYS);
    const balance = await accountBalance(tx, acc.LOAN_LOSS_ALLOWANCE, q.date);
    const filtered = Boolean(q.productId || q.branchId);
    return { ...f, allowanceBalance: balance, difference: filtered ? null : f.total.provision.minus(balance) };
  });
}

export function lastDayOf(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function provisionView(p: ProvisionRow) {
  return {
    id: p.id,
    period: p.period,
    asOf: p.as_of,
    required: dec(p.required),
    balanceBefore: dec(p.balance_before),
    amount: dec(p.amount),
    direction: dec(p.amount).gt(0) ? 'TOP_UP' : dec(p.amount).lt(0) ? 'RELEASE' : 'NONE',
    detail: p.detail,
    journalId: p.journal_id,
    journalNumber: p.journal_number,
    status: p.status,
    cancelReason: p.cancel_reason,
    cancelledAt: p.cancelled_at ? p.cancelled_at.toISOString() : null,
    reversalJournalId: p.reversal_journal_id,
    reversalNumber: p.reversal_number,
    createdDate: p.created_date.toISOString(),
  };
}

/** POST loan/ppap: posts the provision of `period` (YYYY-MM) at its last day, once. */
export async function postProvision(ctx: Ctx, period: string) {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw unprocessable('PERIOD_INVALID', 'portfolio.period_invalid');
  const asOf = lastDayOf(period);
  if (asOf > today()) throw unprocessable('PERIOD_NOT_ENDED', 'portfolio.period_not_ended', { period, date: asOf });
  return withTx(
    ctx,
    async (tx) => {
      await lockProvisions(tx);
      const same = await postedProvision(tx, period);
      if (same) throw conflict('PROVISION_ALREADY_POSTED', 'portfolio.provision_posted', { period, journal: same.journal_number ?? '-' });
      const latest = await postedProvision(tx, null);
      if (latest && latest.period > period)
        throw conflict('PROVISION_LATER_POSTED', 'portfolio.provision_later_posted', { period, later: latest.period });
      const f = await provisionFigures(tx, ctx.tenantId, { date: asOf });
      const acc = await accountIdsByKeys(tx, KEYS);
      const before = await accountBalance(tx, acc.LOAN_LOSS_ALLOWANCE, asOf);
      const amount = f.total.provision.minus(before);
      const id = crypto.randomUUID();
      let journalId: string | null = null;
      if (!amount.isZero()) {
        const topUp = amount.gt(0);
        const abs = amount.abs();
        const desc = `${topUp ? 'Pembentukan' : 'Pemulihan'} PPAP pinjaman periode ${period}`;
        const j = await post(tx, ctx, {
          date: asOf,
          description: desc,
          referenceCode: `PPAP-${period}`,
          source: { module: 'LOAN_PROVISION', id },
          isAdjustment: true,
          lines: [
            { accountId: topUp ? acc.LOAN_LOSS_EXPENSE : acc.LOAN_LOSS_ALLOWANCE, debit: abs, description: desc },
            { accountId: topUp ? acc.LOAN_LOSS_ALLOWANCE : acc.LOAN_LOSS_EXPENSE, credit: abs, description: desc },
          ],
        });
        journalId = j.id;
      }
      const detail = f.grades.map((g) => ({
        ...g,
        percent: g.percent.toString(),
        outstanding: g.outstanding.toFixed(2),
        provision: g.provision.toFixed(2),
      }));
      await insertProvision(tx, { id, period, asOf, required: f.total.provision, before, amount, detail, journalId, userId: ctx.userId });
      await audit(tx, ctx, {
        action: 'loan.provision',
        entity: 'loan_provision',
        entityId: id,
        after: { period, required: f.total.provision, before, amount, journalId },
      });
      return provisionView((await findProvision(tx, id))!);
    },
    { idempotent: true, message: 'portfolio.provision_done' },
  );
}

/** POST loan/ppap/{id}/cancel: the latest posting only; posts the reversal of its journal. */
export async function cancelProvision(ctx: Ctx, id: string, reason: string) {
  return withTx(
    ctx,
    async (tx) => {
      await lockProvisions(tx);
      const p = await findProvision(tx, id, true);
      if (!p) throw notFound('portfolio.provision_not_found');
      if (p.status === 'CANCELLED') throw conflict('PROVISION_CANCELLED', 'portfolio.provision_cancelled', { period: p.period });
      const latest = await postedProvision(tx, null);
      if (latest && latest.id !== p.id) throw conflict('PROVISION_NOT_LATEST', 'portfolio.provision_not_latest', { period: latest.period });
      const rev = p.journal_id ? await reverse(tx, ctx, p.journal_id, reason) : null;
      await markCancelled(tx, p.id, reason, ctx.userId, rev?.id ?? null);
      await audit(tx, ctx, {
        action: 'loan.provision_cancel',
        entity: 'loan_provision',
        entityId: p.id,
        before: { status: p.status },
        after: { reason },
      });
      return provisionView((await findProvision(tx, id))!);
    },
    { idempotent: true, message: 'portfolio.provision_cancel_done' },
  );
}

export async function provisions(ctx: Ctx, year?: number) {
  return withTx(ctx, async (tx) => (await listProvisions(tx, year)).map(provisionView));
}
