/**
 * loan_pay_write updates each installment where loan_pay_plan read it and only in the version it read (row_ctid,
 * row_xmin): an installment another transaction changed in between (one that did not take the loan's lock) is not
 * overwritten with figures computed from the old row. The batch fails as a serialization failure and runs again on
 * the new row: the payment is made once and the other change stays.
 */
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { loanSetup, runningLoan } from './loans-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

const L = '/api/transaction/product/loan';

describe('an installment changed while a payment is under way', () => {
  it('is not overwritten: the payment runs again on the new row', async (ctx) => {
    const s = await loanSetup();
    if (s.t.app.db.kind !== 'postgres') ctx.skip(); // one connection: nothing runs concurrently
    const loan = await runningLoan(s, { amount: 2_000_000, tenorInMonth: 4 });
    const db = s.t.app.db;
    const first = `SELECT id FROM loan_installment WHERE tenant_id = app_tenant() AND loan_id = $1 AND NOT superseded ORDER BY number LIMIT 1`;
    let paid: Promise<Awaited<ReturnType<typeof s.t.admin.post>>> | undefined;
    // Another transaction changes the first installment and holds it while the payment reads and then updates it.
    await db.tenant(s.t.tenantId, async (tx) => {
      const row = await tx.one<{ id: string }>(first, [loan.id]);
      await tx.exec(`UPDATE loan_installment SET notes = 'changed meanwhile' WHERE tenant_id = app_tenant() AND id = $1`, [row!.id]);
      paid = s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 100_000 }, { 'idempotency-key': `stale-${loan.id}` });
      await new Promise((r) => setTimeout(r, 700));
    });
    const r = await paid!;
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data.payment.amount).toBe(100_000);
    const after = await db.tenant(s.t.tenantId, (tx) =>
      tx.one<{ notes: string | null; paid: string; n: number }>(
        `SELECT i.notes, (i.principal_paid + i.interest_paid)::text AS paid,
                (SELECT count(*)::int FROM loan_payment p WHERE p.tenant_id = i.tenant_id AND p.loan_id = i.loan_id) AS n
           FROM loan_installment i WHERE i.tenant_id = app_tenant() AND i.id = (${first.replace('$1', `'${loan.id}'`)})`,
      ),
    );
    expect(after?.notes).toBe('changed meanwhile');
    expect(Number(after?.paid)).toBe(100_000);
    expect(after?.n).toBe(1);
    await assertReconciled(s.t.tenantId);
  }, 60_000);
});
