/**
 * The principal cache of the teller routes (plugins/auth.ts `principalInTx`):
 * a deposit or withdrawal may reuse the signed-in principal read a few
 * seconds earlier, because its transaction checks it first. Signing out,
 * losing or gaining a right, a lower limit and a deactivated user all take
 * effect on the very next request, exactly as without the cache.
 */
import { describe, expect, it, vi } from 'vitest';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember, createUser } from './members-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

const all = { view: true, add: true, update: true, delete: true };

async function setup() {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const m = await createActiveMember(t.admin, { fullName: 'Rina Wati' });
  const open = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: m.id,
    productId: p.voluntary,
    initialDeposit: 500000,
  });
  const s = body<any>(open).data.account as { id: string };
  return { t, s };
}

async function setRole(t: TestTenant, userId: string, set: string, params: unknown[]) {
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(`UPDATE role SET ${set} WHERE tenant_id = $1 AND id = (SELECT role_id FROM app_user WHERE tenant_id = $1 AND id = $2)`, [
      t.tenantId,
      userId,
      ...params,
    ]),
  );
}

describe('teller routes reuse the signed-in principal only while it is still true', () => {
  it('signing out takes effect on the next deposit', async () => {
    const { t, s } = await setup();
    expect((await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 })).statusCode).toBe(200);
    // The second deposit reads no principal: the cached one, checked inside its transaction.
    const reads = vi.spyOn(t.app.db, 'appQuery');
    expect((await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 })).statusCode).toBe(200);
    expect(reads.mock.calls.filter(([sql]) => String(sql).includes('auth_principal'))).toHaveLength(0);
    reads.mockRestore();
    expect((await t.admin.post('/api/users/logout')).statusCode).toBe(200);
    const after = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 });
    expect(after.statusCode).toBe(401);
    expect(body(after).message).toBe('Sesi Anda tidak valid atau telah berakhir, silakan masuk kembali');
    const n = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_transaction WHERE activity = 'DEPOSIT'`),
    );
    expect(n?.n).toBe(2);
    await assertReconciled(t.tenantId);
  });

  it('a right taken away refuses the next movement (403); a right given lets the next one through', async () => {
    const { t, s } = await setup();
    const teller = await createUser(t, { permissions: { member_transaction: all } });
    expect((await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 2000 })).statusCode).toBe(200);
    await setRole(t, teller.id, 'permissions = $3::jsonb', [JSON.stringify({ member_transaction: { ...all, add: false } })]);
    const refused = await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 2000 });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).errorCode).toBe('PERMISSION_DENIED');
    await setRole(t, teller.id, 'permissions = $3::jsonb', [JSON.stringify({ member_transaction: all })]);
    expect((await teller.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1000 })).statusCode).toBe(200);
    await assertReconciled(t.tenantId);
  });

  it('a lower withdrawal limit applies to the next withdrawal; a deactivated user is signed out', async () => {
    const { t, s } = await setup();
    const teller = await createUser(t, { permissions: { member_transaction: all } });
    expect((await teller.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 100000 })).statusCode).toBe(200);
    await setRole(t, teller.id, 'saving_withdrawal_limit = $3', ['50000']);
    const above = await teller.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 60000 });
    expect(above.statusCode).toBe(403);
    expect(body(above).message).toContain('Rp 50.000');
    expect((await teller.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 40000 })).statusCode).toBe(200);
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec('UPDATE app_user SET is_active = false WHERE tenant_id = $1 AND id = $2', [t.tenantId, teller.id]),
    );
    expect((await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 })).statusCode).toBe(401);
    await assertReconciled(t.tenantId);
  });

  it('a replayed deposit answers the journal number the first answer had (numbered after COMMIT, stored before it)', async () => {
    const { t, s } = await setup();
    const key = { 'idempotency-key': `dep-${s.id}-replay` };
    const first = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 7000 }, key);
    expect(first.statusCode).toBe(200);
    const tx = body<any>(first).data.transaction;
    expect(tx.journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
    const again = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 7000 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body<any>(again).data.transaction).toEqual(tx);
    await assertReconciled(t.tenantId);
  });
});
