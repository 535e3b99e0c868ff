/**
 * The PP 15/2009 tax on cooperative interest lives in ONE place for postings:
 * the SQL function interest_tax_withhold (deposit release, withdrawal, break,
 * savings interest release). `monthlyInterestTax` (packages/finance) is its
 * copy for simulations and projections only. Both must agree: exactly the
 * tax-free amount, one sen above it, the second posting of a month withholding
 * the difference, a posting too small to carry the month's tax, other rates and
 * amounts, and random sequences.
 */
import { dec } from '@koperasi/finance';
import { monthlyInterestTax, monthlyInterestTaxes, type TaxRule } from '@koperasi/finance/deposit';
import { describe, expect, it } from 'vitest';
import { withholdTax } from '../src/modules/deposits/deposits.repo.ts';
import { newTenant, testDb } from './helpers.ts';

const MONTH = '2026-10-01';
const RULE: TaxRule = { taxFreeAmount: 240000, ratePct: 10 };

/**
 * The SQL rule's taxes for postings of one subject and month, in a transaction that is rolled back: one call per
 * posting (postings one after the other, as a month's deposit payments), or all in one call (`batch`: one moment,
 * as a release's chunk).
 */
async function sqlTaxes(
  postings: number[],
  rule: TaxRule = RULE,
  prior?: { gross: number; tax: number },
  batch = false,
): Promise<string[]> {
  const db = await testDb();
  const t = await newTenant();
  const subject = crypto.randomUUID();
  const rollback = new Error('rollback');
  let out: string[] = [];
  await expect(
    db.tenant(t.tenantId, async (tx) => {
      if (prior)
        await tx.exec('INSERT INTO interest_tax_month (tenant_id, subject_id, month, gross, tax) VALUES (app_tenant(), $1, $2, $3, $4)', [
          subject,
          MONTH,
          prior.gross,
          prior.tax,
        ]);
      const rows = postings.map((g) => ({ subject, month: MONTH, gross: dec(g), rule }));
      const taxes = batch ? await withholdTax(tx, rows) : [];
      if (!batch) for (const r of rows) taxes.push(...(await withholdTax(tx, [r])));
      out = taxes.map((x) => x.toFixed(2));
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  return out;
}

/** Reproducible pseudo-random numbers in [0, 1) (a linear congruential generator), for the random sequences. */
function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** The simulation's taxes for the same postings. */
function tsTaxes(postings: number[], rule: TaxRule = RULE, prior = { gross: 0, tax: 0 }): string[] {
  let g = dec(prior.gross);
  let x = dec(prior.tax);
  return postings.map((gross) => {
    const r = monthlyInterestTax({ ...rule, priorGross: g, priorTax: x, gross });
    g = r.monthGross;
    x = r.monthTax;
    return r.tax.toFixed(2);
  });
}

describe('one tax rule: SQL interest_tax_withhold = monthlyInterestTax (simulation)', () => {
  it('exactly the tax-free amount is not taxed; one sen above, the whole amount is', async () => {
    expect(await sqlTaxes([240000])).toEqual(['0.00']);
    expect(tsTaxes([240000])).toEqual(['0.00']);
    expect(await sqlTaxes([240000.01])).toEqual(['24000.00']);
    expect(tsTaxes([240000.01])).toEqual(['24000.00']);
  });

  it('the second posting of the month withholds the difference; one too small passes the rest on', async () => {
    // 200,000 then 100,000: the month holds 300,000, taxed 30,000, all from the second (net 70,000).
    expect(await sqlTaxes([200000, 100000, 50000])).toEqual(tsTaxes([200000, 100000, 50000]));
    expect(tsTaxes([200000, 100000, 50000])).toEqual(['0.00', '30000.00', '5000.00']);
    // Exactly at the threshold after two postings, then one sen more: the whole month is taxed on the third.
    expect(await sqlTaxes([120000, 120000, 0.01])).toEqual(['0.00', '0.00', '0.01']);
    expect(tsTaxes([120000, 120000, 0.01])).toEqual(['0.00', '0.00', '0.01']);
    expect(await sqlTaxes([120000, 120000, 0.01, 50000])).toEqual(tsTaxes([120000, 120000, 0.01, 50000]));
    // Prior rows of the month (another release, the savings interest) count.
    expect(await sqlTaxes([100], RULE, { gross: 240000, tax: 0 })).toEqual(tsTaxes([100], RULE, { gross: 240000, tax: 0 }));
  });

  it('agrees on other rules and on random sequences (half-up to the sen)', async () => {
    const rule: TaxRule = { taxFreeAmount: 50000.5, ratePct: 12.5 };
    expect(await sqlTaxes([50000.5, 0.01, 33.33, 99999.99], rule)).toEqual(tsTaxes([50000.5, 0.01, 33.33, 99999.99], rule));
    const rnd = lcg(7);
    for (let k = 0; k < 5; k++) {
      const postings = Array.from({ length: 6 }, () => Math.round(rnd() * 15000000) / 100);
      expect(await sqlTaxes(postings)).toEqual(tsTaxes(postings));
    }
  });

  it('withholds the postings of one call smallest first per subject, so the largest carries the month (TS: monthlyInterestTaxes)', async () => {
    // One member's two accounts in one release: 224,219.18 and 17,835.62 (242,054.80 in all, taxed 24,205.48). In array
    // order the small one came second and could carry only its own 17,835.62: 6,369.86 was never withheld.
    expect(await sqlTaxes([224219.18, 17835.62], RULE, undefined, true)).toEqual(['24205.48', '0.00']);
    const ts = (postings: number[], subjects?: string[], prior = { gross: 0, tax: 0 }) =>
      monthlyInterestTaxes(
        RULE,
        () => prior,
        postings.map((gross, i) => ({ subject: subjects?.[i] ?? 's', gross })),
      ).map((x) => x.toFixed(2));
    expect(ts([224219.18, 17835.62])).toEqual(['24205.48', '0.00']);
    // Ties keep the given order; other subjects are apart; a prior month row counts.
    expect(await sqlTaxes([150000, 150000, 1], RULE, undefined, true)).toEqual(ts([150000, 150000, 1]));
    expect(ts([150000, 150000, 1])).toEqual(['0.00', '30000.10', '0.00']);
    expect(ts([300000, 100], ['a', 'b'])).toEqual(['30000.00', '0.00']);
    expect(await sqlTaxes([5000, 300000], RULE, { gross: 100000, tax: 0 }, true)).toEqual(
      ts([5000, 300000], undefined, { gross: 100000, tax: 0 }),
    );
    const rnd = lcg(11);
    for (let k = 0; k < 5; k++) {
      const postings = Array.from({ length: 5 }, () => Math.round(rnd() * 20000000) / 100);
      expect(await sqlTaxes(postings, RULE, undefined, true)).toEqual(ts(postings));
    }
  });

  it('reads the month rows by their key only, also while the table is (nearly) empty', async () => {
    // A backend plans the function's statements once and keeps the plans: planned on an empty table, the per-key lookup
    // was a sequential scan, run for every key of every later call while a month-end release filled the table. Here
    // the planner is made to prefer a sequential scan whatever the table holds (index pages made costly); the function
    // must still read by key.
    const db = await testDb();
    const t = await newTenant();
    const rollback = new Error('rollback');
    let scans = -1;
    await expect(
      db.tenant(t.tenantId, async (tx) => {
        await tx.exec('DISCARD PLANS');
        await tx.exec('SET LOCAL random_page_cost = 100000');
        const subjects = Array.from({ length: 30 }, () => crypto.randomUUID());
        for (let k = 0; k < 3; k++)
          await withholdTax(
            tx,
            subjects.map((subject) => ({ subject, month: MONTH, gross: dec(100000), rule: RULE })),
          );
        scans = Number(
          (await tx.one<{ n: string }>(`SELECT seq_scan::text AS n FROM pg_stat_xact_user_tables WHERE relname = 'interest_tax_month'`))
            ?.n ?? 0,
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(scans).toBe(0);
  });
});
