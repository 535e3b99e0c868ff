/**
 * Auto debit of installments: FLAT 1 %/month, 12.000.000 over 12 months, no
 * fine: installment 1 = 1.120.000, due 5 days ago on three loans.
 * - Budi: source of fund with 5.000.000 -> PAID 1.120.000 (balance 3.880.000).
 * - Siti: source of fund with 500.000 -> with partial off FAILED
 *   INSUFFICIENT_BALANCE; a retry with partial on takes what may leave the account.
 * - Dewi: no source-of-fund account -> FAILED NO_SOURCE_OF_FUND.
 * Twice on the same day posts once; the ledger balances and the savings and
 * loan control accounts equal their sub-ledgers after every step.
 */
import { describe, expect, it } from 'vitest';
import type { TestTenant } from './helpers.ts';
import { body } from './helpers.ts';
import { loanSetup, makeLate, runningLoan } from './loans-fixtures.ts';
import { createActiveMember } from './members-fixtures.ts';
import { data, TERMS } from './portfolio-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

async function balanceOf(t: TestTenant, savingId: string): Promise<number> {
  return t.app.db.tenant(t.tenantId, async (tx) => {
    const r = await tx.one<{ balance: { toNumber(): number } }>(
      'SELECT balance FROM member_saving WHERE tenant_id = app_tenant() AND id = $1',
      [savingId],
    );
    return Number(r!.balance);
  });
}

async function paymentsOf(t: TestTenant, loanId: string): Promise<number> {
  return t.app.db.tenant(t.tenantId, async (tx) => {
    const r = await tx.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1 AND status = 'POSTED'",
      [loanId],
    );
    return r!.n;
  });
}

async function lateAutoDebitLoan(s: Awaited<ReturnType<typeof loanSetup>>, memberId: string) {
  const loan = await runningLoan(s, { memberId });
  await makeLate(s.t, loan.id, loan.installments[0].dueDate, 5);
  const ad = await s.t.admin.inject({ method: 'PATCH', url: `/api/member/${loan.id}/loan-auto-debit?isAutoDebit=true` });
  expect(body<any>(ad).data.isAutoDebit).toBe(true);
  return loan;
}

/** The day's auto debit (today in Jakarta), killed after its first committed chunk of one loan: left half done. */
async function killedAfterFirstChunk(t: TestTenant) {
  const { runAutoDebit } = await import('../src/modules/portfolio/autodebit.service.ts');
  const date = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await expect(
    runAutoDebit(t.app.db, t.tenantId, date, {
      chunk: 1,
      afterChunk: () => {
        throw new Error('killed');
      },
    }),
  ).rejects.toThrow('killed');
  return { runAutoDebit, date };
}

