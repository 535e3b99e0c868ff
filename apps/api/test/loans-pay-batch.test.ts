/**
 * Payments from the routes go in batches (loans.batch.ts, one loan_pay_many
 * call for many requests). Sent together, each request keeps its own answer,
 * refusal and Idempotency-Key: payments on different loans each post once
 * with their own allocation; a refused one among them is answered with its
 * own message and changes nothing; a repeated key answers the first payment;
 * two payments on one loan never overpay it. The books reconcile afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import { body, countCalls } from './helpers.ts';
import { loanSetup, runningLoan } from './loans-fixtures.ts';
import { createUser } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

const L = '/api/transaction/product/loan';

describe('loan payments in batches', () => {
  it('many requests at once: each its own answer, refusal and key', async () => {
    const s = await loanSetup();
    const loans: Array<{ id: string }> = [];
    for (let i = 0; i < 5; i++) loans.push(await runningLoan(s, { amount: 2_000_000, tenorInMonth: 2 }));
    const key = (i: number) => ({ 'idempotency-key': `batch-${loans[i].id}` });
    const sends = [
      ...loans.map((l, i) => s.t.admin.post(`${L}/payment-open-amount`, { loanId: l.id, amount: 100_000 + i }, key(i))),
      // The same key and body as the first: the first payment's answer.
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: loans[0].id, amount: 100_000 }, key(0)),
      // Above what the loan owes: refused, alone.
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: loans[1].id, amount: 5_000_000 }),
      // Two more on the last loan, together worth more than it owes: one of them is refused.
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: loans[4].id, amount: 1_500_000 }),
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: loans[4].id, amount: 1_500_000 }),
    ];
    const rs = await Promise.all(sends);
    for (let i = 0; i < 5; i++) {
      expect(rs[i].statusCode, rs[i].body).toBe(200);
      const d = body<any>(rs[i]).data;
      expect(d.payment).toMatchObject({ loanId: loans[i].id, amount: 100_000 + i, kind: 'OPEN_AMOUNT', status: 'POSTED' });
      expect(d.payment.journalNumber).toMatch(/\//);
      expect(d.loan.id).toBe(loans[i].id);
    }
    expect(rs[5].statusCode).toBe(200);
    expect(body<any>(rs[5]).data.payment.id).toBe(body<any>(rs[0]).data.payment.id);
    // A batch numbers its journals after COMMIT and stores the answers with journalNumber null: replayed later, the
    // key answers exactly the first answer, number included.
    const again = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loans[0].id, amount: 100_000 }, key(0));
    expect(again.statusCode).toBe(200);
    expect(body<any>(again).data).toEqual(body<any>(rs[0]).data);
    expect(rs[6].statusCode).toBe(422);
    // What it owes depends on whether its other payment went first (2.040.000 or 1.939.999).
    expect(body(rs[6]).message).toMatch(/^Pembayaran Rp 5\.000\.000 melebihi yang terutang Rp (2\.040\.000|1\.939\.999)$/);
    const last = [rs[7], rs[8]];
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(body(last.find((r) => r.statusCode === 422)!).errorCode).toBe('PAY_ABOVE_OWED');

    const count = async (id: string) => body<any>(await s.t.admin.get(`${L}/${id}/mutation-payments`)).data.totalElements;
    expect(await count(loans[0].id)).toBe(1);
    expect(await count(loans[1].id)).toBe(1);
    expect(await count(loans[4].id)).toBe(2);
    await assertReconciled(s.t.tenantId);
  }, 60_000);

  // As in saving_move_many (savings-batch.test.ts): the principals of a batch are checked once each, not once per
  // payment (a CTE read only in a correlated EXISTS was inlined and ran again for every payment).
  it('checks each signed-in principal once per batch, not once per payment', async () => {
    const s = await loanSetup();
    const loans = [
      await runningLoan(s, { amount: 1_000_000, tenorInMonth: 4 }),
      await runningLoan(s, { amount: 1_000_000, tenorInMonth: 4 }),
    ];
    const { calls } = await countCalls(s.t.tenantId, s.t.adminUserId, 'auth_principal_ok', async (tx, p) => {
      const items = [...loans, ...loans].map((l, ord) => ({ ord, loan: l.id, usr: s.t.adminUserId, session: p.session, digest: p.digest }));
      await tx.query(`SELECT * FROM loan_pay_many(CURRENT_DATE, NULL, false, $1::jsonb)`, [JSON.stringify(items)]);
    });
    expect(calls).toBe(1);
  }, 60_000);

  // The payment routes reuse the principal read a few seconds earlier (plugins/auth.ts principalInTx): loan_pay_many
  // checks it first, so signing out or losing the right takes effect on the very next payment, as without the cache.
  it('a cached principal: no read per payment; a right taken away or signing out refuses the next payment', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 2_000_000, tenorInMonth: 4 });
    const all = { view: true, add: true, update: true, delete: true };
    const teller = await createUser(s.t, { permissions: { member_transaction: all } });
    const pay = (amount: number) => teller.client.post(`${L}/payment-open-amount`, { loanId: loan.id, amount });
    expect((await pay(10_000)).statusCode).toBe(200);
    const reads = vi.spyOn(s.t.app.db, 'appQuery');
    expect((await pay(10_000)).statusCode).toBe(200);
    expect(reads.mock.calls.filter(([sql]) => String(sql).includes('auth_principal'))).toHaveLength(0);
    reads.mockRestore();
    await s.t.app.db.tenant(s.t.tenantId, (tx) =>
      tx.exec(
        `UPDATE role SET permissions = $3::jsonb WHERE tenant_id = $1 AND id = (SELECT role_id FROM app_user WHERE tenant_id = $1 AND id = $2)`,
        [s.t.tenantId, teller.id, JSON.stringify({ member_transaction: { ...all, add: false } })],
      ),
    );
    const refused = await pay(10_000);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).errorCode).toBe('PERMISSION_DENIED');
    expect((await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 10_000 })).statusCode).toBe(200);
    expect((await s.t.admin.post('/api/users/logout')).statusCode).toBe(200);
    const out = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 10_000 });
    expect(out.statusCode).toBe(401);
    const count = await s.t.app.db.tenant(s.t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1`, [loan.id]),
    );
    expect(count?.n).toBe(3);
    await assertReconciled(s.t.tenantId);
  }, 60_000);
});
