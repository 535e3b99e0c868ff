/**
 * The month-end releases killed with SIGKILL mid-run and resumed (PostgreSQL only: the child process needs its own
 * connections): the deposit interest release and the savings interest release run in chunks of 2 on two connections
 * (runBatch `concurrency`); the test kills the process after its third committed chunk, releases again through the
 * API, and checks every deposit and account was paid exactly once, a third release posts nothing, and (afterEach)
 * the ledger balances and every control account equals its sub-ledger.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/ledger/dates.ts';
import { backdate, createDepositProduct, monthsAgo, today } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

/** Runs the child and kills it with SIGKILL after its third committed chunk; answers whether it was killed. */
async function killMidRun(t: TestTenant, kind: 'deposits' | 'savings', from: string, to: string): Promise<boolean> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here, 'release-resume-child.ts'),
      process.env.TEST_DATABASE_URL!,
      t.tenantId,
      t.adminUserId,
      kind,
      from,
      to,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: path.join(here, '../../..') },
  );
  return new Promise<boolean>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const m = /chunk (\d+)/.exec(chunk.toString());
      if (m && Number(m[1]) >= 3 && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve(true) : code === 0 ? resolve(false) : reject(new Error(`child exited ${code}`)),
    );
  });
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('month-end releases killed with SIGKILL and resumed', () => {
  it('deposit release on two connections: each deposit paid once after the resume', async () => {
    const t = await newTenant();
    current = t;
    const productId = await createDepositProduct(t);
    const start = monthsAgo(1);
    const ids: string[] = [];
    for (let m = 0; m < 5; m++) {
      const member = await createActiveMember(t.admin, { fullName: `Anggota Deposito ${m}`, gender: 'L' });
      for (let i = 0; i < 3; i++) {
        const res = await t.admin.post('/api/transaction/request-open-product-member', {
          memberId: member.id,
          productId,
          amount: 10_000_000 + m * 1_000_000 + i * 100_000,
          tenor: 6,
        });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(body<any>(res).data.deposit.id);
      }
    }
    for (const id of ids) await backdate(t, id, start);
    expect(await killMidRun(t, 'deposits', start, today())).toBe(true);
    const db = await testDb();
    const mid = await db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'`),
    );
    expect(mid!.n).toBeGreaterThanOrEqual(6);
    expect(mid!.n).toBeLessThan(ids.length);
    const res = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: today() });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<any>(res).data).toMatchObject({ status: 'RELEASED', payments: ids.length, deposits: ids.length });
    const rows = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ deposit_id: string; n: number }>(
        `SELECT deposit_id, count(*)::int AS n FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED' GROUP BY deposit_id`,
      ),
    );
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const again = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: today() });
    expect(body<any>(again).data).toMatchObject({ payments: 0 });
  }, 120_000);

  it('savings release on two connections: each account paid once after the resume', async () => {
    const t = await newTenant();
    current = t;
    const gl = Object.fromEntries(
      body<Array<{ role: string; coaId: string }>>(
        await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING', savingType: 'VOLUNTARY' }),
      ).data.map((r) => [r.role, r.coaId]),
    );
    const p = await t.admin.post('/api/product', {
      kind: 'SAVING',
      savingType: 'VOLUNTARY',
      name: `Sukarela Resume ${Math.random().toString(36).slice(2, 7)}`,
      baseRate: 3,
      balanceBasis: 'HARIAN',
      monthlyAdminFee: 1000,
      effectiveDate: '2020-01-01',
      glAccounts: gl,
    });
    expect(p.statusCode, p.body).toBe(200);
    const productId = body<{ id: string }>(p).data.id;
    const first = `${today().slice(0, 8)}01`;
    const end = addDays(first, -1);
    const start = `${end.slice(0, 8)}01`;
    const opened = addDays(start, -5);
    const ids: string[] = [];
    for (let m = 0; m < 6; m++) {
      const member = await createActiveMember(t.admin, { fullName: `Anggota Jasa ${m}`, gender: 'P' });
      for (let i = 0; i < 2; i++) {
        const o = await t.admin.post('/api/transaction/request-open-product-member', {
          memberId: member.id,
          productId,
          initialDeposit: 5_000_000 + m * 1_000_000 + i * 10_000,
        });
        expect(o.statusCode, o.body).toBe(200);
        ids.push(body<any>(o).data.account.id);
      }
    }
    const db = await testDb();
    await db.owner(async (tx) => {
      await tx.exec('UPDATE member_saving SET open_date = $3 WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [
        t.tenantId,
        `{${ids.join(',')}}`,
        opened,
      ]);
      await tx.exec('UPDATE member_transaction SET transaction_date = $3 WHERE tenant_id = $1 AND saving_id = ANY($2::uuid[])', [
        t.tenantId,
        `{${ids.join(',')}}`,
        opened,
      ]);
    });
    expect(await killMidRun(t, 'savings', start, end)).toBe(true);
    const mid = await db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM saving_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'`),
    );
    expect(mid!.n).toBeGreaterThanOrEqual(6);
    expect(mid!.n).toBeLessThan(ids.length);
    const res = await t.admin.post('/api/interest-simulation/saving/release', { startDate: start, endDate: end });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<any>(res).data).toMatchObject({ status: 'RELEASED', accounts: ids.length });
    const rows = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ saving_id: string; n: number }>(
        `SELECT saving_id, count(*)::int AS n FROM saving_interest WHERE tenant_id = app_tenant() AND status = 'POSTED' GROUP BY saving_id`,
      ),
    );
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const again = await t.admin.post('/api/interest-simulation/saving/release', { startDate: start, endDate: end });
    expect(body<any>(again).data).toMatchObject({ accounts: 0 });
  }, 120_000);
});
