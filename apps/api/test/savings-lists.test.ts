/**
 * Lists of saving accounts the screens page through on the server:
 * GET /api/transaction/saving/datatable filtered by the auto-debit and
 * source-of-fund flags, the saving type(s), the product kind and several
 * members at once (the Auto Debet screen), with paging, sorting, agents'
 * scope and the refusal of filters that are not valid.
 */
import { describe, expect, it } from 'vitest';
import { body, type Client, newTenant } from './helpers.ts';
import { createActiveMember, createArea, createUser } from './members-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

interface Account {
  id: string;
  accountNumber: string;
  memberId: string;
  memberName: string;
  savingType: string;
  kind: string;
  isAutoDebit: boolean;
  isSourceOfFund: boolean;
}
interface PageOf<T> {
  content: T[];
  page: number;
  limit: number;
  totalElements: number;
  totalPages: number;
}

async function list(c: Client, query: Record<string, unknown>) {
  const res = await c.get('/api/transaction/saving/datatable', query);
  expect(res.statusCode, res.body).toBe(200);
  return body<PageOf<Account>>(res).data;
}

async function autoDebitOn(c: Client, savingId: string) {
  const res = await c.inject({ method: 'PATCH', url: `/api/member/${savingId}/saving-auto-debit`, query: { isAutoDebit: 'true' } });
  expect(res.statusCode, res.body).toBe(200);
}

const ids = (p: PageOf<Account>) => p.content.map((a) => a.id).sort();

