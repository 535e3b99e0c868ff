/**
 * The interest engine of term deposits: pays every period of the locked
 * deposits due up to a date, in one transaction — gross interest, the PP
 * 15/2009 tax withheld cumulatively per member (or account) and month, the
 * net to its destination, rollover or maturity at the end of a term — and
 * posts one balanced journal per payment day. The release (in chunks), the
 * withdrawal at maturity and the placement screen's projection use it.
 *
 * Decisions (docs/deposits.md):
 *  - Periods are paid in order and never skipped: a release pays every period
 *    due up to its `to` date that was not paid (a month never released is not
 *    lost), so `paid_through` is contiguous and the unique index on
 *    (deposit, due date) is the last guard of "exactly once".
 *  - Journals are dated on the payment day (the month the interest belongs
 *    to); a closed month refuses (the ledger's rule).
 *  - The tax subject is the member (basis MEMBER, default) or the deposit
 *    (ACCOUNT); the month is the payment day's month. With basis MEMBER the
 *    cooperative's tax-free amount and rate apply (settings interestTax);
 *    with ACCOUNT the product's own (taxFreeInterestAmount, interestTax).
 *  - Interest for a savings account that can no longer receive it (closed,
 *    member gone) goes to the interest holding account instead.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import {
  addMonthsSameDay,
  type DayCount,
  depositSchedule,
  monthlyInterestTax,
  periodInterest,
  type TaxRule,
} from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { type JournalLineInput, post } from '../ledger/posting.ts';
import { termsInForce } from '../products/products.repo.ts';
import { channelOf, move } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts } from '../savings/savings.repo.ts';
import { getConfig } from '../settings/configuration.ts';
import {
  type DepositMovement,
  insertMovements,
  type LockedDeposit,
  lockTaxMonths,
  saveTaxMonths,
  type TaxMonthRow,
} from './deposits.repo.ts';

export const RATE_COLUMN: Record<number, string> = {
  1: 'deposit_rate_1',
  3: 'deposit_rate_3',
  6: 'deposit_rate_6',
  12: 'deposit_rate_12',
  24: 'deposit_rate_24',
};

/** The GL account of a role, or a clear refusal naming the product and role. */
export function glOf(d: Pick<LockedDeposit, 'gl' | 'product_name'>, role: string): string {
  const id = d.gl[role];
  if (!id) throw unprocessable('PRODUCT_GL_MISSING', 'deposit.gl_missing', { product: d.product_name, role });
  return id;
}

export interface TaxSetting {
  basis: 'MEMBER' | 'ACCOUNT';
  rule: TaxRule;
}

/** The cooperative's interest tax setting (tenant configuration interestTax). */
export async function taxSetting(tx: Tx, ctx: Ctx): Promise<TaxSetting> {
  const c = await getConfig(tx, ctx.tenantId, 'interestTax');
  return { basis: c.basis, rule: { taxFreeAmount: c.taxFreeAmount, ratePct: c.ratePct } };
}

export interface PayOptions {
  /** Pay periods whose payment day is on or before this date. */
  through: string;
  releaseId: string | null;
  /** Withdrawal: every net amount goes to this holding account, and nothing rolls over. */
  holdingOverride?: string | null;
  /** A description prefix of the journals. */
  label?: string;
}

export interface PaySummary {
  deposits: number;
  payments: number;
  gross: Dec;
  tax: Dec;
  net: Dec;
  journalIds: string[];
  rolled: number;
  matured: number;
}

interface Payment {
  d: LockedDeposit;
  termNo: number;
  from: string;
  to: string;
  days: number;
  principal: Dec;
  rate: Dec;
  gross: Dec;
  tax: Dec;
  net: Dec;
  destination: 'SAVING' | 'HOLDING' | 'PRINCIPAL';
  savingId: string | null;
  creditAccount: string;
  subject: string;
  month: string;
  termsVersion: number;
}

/**
 * Pays the due periods of deposits already locked (FOR UPDATE, ascending id),
 * updating them in memory and in the database. Savings accounts receiving
 * interest are locked after the deposits, in ascending id.
 */
