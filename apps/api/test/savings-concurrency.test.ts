/**
 * Money under concurrency (real on PostgreSQL: TEST_DATABASE_URL; on PGlite
 * the one connection serialises the same requests): parallel withdrawals
 * never overdraw an account, parallel retries with one Idempotency-Key post
 * once, transfers in opposite directions never deadlock.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts, ledgerBalance } from './reconcile.ts';

describe('savings under concurrency', () => {
  it('200 parallel withdrawals never overdraw the account and leave the exact balance', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin);
    const open = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId: p.voluntary,
      initialDeposit: 1_000_000,
    });
    const s = body<any>(open).data.account;
    // Minimum balance 10.000: 990.000 may leave, i.e. 99 withdrawals of 10.000.
    const results = await Promise.all(
      Array.from({ length: 200 }, () => t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 10000 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(99);
    expect(codes.filter((c) => c === 422)).toHaveLength(101);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(body(r).errorCode).toBe('INSUFFICIENT_BALANCE');
    const balances = results.filter((r) => r.statusCode === 200).map((r) => body<any>(r).data.transaction.balanceAfter as number);
    expect(new Set(balances).size).toBe(99);
    expect(Math.min(...balances)).toBe(10000);
    const acc = body<any>(await t.admin.get(`/api/transaction/saving/${s.id}/detail`)).data;
    expect(acc.balance).toBe(10000);
    expect((await ledgerBalance(t.tenantId, '20101')).toNumber()).toBe(10000);
    await assertReconciled(t.tenantId);
  });

  it('200 retries with one Idempotency-Key post once and answer the same', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin);
    const s = body<any>(await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId: p.voluntary })).data
      .account;
    const key = `dep-${s.id}`;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 125000 }, { 'idempotency-key': key }),
      ),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    const ids = new Set(results.map((r) => body<any>(r).data.transaction.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(199);
    const mut = body<any>(await t.admin.get(`/api/transaction/product/${s.id}/detail-mutation-product`)).data;
    expect(mut.totalElements).toBe(1);
    expect(mut.account.balance).toBe(125000);
    const reuse = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1 }, { 'idempotency-key': key });
    expect(reuse.statusCode).toBe(409);
    await assertReconciled(t.tenantId);
  });

  it('runs transfers both ways between two accounts at once without deadlock or lost money', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const a = await createActiveMember(t.admin, { fullName: 'Pertama' });
    const b = await createActiveMember(t.admin, { fullName: 'Kedua' });
    const openFor = async (memberId: string) =>
      body<any>(
        await t.admin.post('/api/transaction/request-open-product-member', { memberId, productId: p.voluntary, initialDeposit: 500000 }),
      ).data.account.id as string;
    const [sa, sb] = [await openFor(a.id), await openFor(b.id)];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.admin.inject({
          method: 'POST',
          url: '/api/transaction/v2/transfer',
          query: { fromSavingId: i % 2 ? sa : sb, toSavingId: i % 2 ? sb : sa, amount: String(1000 + i) },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    const bal = async (id: string) => body<any>(await t.admin.get(`/api/transaction/saving/${id}/detail`)).data.balance as number;
    let expectA = 500000;
    for (let i = 0; i < 60; i++) expectA += i % 2 ? -(1000 + i) : 1000 + i;
    expect(await bal(sa)).toBe(expectA);
    expect((await bal(sa)) + (await bal(sb))).toBe(1000000);
    await assertReconciled(t.tenantId);
  });
});
