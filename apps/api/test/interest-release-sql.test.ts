/**
 * The savings release computes the balance basis in SQL (saving_interest_chunk), the simulations in TypeScript
 * (`savingsInterest`, packages/finance): both must pay the same to the sen. Accounts of three products (HARIAN with
 * an interest minimum and maximum, RATA_RATA, TERENDAH with a minimum) move in the period (a deposit on the 5th, a
 * withdrawal on the 12th, two deposits on the 20th: the day's last balance counts), one with a blocked amount, one
 * not getting interest; two more products earn a daily interest percent instead of the yearly rate (HARIAN and
 * TERENDAH); the release's gross, basis balance and rate per account equal the TypeScript figures.
 *
 * A day's balance is the account's balance less the movements dated after it (docs/interest.md "The balance at a
 * day"), not a row's balance_after, which is the balance in entry order: a movement entered after a later-dated one
 * counts from its own date, in the release, the simulation and the balance report alike.
 */
import { dec } from '@koperasi/finance';
import { afterEach, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { computeInterest, dailyBalancesOf, interestAccounts } from '../src/modules/interest/interest.core.ts';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { aprilAccount, voluntaryProduct } from './interest-fixtures.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

const START = '2026-04-01';
const END = '2026-04-30';

describe('savings release basis in SQL = the TypeScript rule', () => {
  it('pays per account what savingsInterest computes, on every basis, with min, max, blocked and not-get-interest', async () => {
    const t = await newTenant();
    current = t;
    const gl = Object.fromEntries(
      body<Array<{ role: string; coaId: string }>>(
        await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING', savingType: 'VOLUNTARY' }),
      ).data.map((r) => [r.role, r.coaId]),
    );
    const products: string[] = [];
    for (const terms of [
      { balanceBasis: 'HARIAN', baseRate: 3.25, interestMinBalance: 1_000_000, interestMaxBalance: 8_000_000 },
      { balanceBasis: 'RATA_RATA', baseRate: 2.75 },
      { balanceBasis: 'TERENDAH', baseRate: 4, interestMinBalance: 500_000 },
      // The daily interest percent replaces the yearly rate (0.0125 % of the counted balance a day).
      { balanceBasis: 'HARIAN', baseRate: 3, dailyInterestPercent: 0.0125, interestMaxBalance: 9_000_000 },
      { balanceBasis: 'TERENDAH', baseRate: 3, dailyInterestPercent: 0.0091 },
    ]) {
      const p = await t.admin.post('/api/product', {
        kind: 'SAVING',
        savingType: 'VOLUNTARY',
        name: `Sukarela ${terms.balanceBasis} ${Math.random().toString(36).slice(2, 6)}`,
        effectiveDate: '2020-01-01',
        glAccounts: gl,
        ...terms,
      });
      expect(p.statusCode, p.body).toBe(200);
      products.push(body<{ id: string }>(p).data.id);
    }
    const db = await testDb();
    const accounts: string[] = [];
    let k = 0;
    for (const productId of products) {
      for (let i = 0; i < 3; i++) {
        k++;
        const m = await createActiveMember(t.admin, { fullName: `Anggota SQL ${k}`, gender: 'L' });
        const o = await t.admin.post('/api/transaction/request-open-product-member', {
          memberId: m.id,
          productId,
          initialDeposit: 3_000_000 + k * 1_000,
        });
        expect(o.statusCode, o.body).toBe(200);
        const id = body<any>(o).data.account.id as string;
        accounts.push(id);
        const steps: Array<[string, string, number]> = [
          ['/api/transaction/topup-saving', '2026-04-05', 2_000_000 + k * 37],
          ['/api/transaction/withdraw', '2026-04-12', 4_500_000],
          ['/api/transaction/topup-saving', '2026-04-20', 1_000_000],
          ['/api/transaction/topup-saving', '2026-04-20', 6_000_000 + k * 11],
        ];
        for (const [path, , amount] of steps) {
          const r = await t.admin.post(path, { memberSavingId: id, amount });
          expect(r.statusCode, r.body).toBe(200);
        }
        await db.owner(async (tx) => {
          const moves = await tx.query<{ id: string }>(
            'SELECT id FROM member_transaction WHERE tenant_id = $1 AND saving_id = $2 ORDER BY seq',
            [t.tenantId, id],
          );
          const dates = ['2026-03-20', ...steps.map((s) => s[1])];
          for (const [n, mv] of moves.entries())
            await tx.exec('UPDATE member_transaction SET transaction_date = $3 WHERE tenant_id = $1 AND id = $2', [
              t.tenantId,
              mv.id,
              dates[n],
            ]);
          await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20', blocked_amount = $3 WHERE tenant_id = $1 AND id = $2`, [
            t.tenantId,
            id,
            i === 1 ? 750_000 : 0,
          ]);
          if (i === 2 && k === 3)
            await tx.exec('UPDATE member_saving SET is_not_get_interest = true WHERE tenant_id = $1 AND id = $2', [t.tenantId, id]);
        });
      }
    }
    // The TypeScript figures, before the release.
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    const expected = await ctx.db.tenant(t.tenantId, async (tx) => {
      const list = await interestAccounts(tx, { end: END, ids: accounts });
      const balances = await dailyBalancesOf(tx, accounts, START, END);
      return new Map(
        computeInterest(list, balances, START, END).map((i) => [
          i.a.id,
          { gross: i.gross.toFixed(2), basis: i.basisBalance.toFixed(2), rate: i.rate.toFixed(4) },
        ]),
      );
    });
    expect(expected.size).toBe(accounts.length);
    const r = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END, chunkSize: 2 });
    expect(r.statusCode, r.body).toBe(200);
    const rows = await db.owner((tx) =>
      tx.query<{ saving_id: string; gross: string; basis_balance: string; rate: string }>(
        `SELECT saving_id, gross::text, basis_balance::text, rate::text FROM saving_interest WHERE tenant_id = $1 AND status = 'POSTED'`,
        [t.tenantId],
      ),
    );
    const got = new Map(
      rows.map((x) => [
        x.saving_id,
        { gross: dec(x.gross).toFixed(2), basis: dec(x.basis_balance).toFixed(2), rate: dec(x.rate).toFixed(4) },
      ]),
    );
    for (const id of accounts) {
      const e = expected.get(id)!;
      // Accounts with neither interest nor fee have no row (here every account pays something or is not-get-interest).
      if (!got.has(id)) expect(e.gross).toBe('0.00');
      else expect(got.get(id)).toEqual(e);
    }
    expect(rows.some((x) => dec(x.gross).gt(0))).toBe(true);
    // The daily percent products recorded their yearly equivalent (0.0125 x 365 = 4.5625) and paid by it.
    expect(rows.filter((x) => dec(x.rate).eq('4.5625')).length).toBe(3);
  });

  it('counts a movement from its own date when it was entered after a later-dated one', async () => {
    const t = await newTenant();
    current = t;
    // 3.65 % a year: a rupiah a day for every 10,000 held.
    const productId = await voluntaryProduct(t, { baseRate: 3.65 });
    const m = await createActiveMember(t.admin, { fullName: 'Anggota Urutan', gender: 'P' });
    const o = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, initialDeposit: 1_000_000 });
    expect(o.statusCode, o.body).toBe(200);
    const id = body<any>(o).data.account.id as string;
    // Entered in this order, dated: the opening on 20 March, 500,000 on 20 April, then 2,000,000 dated 10 April
    // (entered late), then 300,000 on 3 May (after the period, before the release).
    const entered: Array<[number, string]> = [
      [500_000, '2026-04-20'],
      [2_000_000, '2026-04-10'],
      [300_000, '2026-05-03'],
    ];
    for (const [amount] of entered) {
      const r = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: id, amount });
      expect(r.statusCode, r.body).toBe(200);
    }
    const db = await testDb();
    await db.owner(async (tx) => {
      // The movements only (posted journals are immutable): the report and the basis read the movements' dates.
      const moves = await tx.query<{ id: string }>(
        'SELECT id FROM member_transaction WHERE tenant_id = $1 AND saving_id = $2 ORDER BY seq',
        [t.tenantId, id],
      );
      const dates = ['2026-03-20', ...entered.map((e) => e[1])];
      for (const [n, mv] of moves.entries()) {
        await tx.exec('UPDATE member_transaction SET transaction_date = $3 WHERE tenant_id = $1 AND id = $2', [
          t.tenantId,
          mv.id,
          dates[n],
        ]);
      }
      await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, id]);
    });
    // The balance report on 15 April: 1,000,000 + 2,000,000 (the 20 April deposit and the May one not yet made).
    const report = body<any>(await t.admin.get('/api/report/saving', { periode: '2026-04-15', productId })).data;
    expect(report.content.map((r: any) => Number(r.balanceOn))).toEqual([3_000_000]);
    // The basis: 1,000,000 for 9 days (1-9), 3,000,000 for 10 (10-19), 3,500,000 for 11 (20-30) = 77,500,000 rupiah-days;
    // at 3.65 %: 7,750.00. By entry order the 10 April row's balance_after (3,500,000) and the 20 April row's
    // (1,500,000) would have given 60,500,000, i.e. 6,050.00.
    const sim = body<any>(await t.admin.get('/api/interest-simulation/saving-member-baserate', { start: START, end: END, productId })).data;
    expect(Number(sim.totalGross)).toBe(7_750);
    const r = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END, productId });
    expect(r.statusCode, r.body).toBe(200);
    const rows = await db.owner((tx) =>
      tx.query<{ gross: string; basis_balance: string }>(
        `SELECT gross::text, basis_balance::text FROM saving_interest WHERE tenant_id = $1 AND saving_id = $2 AND status = 'POSTED'`,
        [t.tenantId, id],
      ),
    );
    // The average daily balance: 77,500,000 / 30.
    expect(rows).toEqual([{ gross: '7750.00', basis_balance: '2583333.33' }]);
  });

  it('reads by key only, whatever the planner believes of the tables (a plan frozen on a small table)', async () => {
    // A backend keeps the chunk's generic plans; planned while a table was small (a young cooperative, a month's first
    // release), a sequential scan per account would run for every account of every later chunk. Here index pages are
    // made costly so the planner prefers sequential scans; the chunk must still read every table by key.
    const t = await newTenant();
    current = t;
    // Three accounts open since 20 March (interest-fixtures.ts), April released through the route.
    const productId = await voluntaryProduct(t);
    const ids: string[] = [];
    for (let k = 0; k < 3; k++) ids.push((await aprilAccount(t, productId, { name: `Anggota Kunci ${k}` })).savingId);
    const db = await testDb();
    const r = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END, productId });
    expect(r.statusCode, r.body).toBe(200);
    const rollback = new Error('rollback');
    let scans: Array<{ relname: string; seq_scan: string }> = [];
    await expect(
      db.owner(async (tx) => {
        await tx.exec('DISCARD PLANS');
        await tx.exec('SET LOCAL random_page_cost = 100000');
        await tx.exec(`SELECT set_config('app.tenant_id', $1, true)`, [t.tenantId]);
        const release = await tx.one<{ id: string }>('SELECT id FROM saving_interest_release WHERE tenant_id = $1', [t.tenantId]);
        const paid = await tx.one<{ accounts: number }>(
          `SELECT accounts FROM saving_interest_chunk($1, $2::uuid[], '2026-03-21', '2026-03-31', NULL, $3, 'SYSTEM', 'MEMBER', 240000, 10)`,
          [release!.id, [...ids].sort(), t.adminUserId],
        );
        expect(paid?.accounts).toBe(3);
        scans = await tx.query<{ relname: string; seq_scan: string }>(
          `SELECT relname, seq_scan::text FROM pg_stat_xact_user_tables
            WHERE seq_scan > 0 AND relname IN ('member_transaction', 'member_saving', 'saving_interest', 'interest_tax_month', 'product_terms')`,
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(scans).toEqual([]);
  });
});