describe('loan auto debit', () => {
  it('debits due installments from the source of fund once a day, partial as configured, with results and retry', async () => {
    const s = await loanSetup(TERMS);
    const t = s.t;
    const products = await defaultProducts(t.tenantId);
    expect((await t.admin.patch(`/api/member/${s.member.id}/source-of-fund`, { memberSavingId: s.savingId })).statusCode).toBe(200);
    const siti = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
    const sitiSaving = data(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: siti.id,
        productId: products.voluntary,
        initialDeposit: 500_000,
      }),
    ).account.id;
    expect((await t.admin.patch(`/api/member/${siti.id}/source-of-fund`, { memberSavingId: sitiSaving })).statusCode).toBe(200);
    const dewi = await createActiveMember(t.admin, { fullName: 'Dewi Lestari', gender: 'P' });

    const budiLoan = await lateAutoDebitLoan(s, s.member.id);
    const sitiLoan = await lateAutoDebitLoan(s, siti.id);
    const dewiLoan = await lateAutoDebitLoan(s, dewi.id);
    // A loan without auto debit is left alone.
    const manual = await runningLoan(s);
    await makeLate(t, manual.id, manual.installments[0].dueDate, 5);

    const off = await t.admin.put('/api/loan/portfolio-setting', {
      autoDebitPartial: false,
      reminderDays: 3,
      reminderOverdue: true,
      reminderChannel: 'SMS',
    });
    expect(off.statusCode, off.body).toBe(200);
    const first = data(await t.admin.post('/api/loan/auto-debit/run', {}));
    expect(first).toMatchObject({ paid: 1, partial: 0, failed: 2, pending: 0, amount: 1_120_000, runStatus: 'DONE' });
    expect(await balanceOf(t, s.savingId)).toBe(3_880_000);
    await assertReconciled(t.tenantId);

    // The same day again: nothing posted twice, failures stay until a retry.
    const second = data(await t.admin.post('/api/loan/auto-debit/run', {}));
    expect(second).toMatchObject({ paid: 1, failed: 2, amount: 1_120_000 });
    expect(await paymentsOf(t, budiLoan.id)).toBe(1);
    expect(await balanceOf(t, s.savingId)).toBe(3_880_000);

    const list = data(await t.admin.get('/api/loan/auto-debit', { limit: '50' }));
    const row = (id: string) => list.content.find((r: any) => r.loanId === id);
    expect(list.content).toHaveLength(3);
    expect(row(budiLoan.id)).toMatchObject({ status: 'PAID', due: 1_120_000, paid: 1_120_000, attempts: 1 });
    expect(row(sitiLoan.id)).toMatchObject({ status: 'FAILED', errorCode: 'INSUFFICIENT_BALANCE', due: 1_120_000, paid: 0 });
    expect(row(sitiLoan.id).message).toContain('kurang dari tagihan');
    expect(row(dewiLoan.id)).toMatchObject({ status: 'FAILED', errorCode: 'NO_SOURCE_OF_FUND' });
    expect(row(manual.id)).toBeUndefined();

    // Partial on, retry Siti's loan: what may leave the account is taken.
    await t.admin.put('/api/loan/portfolio-setting', {
      autoDebitPartial: true,
      reminderDays: 3,
      reminderOverdue: true,
      reminderChannel: 'SMS',
    });
    const retry = data(await t.admin.post('/api/loan/auto-debit/run', { retry: true, loanId: sitiLoan.id }));
    expect(retry).toMatchObject({ paid: 1, partial: 1, failed: 1 });
    const after = data(await t.admin.get('/api/loan/auto-debit', { status: 'PARTIAL' })).content;
    expect(after).toHaveLength(1);
    const taken = after[0].paid as number;
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(1_120_000);
    expect(taken + (await balanceOf(t, sitiSaving))).toBe(500_000);
    expect(after[0].attempts).toBe(2);
    // Retrying again takes nothing more that day.
    data(await t.admin.post('/api/loan/auto-debit/run', { retry: true }));
    expect(await paymentsOf(t, sitiLoan.id)).toBe(1);
    expect(await paymentsOf(t, budiLoan.id)).toBe(1);
    await assertReconciled(t.tenantId);

    const x = await t.admin.get('/api/loan/auto-debit', { format: 'xlsx' });
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    const future = await t.admin.post('/api/loan/auto-debit/run', { date: '2099-01-01' });
    expect(future.statusCode).toBe(422);
  });

  it('resumes a run cut short: committed chunks are not posted again, a row left PENDING takes its payment', async () => {
    const s = await loanSetup(TERMS);
    const t = s.t;
    expect((await t.admin.patch(`/api/member/${s.member.id}/source-of-fund`, { memberSavingId: s.savingId })).statusCode).toBe(200);
    const one = await lateAutoDebitLoan(s, s.member.id);
    const two = await lateAutoDebitLoan(s, s.member.id);
    const { runAutoDebit, date } = await killedAfterFirstChunk(t);
    const payments = async () => (await paymentsOf(t, one.id)) + (await paymentsOf(t, two.id));
    expect(await payments()).toBe(1);
    const r = await runAutoDebit(t.app.db, t.tenantId, date, { chunk: 1 });
    expect(r).toMatchObject({ paid: 2, pending: 0, runStatus: 'DONE' });
    expect(r.amount.toNumber()).toBe(2_240_000);
    expect(await paymentsOf(t, one.id)).toBe(1);
    expect(await paymentsOf(t, two.id)).toBe(1);
    expect(await balanceOf(t, s.savingId)).toBe(2_760_000);
    await assertReconciled(t.tenantId);

    // As if an earlier version died after a payment committed but before its row was marked: the row PENDING,
    // the day's run not started. The new run takes that payment and posts nothing.
    await t.app.db.tenant(t.tenantId, async (tx) => {
      await tx.exec(
        `UPDATE loan_auto_debit SET status = 'PENDING', payment_id = NULL, paid = 0 WHERE tenant_id = app_tenant() AND loan_id = $1`,
        [one.id],
      );
      await tx.exec(
        `DELETE FROM job_item WHERE tenant_id = app_tenant() AND run_id IN (SELECT id FROM job_run WHERE tenant_id = app_tenant() AND name = 'loan.autodebit')`,
      );
      await tx.exec(`DELETE FROM job_run WHERE tenant_id = app_tenant() AND name = 'loan.autodebit'`);
    });
    const again = await runAutoDebit(t.app.db, t.tenantId, date);
    expect(again).toMatchObject({ paid: 2, pending: 0 });
    expect(again.amount.toNumber()).toBe(2_240_000);
    expect(await paymentsOf(t, one.id)).toBe(1);
    expect(await balanceOf(t, s.savingId)).toBe(2_760_000);
    await assertReconciled(t.tenantId);
  }, 120_000);

  it('two loans on one account in one chunk: the first paid, the second takes what is left (rounds of payments)', async () => {
    const s = await loanSetup(TERMS);
    const t = s.t;
    const products = await defaultProducts(t.tenantId);
    const rini = await createActiveMember(t.admin, { fullName: 'Rini Wulandari', gender: 'P' });
    const saving = data(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: rini.id,
        productId: products.voluntary,
        initialDeposit: 2_000_000,
      }),
    ).account.id;
    expect((await t.admin.patch(`/api/member/${rini.id}/source-of-fund`, { memberSavingId: saving })).statusCode).toBe(200);
    const a = await lateAutoDebitLoan(s, rini.id);
    const b = await lateAutoDebitLoan(s, rini.id);
    const r = data(await t.admin.post('/api/loan/auto-debit/run', {}));
    expect(r).toMatchObject({ paid: 1, partial: 1, failed: 0, pending: 0 });
    const rows = data(await t.admin.get('/api/loan/auto-debit', { limit: '50' })).content;
    const first = [a.id, b.id].sort()[0];
    const paid = rows.find((x: any) => x.loanId === first);
    const partial = rows.find((x: any) => x.loanId !== first);
    expect(paid).toMatchObject({ status: 'PAID', paid: 1_120_000, attempts: 1 });
    expect(partial.status).toBe('PARTIAL');
    expect(partial.paid).toBeGreaterThan(0);
    expect(partial.paid).toBeLessThan(1_120_000);
    expect(1_120_000 + partial.paid + (await balanceOf(t, saving))).toBe(2_000_000);
    expect(await paymentsOf(t, a.id)).toBe(1);
    expect(await paymentsOf(t, b.id)).toBe(1);
    await assertReconciled(t.tenantId);
  }, 120_000);

  it('a loan turned to auto debit after the day ran is debited by the next run, once; a late run cut short goes on', async () => {
    const s = await loanSetup(TERMS);
    const t = s.t;
    expect((await t.admin.patch(`/api/member/${s.member.id}/source-of-fund`, { memberSavingId: s.savingId })).statusCode).toBe(200);
    const early = await lateAutoDebitLoan(s, s.member.id);
    expect(data(await t.admin.post('/api/loan/auto-debit/run', {}))).toMatchObject({ paid: 1, runStatus: 'DONE' });
    // The day's run is done; a manager turns a second loan's auto debit on and presses Run.
    const later = await lateAutoDebitLoan(s, s.member.id);
    expect(data(await t.admin.post('/api/loan/auto-debit/run', {}))).toMatchObject({ paid: 2, failed: 0, pending: 0 });
    expect(await paymentsOf(t, early.id)).toBe(1);
    expect(await paymentsOf(t, later.id)).toBe(1);
    // Nothing left: the next calls post nothing and start no further run.
    expect(data(await t.admin.post('/api/loan/auto-debit/run', {}))).toMatchObject({ paid: 2 });
    const runs = async () =>
      t.app.db.tenant(t.tenantId, (tx) =>
        tx.query<{ key: string; status: string }>(
          `SELECT key, status FROM job_run WHERE tenant_id = app_tenant() AND name = 'loan.autodebit.late' ORDER BY key`,
        ),
      );
    expect((await runs()).map((r) => r.status)).toEqual(['DONE']);

    // Two more turned on later still; the late run dies after its first chunk and the next call goes on with it.
    const three = await lateAutoDebitLoan(s, s.member.id);
    const four = await lateAutoDebitLoan(s, s.member.id);
    const { runAutoDebit, date } = await killedAfterFirstChunk(t);
    expect((await paymentsOf(t, three.id)) + (await paymentsOf(t, four.id))).toBe(1);
    // The screen's summary shows the day's work unfinished while its late run is.
    expect(data(await t.admin.get('/api/loan/auto-debit', { limit: '50' })).summary.runStatus).not.toBe('DONE');
    const r = await runAutoDebit(t.app.db, t.tenantId, date, { chunk: 1 });
    expect(r).toMatchObject({ paid: 4, failed: 0, pending: 0 });
    for (const l of [early, later, three, four]) expect(await paymentsOf(t, l.id)).toBe(1);
    expect((await runs()).map((x) => x.status)).toEqual(['DONE', 'DONE']);
    expect(await balanceOf(t, s.savingId)).toBe(5_000_000 - 4 * 1_120_000);
    await assertReconciled(t.tenantId);
  }, 120_000);
});