describe('saving accounts datatable: auto debit, source of fund, saving type', () => {
  it('filters on the server, pages, sorts, and keeps agents to their members', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const area = await createArea(t, 'Area Pasar Baru');
    // Ani (in the agent's area) and Budi have a source of fund and dues on auto debit; Citra has neither.
    const ani = await createActiveMember(t.admin, { fullName: 'Ani Lestari', areaId: area });
    const budi = await createActiveMember(t.admin, { fullName: 'Budi Hartono' });
    const citra = await createActiveMember(t.admin, { fullName: 'Citra Dewi' });
    const accounts = async (memberId: string) => (await list(t.admin, { memberId, limit: 100 })).content;
    const open = async (memberId: string) => {
      const res = await t.admin.post('/api/transaction/request-open-product-member', {
        memberId,
        productId: p.voluntary,
        initialDeposit: 100000,
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ account: Account }>(res).data.account;
    };
    const aniSs = await open(ani.id);
    const budiSs = await open(budi.id);
    await open(citra.id);
    for (const [m, s] of [
      [ani, aniSs],
      [budi, budiSs],
    ] as const) {
      const res = await t.admin.patch(`/api/member/${m.id}/source-of-fund`, { memberSavingId: s.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const of = (as: Account[], type: string) => as.find((a) => a.savingType === type)!;
    const aniAcc = await accounts(ani.id);
    const budiAcc = await accounts(budi.id);
    const citraAcc = await accounts(citra.id);
    await autoDebitOn(t.admin, of(aniAcc, 'MANDATORY').id);
    await autoDebitOn(t.admin, of(budiAcc, 'MANDATORY').id);
    await autoDebitOn(t.admin, of(budiAcc, 'PRINCIPAL').id);
    const onAutoDebit = [of(aniAcc, 'MANDATORY').id, of(budiAcc, 'MANDATORY').id, of(budiAcc, 'PRINCIPAL').id].sort();

    // Every account of the cooperative: 3 members × (principal, mandatory, voluntary).
    expect((await list(t.admin, { limit: 100 })).totalElements).toBe(9);

    const auto = await list(t.admin, { isAutoDebit: 'true', limit: 100 });
    expect(ids(auto)).toEqual(onAutoDebit);
    expect(auto.content.every((a) => a.isAutoDebit)).toBe(true);
    expect(auto.totalElements).toBe(3);

    // Server paging over the filter: 2 + 1, nothing twice, sorted by member name.
    const p0 = await list(t.admin, { isAutoDebit: true, limit: 2, page: 0, sortBy: 'member_name', ascOrDesc: 'ASC' });
    const p1 = await list(t.admin, { isAutoDebit: true, limit: 2, page: 1, sortBy: 'member_name', ascOrDesc: 'ASC' });
    expect([p0.totalElements, p0.totalPages, p0.content.length, p1.content.length]).toEqual([3, 2, 2, 1]);
    expect([...p0.content, ...p1.content].map((a) => a.memberName)).toEqual(['Ani Lestari', 'Budi Hartono', 'Budi Hartono']);
    expect([...p0.content, ...p1.content].map((a) => a.id).sort()).toEqual(onAutoDebit);

    const notAuto = await list(t.admin, { isAutoDebit: 'false', limit: 100 });
    expect(notAuto.totalElements).toBe(6);
    expect(notAuto.content.some((a) => a.isAutoDebit)).toBe(false);

    // Saving type (one or several, any case) and product kind, with the flag and the search.
    expect(ids(await list(t.admin, { isAutoDebit: 'true', savingType: 'PRINCIPAL' }))).toEqual([of(budiAcc, 'PRINCIPAL').id]);
    expect(ids(await list(t.admin, { savingType: 'principal,mandatory', memberId: citra.id }))).toEqual(
      [of(citraAcc, 'PRINCIPAL').id, of(citraAcc, 'MANDATORY').id].sort(),
    );
    expect(ids(await list(t.admin, { kind: 'SAVING', limit: 100 }))).toEqual([aniSs.id, budiSs.id, of(citraAcc, 'VOLUNTARY').id].sort());
    expect((await list(t.admin, { kind: 'saving_equity', isAutoDebit: 'false', limit: 100 })).totalElements).toBe(3);
    expect(ids(await list(t.admin, { isAutoDebit: 'true', search: 'budi' }))).toEqual(
      [of(budiAcc, 'MANDATORY').id, of(budiAcc, 'PRINCIPAL').id].sort(),
    );

    // The source-of-fund accounts of several members in one call (what the Auto Debet screen pairs with its page).
    const sources = await list(t.admin, { isSourceOfFund: 'true', memberIds: `${ani.id},${budi.id},${citra.id}`, limit: 100 });
    expect(ids(sources)).toEqual([aniSs.id, budiSs.id].sort());
    expect(sources.content.every((a) => a.isSourceOfFund)).toBe(true);
    expect(ids(await list(t.admin, { memberIds: citra.id, limit: 100 }))).toEqual(citraAcc.map((a) => a.id).sort());

    // An agent lists only the members they look after.
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    expect(ids(await list(agent.client, { isAutoDebit: 'true' }))).toEqual([of(aniAcc, 'MANDATORY').id]);
    expect(ids(await list(agent.client, { isSourceOfFund: 'true', memberIds: `${ani.id},${budi.id}` }))).toEqual([aniSs.id]);
  });

  it('refuses filters that are not valid, naming them', async () => {
    const t = await newTenant();
    const bad = async (query: Record<string, unknown>) => {
      const res = await t.admin.get('/api/transaction/saving/datatable', query);
      expect(res.statusCode, res.body).toBe(400);
      return body(res).message;
    };
    expect(await bad({ isAutoDebit: 'maybe' })).toBe('isAutoDebit harus true atau false');
    expect(await bad({ isSourceOfFund: 'ya' })).toContain('tidak valid');
    expect(await bad({ savingType: 'DEPOSITO' })).toBe('Jenis simpanan tidak valid');
    expect(await bad({ savingType: 'MANDATORY,LOAN' })).toBe('Jenis simpanan tidak valid');
    expect(await bad({ kind: 'LOAN' })).toBe('Jenis produk tidak valid');
    expect(await bad({ memberIds: 'bukan-id' })).toContain('tidak valid');
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
    expect(await bad({ memberIds: many })).toContain('tidak valid');
    // English with Accept-Language.
    const en = await t.admin.get('/api/transaction/saving/datatable', { isAutoDebit: 'maybe' }, { 'accept-language': 'en' });
    expect(body(en).message).toBe('isAutoDebit must be true or false');
    // Empty and 'none' are no filter.
    const none = await t.admin.get('/api/transaction/saving/datatable', { isAutoDebit: 'none', savingType: '', kind: 'none' });
    expect(none.statusCode).toBe(200);
  });
});

describe('the close dialog for a role without product:view', () => {
  it('gives an agent allowed to close the closing fee in force, the one the closing charges', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const area = await createArea(t, 'Area Kampung Baru');
    const m = await createActiveMember(t.admin, { fullName: 'Dewi Anggraini', areaId: area });
    const opened = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId: p.voluntary,
      initialDeposit: 100000,
    });
    const ss = body<{ account: Account }>(opened).data.account;
    // Today's fee Rp 15.000; a higher one is already scheduled next month (the dialog must not show it).
    const plusDays = (n: number) => new Date(Date.now() + 7 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
    expect((await t.admin.patch('/api/product', { id: p.voluntary, closingFee: 15000 })).statusCode).toBe(200);
    expect((await t.admin.patch('/api/product', { id: p.voluntary, closingFee: 40000, effectiveDate: plusDays(30) })).statusCode).toBe(200);

    // The cooperative lets its agents close accounts; the built-in AGENT role still has no product:view (not widened).
    const roles = body<Array<{ id: string; code: string | null }>>(await t.admin.get('/api/role/all-role')).data;
    const agentRole = body<{ id: string; permissions: Record<string, Record<string, boolean>> }>(
      await t.admin.get(`/api/role/${roles.find((r) => r.code === 'AGENT')!.id}/detail`),
    ).data;
    expect(agentRole.permissions.product?.view).toBe(false);
    const grant = await t.admin.patch('/api/role', {
      id: agentRole.id,
      permissions: { ...agentRole.permissions, member_transaction: { view: true, add: true, update: true, delete: false } },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });

    // The product detail stays closed to the agent...
    expect((await agent.client.get(`/api/product/${p.voluntary}/detail`)).statusCode).toBe(403);
    // ...and what the dialog reads is open: every SAVING product, inactive ones too, with the terms in force today.
    expect((await t.admin.patch('/api/product', { id: p.voluntary, isActive: false })).statusCode).toBe(200);
    const active = body<Array<{ id: string }>>(await agent.client.get('/api/product/SAVING/categories')).data;
    expect(active.some((x) => x.id === p.voluntary)).toBe(false);
    const res = await agent.client.get('/api/product/SAVING/categories', { isActive: 'false' });
    expect(res.statusCode).toBe(200);
    const product = body<Array<{ id: string; terms: { closingFee: number } }>>(res).data.find((x) => x.id === p.voluntary);
    expect(product?.terms.closingFee).toBe(15000);

    // The closing charges exactly that fee and pays out the rest.
    const closed = await agent.client.post('/api/transaction/close-product-saving', { memberSavingId: ss.id });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(body<{ closingFee: number; payout: number }>(closed).data).toMatchObject({ closingFee: 15000, payout: 85000 });
    await assertReconciled(t.tenantId);
  });
});
