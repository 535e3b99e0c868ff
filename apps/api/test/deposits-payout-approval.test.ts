/**
 * "Interest withdrawal needs approval" (product flag): a holding-account payout that includes interest waits for
 * another user (nothing posted); approving posts it once (an Idempotency-Key replay answers the first result, a
 * second approval finds nothing pending), rejecting posts nothing; the maker cannot approve; principal-only payouts
 * and products without the flag post at once. After every test the books reconcile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backdate, createDepositProduct, monthsAgo } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

/** A deposit withdrawn at maturity: 12,000,000 principal and 150,000 interest wait in the holding accounts. */
async function matured(over: Record<string, unknown> = {}) {
  const t = await newTenant();
  current = t;
  const productId = await createDepositProduct(t, over);
  const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const res = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: m.id,
    productId,
    amount: 12_000_000,
    tenor: 3,
  });
  if (res.statusCode !== 200) throw new Error(`placement failed: ${res.body}`);
  const id = body<any>(res).data.deposit.id as string;
  await backdate(t, id, monthsAgo(3));
  const w = await t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: id });
  if (w.statusCode !== 200) throw new Error(`withdraw failed: ${w.body}`);
  const manager = await roleUser(t, { permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });
  return { t, id, manager };
}

const holding = async (t: TestTenant, id: string) => body<any>(await t.admin.get(`/api/transaction/deposit/${id}/holding`)).data;

describe('interest payout approval', () => {
  it('without the flag the interest is paid at once', async () => {
    const { t, id } = await matured();
    const r = await t.admin.post(`/api/transaction/deposit/${id}/payout`, { method: 'CASH', kinds: ['INTEREST'] });
    expect(r.statusCode).toBe(200);
    expect(body<any>(r).data).toMatchObject({ status: 'PAID', interest: 150_000, amount: 150_000 });
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('0');
  });

  it('with the flag the payout waits; the maker cannot approve; another user approves once (replay-safe)', async () => {
    const { t, id, manager } = await matured({ interestWithdrawalNeedsApproval: true });
    const r = await t.admin.post(`/api/transaction/deposit/${id}/payout`, { method: 'CASH' });
    expect(r.statusCode).toBe(200);
    expect(body<any>(r).message).toBeTruthy();
    expect(body<any>(r).data).toMatchObject({ status: 'WAITING_APPROVAL', principal: 12_000_000, interest: 150_000, amount: 12_150_000 });
    // Nothing posted: both holding accounts still hold the money.
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('150000');
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('12000000');
    const h = await holding(t, id);
    expect(h.open.total).toBe(12_150_000);
    expect(h.pendingRequest).toMatchObject({ id: body<any>(r).data.requestId, amount: 12_150_000, method: 'CASH' });
    // The holding list marks the deposit as waiting for approval.
    const listed = () =>
      t.admin.get('/api/transaction/deposit/holding', {}).then((x) => body<any>(x).data.content.find((d: any) => d.id === id));
    expect(await listed()).toMatchObject({ payoutRequestPending: true, total: 12_150_000 });
    const dup = await t.admin.post(`/api/transaction/deposit/${id}/payout`, { method: 'CASH', kinds: ['INTEREST'] });
    expect([dup.statusCode, body(dup).errorCode]).toEqual([409, 'PAYOUT_PENDING']);
    expect(body<any>(await t.admin.get('/api/home/saving-loan')).data.deposits.payoutRequests).toBe(1);
    const self = await t.admin.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'APPROVED' });
    expect([self.statusCode, body(self).errorCode]).toEqual([422, 'PAYOUT_SELF_APPROVAL']);

    const key = { 'idempotency-key': `payout-approval-${id}` };
    const ok = await manager.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'APPROVED' }, key);
    expect(ok.statusCode).toBe(200);
    expect(body<any>(ok).data).toMatchObject({ status: 'PAID', principal: 12_000_000, interest: 150_000, amount: 12_150_000 });
    const replay = await manager.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'APPROVED' }, key);
    expect(replay.statusCode).toBe(200);
    expect(body<any>(replay).data.id).toBe(body<any>(ok).data.id);
    const again = await manager.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'APPROVED' });
    expect([again.statusCode, body(again).errorCode]).toEqual([422, 'PAYOUT_NOT_PENDING']);
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('0');
    const after = await holding(t, id);
    expect(after.open.total).toBe(0);
    expect(after.payouts).toHaveLength(1);
    expect(after.pendingRequest).toBeNull();
    expect(await listed()).toBeUndefined();
    expect(body<any>(await t.admin.get('/api/home/saving-loan')).data.deposits.payoutRequests).toBe(0);
  });

  it('a rejection (with a reason) posts nothing; principal-only payouts do not wait', async () => {
    const { t, id, manager } = await matured({ interestWithdrawalNeedsApproval: true });
    const r = await t.admin.post(`/api/transaction/deposit/${id}/payout`, { method: 'CASH', kinds: ['INTEREST'] });
    expect(body<any>(r).data).toMatchObject({ status: 'WAITING_APPROVAL', principal: 0, interest: 150_000 });
    const noReason = await manager.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    const rej = await manager.post(`/api/transaction/deposit/${id}/payout-approval`, { status: 'REJECTED', reason: 'Data belum lengkap' });
    // Rejected: still in the holding list, no longer marked as waiting.
    const row = body<any>(await t.admin.get('/api/transaction/deposit/holding', {})).data.content.find((d: any) => d.id === id);
    expect(row).toMatchObject({ payoutRequestPending: false });
    expect(rej.statusCode).toBe(200);
    expect(body<any>(rej).data).toMatchObject({ status: 'REJECTED' });
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('150000');
    expect((await holding(t, id)).pendingRequest).toBeNull();
    // Principal only: paid at once, even with the flag.
    const p = await t.admin.post(`/api/transaction/deposit/${id}/payout`, { method: 'CASH', kinds: ['PRINCIPAL'] });
    expect(p.statusCode).toBe(200);
    expect(body<any>(p).data).toMatchObject({ status: 'PAID', principal: 12_000_000, interest: 0 });
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('150000');
    const h = await holding(t, id);
    expect(h.open).toEqual({ principal: 0, interest: 150_000, total: 150_000 });
  });
});