export async function payDueInterest(tx: Tx, ctx: Ctx, deposits: LockedDeposit[], opts: PayOptions): Promise<PaySummary> {
  const summary: PaySummary = { deposits: 0, payments: 0, gross: ZERO, tax: ZERO, net: ZERO, journalIds: [], rolled: 0, matured: 0 };
  const due = deposits.filter((d) => d.status === 'ACTIVE' && d.paid_through < opts.through);
  if (!due.length) return summary;
  const setting = await taxSetting(tx, ctx);
  const termsCache = new Map<string, Promise<Record<string, unknown> | undefined>>();
  const terms = (productId: string, date: string) => {
    const k = `${productId}|${date}`;
    if (!termsCache.has(k)) termsCache.set(k, termsInForce(tx, productId, date));
    return termsCache.get(k)!;
  };

  // 1. The periods due, in order; rollovers renew the term and go on.
  const payments: Payment[] = [];
  const changed = new Set<LockedDeposit>();
  for (const d of due) {
    for (let guard = 0; guard < 1000 && d.status === 'ACTIVE'; guard++) {
      const next = depositSchedule(d.start_date, d.tenor).find((p) => p.to > d.paid_through);
      if (!next || next.to > opts.through) break;
      const gross = periodInterest({ principal: d.principal, ratePct: d.rate, dayCount: d.day_count, days: next.days });
      const atMaturity = next.to === d.maturity_date;
      const rollIn = atMaturity && !opts.holdingOverride && d.rollover === 'PRINCIPAL_INTEREST';
      payments.push({
        d,
        termNo: d.term_no,
        from: next.from,
        to: next.to,
        days: next.days,
        principal: d.principal,
        rate: d.rate,
        gross,
        tax: ZERO,
        net: ZERO,
        destination: opts.holdingOverride ? 'HOLDING' : rollIn ? 'PRINCIPAL' : d.interest_destination,
        savingId: !opts.holdingOverride && !rollIn && d.interest_destination === 'SAVING' ? d.interest_saving_id : null,
        creditAccount: '',
        subject: setting.basis === 'MEMBER' ? d.member_id : d.id,
        month: `${next.to.slice(0, 7)}-01`,
        termsVersion: d.terms_version,
      });
      d.paid_through = next.to;
      changed.add(d);
      if (!atMaturity) continue;
      // End of the term: renew at the product's rate in force on the maturity day, or wait for withdrawal.
      const t = d.rollover === 'NONE' || opts.holdingOverride ? undefined : await terms(d.product_id, d.maturity_date);
      const rate = t?.[RATE_COLUMN[d.tenor]] as Dec | null | undefined;
      if (!t || rate === null || rate === undefined) {
        if (!opts.holdingOverride) {
          d.status = 'MATURED';
          summary.matured++;
        }
        break;
      }
      d.term_no += 1;
      d.start_date = d.maturity_date;
      d.maturity_date = addMonthsSameDay(d.start_date, d.tenor);
      d.paid_through = d.start_date;
      d.rate = dec(rate);
      d.day_count = ((t.deposit_day_count as DayCount | null) ?? 'MONTHLY') as DayCount;
      d.terms_version = t.version as number;
      summary.rolled++;
    }
  }
  if (!payments.length) return summary;

  // 2. Tax: cumulative per subject and month, in payment order.
  const months = await lockTaxMonths(
    tx,
    payments.map((p) => ({ subject: p.subject, month: p.month })),
  );
  const accountRules = new Map<string, TaxRule>();
  for (const p of payments) {
    let rule = setting.rule;
    if (setting.basis === 'ACCOUNT') {
      const k = `${p.d.product_id}|${p.termsVersion}`;
      if (!accountRules.has(k)) {
        const t = await terms(p.d.product_id, p.to);
        accountRules.set(k, {
          taxFreeAmount: dec((t?.deposit_tax_free_amount as Dec | null) ?? setting.rule.taxFreeAmount),
          ratePct: dec((t?.interest_tax as Dec | null) ?? setting.rule.ratePct),
        });
      }
      rule = accountRules.get(k)!;
    }
    const m = months.get(`${p.subject}|${p.month}`)!;
    const r = monthlyInterestTax({ ...rule, priorGross: m.gross, priorTax: m.tax, gross: p.gross });
    p.tax = r.tax;
    p.net = r.net;
    m.gross = r.monthGross;
    m.tax = r.monthTax;
  }
  await saveTaxMonths(tx, [...months.values()] as TaxMonthRow[]);

  // 3. Destinations: savings accounts locked after the deposits (ascending id); one that cannot receive falls back to holding.
  const savingIds = [...new Set(payments.filter((p) => p.savingId && p.net.gt(0)).map((p) => p.savingId!))].sort();
  const savings: Map<string, LockedAccount> = savingIds.length ? await lockAccounts(tx, savingIds, opts.through, null) : new Map();
  for (const p of payments) {
    if (p.destination === 'PRINCIPAL') {
      p.creditAccount = glOf(p.d, 'CONTROL');
      continue;
    }
    if (p.destination === 'SAVING') {
      const a = p.savingId ? savings.get(p.savingId) : undefined;
      if (a && a.status === 'ACTIVE' && a.member_active && a.control_id) {
        p.creditAccount = a.control_id;
        continue;
      }
      p.destination = 'HOLDING';
      p.savingId = null;
    }
    p.creditAccount = opts.holdingOverride ?? glOf(p.d, 'HOLDING_INTEREST');
  }

  // 4. One journal per payment day: Dr interest expense (gross), Cr tax payable (tax), Cr each destination (net).
  const byDate = new Map<string, Payment[]>();
  for (const p of payments) byDate.set(p.to, [...(byDate.get(p.to) ?? []), p]);
  const journalOf = new Map<string, { id: string; groupId: string }>();
  const movements: DepositMovement[] = [];
  const channel = ctx.principal ? channelOf(ctx) : 'SYSTEM';
  for (const [date, list] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const journalId = uuidv7();
    const groupId = crypto.randomUUID();
    journalOf.set(date, { id: journalId, groupId });
    const lines: JournalLineInput[] = [];
    const add = (accountId: string, side: 'debit' | 'credit', amount: Dec) => {
      if (!amount.gt(0)) return;
      const cur = lines.find((l) => l.accountId === accountId && dec(l[side] ?? 0).gt(0));
      if (cur) cur[side] = dec(cur[side] ?? 0).plus(amount);
      else lines.push({ accountId, [side]: amount });
    };
    for (const p of list) {
      add(glOf(p.d, 'INTEREST_EXPENSE'), 'debit', p.gross);
      add(glOf(p.d, 'TAX_PAYABLE'), 'credit', p.tax);
      add(p.creditAccount, 'credit', p.net);
      const base = {
        depositId: p.d.id,
        memberId: p.d.member_id,
        productId: p.d.product_id,
        date,
        channel,
        cashCoaId: null,
        groupId,
        journalId,
        termsVersion: p.termsVersion,
        branchId: p.d.member_branch_id,
        userId: ctx.userId,
      } as const;
      const text = `${p.d.account_number} ${p.from} s.d. ${p.to}`;
      let balance = p.principal;
      movements.push({ ...base, kind: 'TOPUP_INTEREST', activity: 'INTEREST', amount: p.gross, balanceAfter: balance, description: text });
      movements.push({ ...base, kind: 'WITHDRAW_TAX', activity: 'TAX', amount: p.tax, balanceAfter: balance, description: text });
      if (p.destination === 'PRINCIPAL' && p.net.gt(0)) {
        balance = balance.plus(p.net);
        p.d.principal = p.d.principal.plus(p.net);
        movements.push({ ...base, kind: 'TOPUP', activity: 'ROLLOVER_INTEREST', amount: p.net, balanceAfter: balance, description: text });
      }
      if (p.destination === 'SAVING' && p.net.gt(0)) {
        const a = savings.get(p.savingId!)!;
        await move(tx, ctx, a, {
          kind: 'TOPUP_INTEREST',
          activity: 'DEPOSIT_INTEREST',
          amount: p.net,
          date,
          channel,
          cashCoaId: null,
          groupId,
          description: `Bunga deposito ${text}`,
          journalId,
        });
      }
      summary.gross = summary.gross.plus(p.gross);
      summary.tax = summary.tax.plus(p.tax);
      summary.net = summary.net.plus(p.net);
    }
    if (lines.length >= 2) {
      await post(tx, ctx, {
        id: journalId,
        date,
        description: `${opts.label ?? 'Bunga simpanan berjangka'} ${date} (${list.length} deposito)`.slice(0, 500),
        referenceCode: list.length === 1 ? list[0].d.account_number : null,
        source: { module: 'DEPOSIT', id: groupId },
        lines,
      });
      summary.journalIds.push(journalId);
    }
  }
  await insertMovements(tx, movements);

  // 5. The interest rows (unique per deposit and payment day; a day without interest, rate 0, has no journal and no row)
  // and the deposits.
  const posted = new Set(summary.journalIds);
  const rows = payments.filter((p) => posted.has(journalOf.get(p.to)!.id));
  await tx.exec(
    `INSERT INTO deposit_interest (tenant_id, deposit_id, release_id, term_no, period_from, due_date, days, principal, rate, gross, tax, net,
                                   destination, saving_id, tax_subject, tax_month, journal_id)
     SELECT app_tenant(), u.d, $1::uuid, u.t, u.f, u.due, u.days, u.p, u.r, u.g, u.x, u.g - u.x, u.dest, u.s, u.subj, u.m, u.j
     FROM unnest($2::uuid[], $3::int[], $4::date[], $5::date[], $6::int[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[],
                 $11::text[], $12::uuid[], $13::uuid[], $14::date[], $15::uuid[])
       AS u(d, t, f, due, days, p, r, g, x, dest, s, subj, m, j)`,
    [
      opts.releaseId,
      rows.map((p) => p.d.id),
      rows.map((p) => p.termNo),
      rows.map((p) => p.from),
      rows.map((p) => p.to),
      rows.map((p) => p.days),
      rows.map((p) => p.principal.toFixed(2)),
      rows.map((p) => p.rate.toFixed(4)),
      rows.map((p) => p.gross.toFixed(2)),
      rows.map((p) => p.tax.toFixed(2)),
      rows.map((p) => p.destination),
      rows.map((p) => p.savingId),
      rows.map((p) => p.subject),
      rows.map((p) => p.month),
      rows.map((p) => journalOf.get(p.to)!.id),
    ],
  );
  const paidBy = new Map<LockedDeposit, { g: Dec; x: Dec }>();
  for (const p of payments) {
    const cur = paidBy.get(p.d) ?? { g: ZERO, x: ZERO };
    paidBy.set(p.d, { g: cur.g.plus(p.gross), x: cur.x.plus(p.tax) });
  }
  const list = [...changed];
  for (const d of list) {
    const s = paidBy.get(d)!;
    d.interest_paid = d.interest_paid.plus(s.g);
    d.tax_paid = d.tax_paid.plus(s.x);
  }
  await tx.exec(
    `UPDATE deposit d SET paid_through = u.pt, interest_paid = u.ip, tax_paid = u.tp, principal = u.pr, status = u.st, term_no = u.tn,
            start_date = u.sd, maturity_date = u.md, rate = u.r, day_count = u.dc, terms_version = u.tv, updated_by = $12
     FROM unnest($1::uuid[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::text[], $7::int[], $8::date[], $9::date[],
                 $10::numeric[], $11::text[], $13::int[]) AS u(id, pt, ip, tp, pr, st, tn, sd, md, r, dc, tv)
     WHERE d.tenant_id = app_tenant() AND d.id = u.id`,
    [
      list.map((d) => d.id),
      list.map((d) => d.paid_through),
      list.map((d) => d.interest_paid.toFixed(2)),
      list.map((d) => d.tax_paid.toFixed(2)),
      list.map((d) => d.principal.toFixed(2)),
      list.map((d) => d.status),
      list.map((d) => d.term_no),
      list.map((d) => d.start_date),
      list.map((d) => d.maturity_date),
      list.map((d) => d.rate.toFixed(4)),
      list.map((d) => d.day_count),
      ctx.userId,
      list.map((d) => d.terms_version),
    ],
  );
  summary.deposits = list.length;
  summary.payments = payments.length;
  return summary;
}
