/**
 * The allocation rule lives in SQL (loan_pay_plan.sql, what every payment and
 * the auto debit post). The TypeScript engine (loans.engine.ts: figures,
 * scheduleTargets, payoffTargets, allocate) still answers the reads (what is
 * due, what settles the loan on a day). This property test proves both agree
 * on many random loans: random schedules partly paid, fines of both methods
 * with grace days and amounts counted before, random payment kinds, counts
 * and amounts; fines counted to the day, what is owed and due, and the fine,
 * interest and principal each installment receives.
 */
import { dec, ZERO } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { allocate, figures, payoffTargets, scheduleTargets, type Target } from '../src/modules/loans/loans.engine.ts';
import { findLoan, installments } from '../src/modules/loans/loans.repo.ts';
import { loanSetup, runningLoan, todayWib } from './loans-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

/** A small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}

const KINDS = ['INSTALLMENT', 'PARTIAL', 'OPEN_AMOUNT', 'PAYOFF'] as const;

interface PlanRow {
  number: number;
  fine_new: string;
  owed: string;
  due: string;
  amount: string;
  open_count: number;
  pay_fine: string;
  pay_interest: string;
  pay_principal: string;
}

describe('loan_pay_plan agrees with the TypeScript engine', () => {
  it('on 300 random loans and payments', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 24_000_000, tenorInMonth: 24 });
    const rand = rng(20261127);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const today = todayWib();
    let checked = 0;
    let withFines = 0;
    let partReads = 0;
    let spread = 0;
    for (let round = 0; round < 300; round++) {
      await s.t.app.db.tenant(s.t.tenantId, async (tx) => {
        // A random state: the schedule shifted so 0-12 installments are due, some paid in part or whole, fines counted before.
        const shift = Math.floor(rand() * 400) - 30;
        const fineMethod = pick(['NOMINAL', 'PERCENT'] as const);
        const rate = fineMethod === 'PERCENT' ? pick(['0', '0.1', '0.05', '1.25']) : pick(['0', '1000', '2500.5']);
        await tx.exec(
          `UPDATE loan SET fine = $2, fine_method = $3, fine_grace_days = $4, release_date = $5::date - 30 - $6::int
           WHERE tenant_id = app_tenant() AND id = $1`,
          [loan.id, rate, fineMethod, Math.floor(rand() * 6), today, shift],
        );
        const rows = await installments(tx, loan.id, 1);
        for (const r of rows) {
          const due = `${r.number * 30 - shift}`;
          const paidP = rand() < 0.3 ? r.principal : rand() < 0.3 ? r.principal.times(rand().toFixed(2)).toDecimalPlaces(2) : ZERO;
          const paidI =
            paidP.gt(0) || rand() < 0.2 ? (rand() < 0.5 ? r.interest : r.interest.times(rand().toFixed(2)).toDecimalPlaces(2)) : ZERO;
          const accrued = rand() < 0.3 ? dec(Math.floor(rand() * 50_000)) : ZERO;
          const finePaid = accrued.gt(0) && rand() < 0.5 ? accrued.times(rand().toFixed(2)).toDecimalPlaces(2) : ZERO;
          const settled = paidP.eq(r.principal) && paidI.eq(r.interest) && accrued.eq(finePaid);
          await tx.exec(
            `UPDATE loan_installment SET due_date = $2::date + $3::int, principal_paid = $4, interest_paid = $5, fine_accrued = $6,
               fine_paid = $7, fine_waived = 0, fine_counted_to = CASE WHEN $6::numeric > 0 THEN $2::date + $3::int + $8::int END,
               paid_date = CASE WHEN $9 THEN $2::date ELSE NULL END
             WHERE tenant_id = app_tenant() AND id = $1`,
            [r.id, today, due, paidP, paidI, accrued, finePaid, Math.floor(rand() * 20), settled],
          );
        }
        const l = (await findLoan(tx, loan.id))!;
        const f = figures(l, await installments(tx, loan.id, 1), today);
        const kind = pick(KINDS);
        const cnt = 1 + Math.floor(rand() * 3);
        const open = scheduleTargets(f);
        const sum = (ts: Target[]) => ts.reduce((a, t) => a.plus(t.fine).plus(t.interest).plus(t.principal), ZERO);
        const owed = sum(open);
        const asked = owed
          .times(rand().toFixed(3))
          .plus(rand() < 0.1 ? 1 : 0)
          .toDecimalPlaces(2);
        const targets = kind === 'INSTALLMENT' ? open.slice(0, cnt) : kind === 'PAYOFF' ? payoffTargets(l, f, today) : open;
        const amount = kind === 'INSTALLMENT' || kind === 'PAYOFF' ? sum(targets) : asked;
        let due = sum(open.filter((t) => f[t.index].isDue));
        if (due.isZero() && open.length) due = sum(open.slice(0, 1));
        const want = new Map(allocate(targets, amount).allocations.map((a) => [f[a.index].row.number, a]));

        const got = await tx.query<PlanRow>('SELECT * FROM loan_pay_plan($1::date, $2::jsonb)', [
          today,
          JSON.stringify([
            { ord: 0, loan: loan.id, kind, cnt, amount: kind === 'INSTALLMENT' || kind === 'PAYOFF' ? null : asked.toFixed(2) },
          ]),
        ]);
        const ctx = { round, kind, cnt, shift };
        // The function answers the rows a payment changes (and its first row): every installment with a fine counted
        // or a share of the payment is among them.
        const numbers = new Set(got.map((g) => g.number));
        const touched = f.filter((x) => !x.row.paid_date && (x.fineNew.gt(0) || want.has(x.row.number))).map((x) => x.row.number);
        expect({ ...ctx, missing: touched.filter((n) => !numbers.has(n)) }).toEqual({ ...ctx, missing: [] });
        if (!got.length) return;
        // A payment that cannot reach the end of the schedule reads only the installments up to where the open ones
        // cover it (plus one for the rest): what it answers as owed and open is then less than the whole, yet already
        // at least the amount and count asked, so no refusal depends on the rest. Otherwise the whole.
        const partOwed = dec(got[0].owed);
        if (partOwed.lt(owed) || got[0].open_count < open.length) {
          partReads++;
          expect({
            ...ctx,
            partial: true,
            payoff: kind === 'PAYOFF',
            covered: kind === 'INSTALLMENT' ? got[0].open_count >= cnt : partOwed.gte(asked),
          }).toEqual({
            ...ctx,
            partial: true,
            payoff: false,
            covered: true,
          });
          expect({ ...ctx, owedAtMost: partOwed.lte(owed), openAtMost: got[0].open_count <= open.length }).toEqual({
            ...ctx,
            owedAtMost: true,
            openAtMost: true,
          });
          expect({ ...ctx, due: dec(got[0].due).toFixed(2) }).toEqual({ ...ctx, due: due.toFixed(2) });
        } else
          expect({ ...ctx, owed: partOwed.toFixed(2), due: dec(got[0].due).toFixed(2), open: got[0].open_count }).toEqual({
            ...ctx,
            owed: owed.toFixed(2),
            due: due.toFixed(2),
            open: open.length,
          });
        if (kind === 'INSTALLMENT' && open.length < cnt) return;
        if (!got.length) return;
        expect({ ...ctx, amount: dec(got[0].amount).toFixed(2) }).toEqual({ ...ctx, amount: amount.toFixed(2) });
        for (const g of got) {
          const x = f.find((y) => y.row.number === g.number)!;
          const a = want.get(g.number);
          expect({
            ...ctx,
            n: g.number,
            fineNew: dec(g.fine_new).toFixed(2),
            fine: dec(g.pay_fine).toFixed(2),
            interest: dec(g.pay_interest).toFixed(2),
            principal: dec(g.pay_principal).toFixed(2),
          }).toEqual({
            ...ctx,
            n: g.number,
            fineNew: x.fineNew.toFixed(2),
            fine: (a?.fine ?? ZERO).toFixed(2),
            interest: (a?.interest ?? ZERO).toFixed(2),
            principal: (a?.principal ?? ZERO).toFixed(2),
          });
        }
        checked++;
        if (got.some((g) => dec(g.fine_new).gt(0) && dec(g.pay_fine).gt(0))) withFines++;
        if (want.size > 1) spread++;
      });
    }
    expect(checked).toBeGreaterThan(200);
    // The cases are not trivial: fines counted and paid, amounts spread over several installments.
    expect(withFines).toBeGreaterThan(20);
    // Payments that read only the start of the schedule.
    expect(partReads).toBeGreaterThan(20);
    expect(spread).toBeGreaterThan(50);
    // Nothing was posted: with the schedule as the release left it, the books reconcile.
    await s.t.app.db.tenant(s.t.tenantId, (tx) =>
      tx.exec(
        `UPDATE loan_installment SET principal_paid = 0, interest_paid = 0, fine_accrued = 0, fine_paid = 0, fine_counted_to = NULL,
           paid_date = NULL WHERE tenant_id = app_tenant() AND loan_id = $1`,
        [loan.id],
      ),
    );
    await assertReconciled(s.t.tenantId);
  }, 300_000);
});
