/**
 * Issue 18, "Authorization and privacy": what an agent, a dashboard-only role
 * and another user of the same cooperative could see or replay.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import {
  createActiveMember,
  createMember,
  createUser,
  multipart,
  TEMPLATE_HEADER,
  uniqueMemberPhone,
  uniqueNik,
  waitForUpload,
  workbook,
  XLSX_TYPE,
} from './members-fixtures.ts';

/** A template row with a name and identity number (other cells valid). */
function uploadRow(name: string, nik: string): unknown[] {
  const r: unknown[] = Array(20).fill('');
  r[1] = name;
  r[2] = 'L';
  r[3] = 'Solo';
  r[4] = '1980-08-17';
  r[5] = uniqueMemberPhone().replace('+62', '0');
  r[6] = 'KTP';
  r[7] = nik;
  r[9] = 'Jl. Slamet Riyadi 10, Solo';
  r[11] = 'ANGGOTA';
  r[12] = '2021-03-01';
  return r;
}

describe('agent scope on member uploads', () => {
  it('an agent sees only its own uploads, and no name or CIF of a member outside its scope', async () => {
    const t = await newTenant();
    // Bulk upload needs member:update, which the default AGENT role lacks (issue 19): this cooperative grants it.
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec(`UPDATE role SET permissions = jsonb_set(permissions, '{member,update}', 'true') WHERE tenant_id = $1 AND code = 'AGENT'`, [
        t.tenantId,
      ]),
    );
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const outside = await createMember(t.admin, { fullName: 'Rahasia Orang Lain' });
    const mine = await createMember(agent.client, { fullName: 'Anggota Sendiri' });

    // The admin's upload: one row skipped (the outside member), one failed.
    const adminFile = await workbook(
      TEMPLATE_HEADER,
      [uploadRow('Rahasia Orang Lain', outside.identityNumber), uploadRow('Nama Lain', outside.identityNumber)],
      { textColumns: [1, 6, 8, 9, 18] },
    );
    const adminRes = await t.admin.inject({ method: 'POST', url: '/api/member/upload', ...multipart('admin.xlsx', XLSX_TYPE, adminFile) });
    expect(adminRes.statusCode).toBe(200);
    const adminJob = await waitForUpload(t.admin, body<{ id: string }>(adminRes).data.id);
    expect(adminJob).toMatchObject({ status: 'DONE', skippedRows: 1 });

    // The agent does not see the admin's job, its rows or its failed-rows file.
    const list = body<{ content: Array<{ id: string }> }>(await agent.client.get('/api/member/upload')).data;
    expect(list.content.map((j) => j.id)).not.toContain(adminJob.id);
    expect((await agent.client.get(`/api/member/upload/${adminJob.id}/rows`, { status: 'SKIPPED' })).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/upload/${adminJob.id}/failed-rows`)).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/upload/${adminJob.id}/progress`)).statusCode).toBe(404);
    // The admin still sees everything.
    expect(body<{ content: Array<{ id: string }> }>(await t.admin.get('/api/member/upload')).data.content.map((j) => j.id)).toContain(
      adminJob.id,
    );

    // The agent's own upload touching the outside member: refused or skipped without the member's name, CIF or id.
    const agentFile = await workbook(
      TEMPLATE_HEADER,
      [
        uploadRow('Rahasia Orang Lain', outside.identityNumber),
        uploadRow('Nama Palsu', outside.identityNumber),
        uploadRow('Nama Palsu Dua', mine.identityNumber),
        uploadRow('Anggota Baru Agen', uniqueNik()),
      ],
      { textColumns: [1, 6, 8, 9, 18] },
    );
    const agentRes = await agent.client.inject({
      method: 'POST',
      url: '/api/member/upload',
      ...multipart('agen.xlsx', XLSX_TYPE, agentFile),
    });
    expect(agentRes.statusCode).toBe(200);
    const agentJob = await waitForUpload(agent.client, body<{ id: string }>(agentRes).data.id);
    expect(agentJob).toMatchObject({ status: 'DONE', successRows: 1, skippedRows: 1, failedRows: 2 });
    expect(body<{ content: Array<{ id: string }> }>(await agent.client.get('/api/member/upload')).data.content.map((j) => j.id)).toEqual([
      agentJob.id,
    ]);
    const rows = body<{ content: Array<{ row: number; status: string; message: string; memberId: string | null }> }>(
      await agent.client.get(`/api/member/upload/${agentJob.id}/rows`),
    ).data.content;
    const text = JSON.stringify(rows);
    expect(text).not.toContain(outside.cifNumber);
    expect(text).not.toContain(outside.id);
    expect(rows.find((r) => r.row === 2)!.message).not.toContain('Rahasia');
    expect(rows.find((r) => r.row === 1)).toMatchObject({ status: 'SKIPPED', memberId: null });
    // A member in the agent's scope may be named.
    expect(rows.find((r) => r.row === 3)!.message).toContain(mine.cifNumber);
    // The member the agent uploaded is the agent's.
    const own = body<{ content: Array<{ fullName: string }> }>(await agent.client.get('/api/member/datatable', { limit: 100 })).data
      .content;
    expect(own.map((m) => m.fullName)).toContain('Anggota Baru Agen');

    // Registering the outside member's identity number: refused without the name and CIF.
    const dup = await agent.client.post('/api/member', {
      fullName: 'Coba Coba',
      gender: 'L',
      birthPlace: 'Bandung',
      birthDate: '1985-03-12',
      phone: uniqueMemberPhone(),
      identityType: 'KTP',
      identityNumber: outside.identityNumber,
      address: 'Jl. Cihampelas No. 12, Bandung',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).not.toContain('Rahasia');
    expect(dup.body).not.toContain(outside.cifNumber);
    const dupPhone = await agent.client.post('/api/member', {
      fullName: 'Coba Coba',
      gender: 'L',
      birthPlace: 'Bandung',
      birthDate: '1985-03-12',
      phone: outside.phone,
      identityType: 'KTP',
      identityNumber: uniqueNik(),
      address: 'Jl. Cihampelas No. 12, Bandung',
    });
    expect(dupPhone.statusCode).toBe(409);
    expect(dupPhone.body).not.toContain('Rahasia');
    // The admin is still told who holds it.
    const adminDup = await t.admin.post('/api/member', {
      fullName: 'Coba Coba',
      gender: 'L',
      birthPlace: 'Bandung',
      birthDate: '1985-03-12',
      phone: uniqueMemberPhone(),
      identityType: 'KTP',
      identityNumber: outside.identityNumber,
      address: 'Jl. Cihampelas No. 12, Bandung',
    });
    expect(adminDup.body).toContain('Rahasia Orang Lain');
  }, 60_000);
});

describe('account balances need the cash-and-bank or report permission', () => {
  it('lists accounts without balances to a dashboard-only role, as the balance sheet is refused to it', async () => {
    const t = await newTenant();
    const dash = await createUser(t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    const cash = await createUser(t, { permissions: { cash_bank: { view: true, add: false, update: false, delete: false } } });
    expect((await dash.client.get('/api/report/v2/balance-sheet')).statusCode).toBe(403);

    for (const url of ['/api/coa/101/search-by-parent', '/api/coa']) {
      const seen = body<Array<{ code: string; balance: number | null }>>(await dash.client.get(url, { asOf: '2026-01-31' }));
      expect(seen.data.length).toBeGreaterThan(0);
      expect(seen.data.every((a) => a.balance === null)).toBe(true);
      const tree = body<Array<{ balance: number | null }>>(await dash.client.get(url, { tree: true })).data;
      expect(JSON.stringify(tree)).not.toMatch(/"balance":-?\d/);
      const withRight = body<Array<{ balance: number | null }>>(await cash.client.get(url, { asOf: '2026-01-31' })).data;
      expect(withRight.every((a) => typeof a.balance === 'number')).toBe(true);
    }
    expect(body<Array<{ balance: number | null }>>(await t.admin.get('/api/coa')).data.every((a) => typeof a.balance === 'number')).toBe(
      true,
    );
  });
});

describe('idempotency keys belong to the user and the route', () => {
  it("a teller sending the admin's key and body does not receive the admin's stored answer", async () => {
    const t = await newTenant();
    const work = { view: true, add: true, update: true, delete: false };
    const teller = await roleUser(t, { permissions: { member_transaction: work, member: work, cash_bank: work, settings: work } });
    const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
    const products = body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts as Array<{
      id: string;
      savingType: string;
    }>;
    const account = products.find((a) => a.savingType === 'MANDATORY') ?? products[0];

    // A money route (claimed in the movement's transaction).
    const key = { 'idempotency-key': 'shared-key-001' };
    const deposit = { memberSavingId: account.id, amount: 10000, description: 'Setoran' };
    const first = await t.admin.post('/api/transaction/topup-saving', deposit, key);
    expect(first.statusCode).toBe(200);
    const replay = await t.admin.post('/api/transaction/topup-saving', deposit, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await teller.post('/api/transaction/topup-saving', deposit, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(body<any>(other).data.transaction.id).not.toBe(body<any>(first).data.transaction.id);
    expect(body<any>(other).data.transaction.tellerName).not.toBe('Admin Uji');

    // A generic route (claimed before the handler).
    const area = { name: `Area ${Date.now()}` };
    const a1 = await t.admin.post('/api/area', area, { 'idempotency-key': 'shared-key-002' });
    expect(a1.statusCode).toBe(200);
    const a2 = await teller.post('/api/area', area, { 'idempotency-key': 'shared-key-002' });
    expect(a2.headers['idempotent-replayed']).toBeUndefined();
    expect(a2.body).not.toBe(a1.body);
    // The same key on another route is another request, not a replay and not a conflict.
    const onOtherRoute = await t.admin.post('/api/transaction/topup-saving', deposit, { 'idempotency-key': 'shared-key-002' });
    expect(onOtherRoute.statusCode).toBe(200);
    expect(onOtherRoute.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('transaction codes are numbered per cooperative', () => {
  it("one cooperative's deposits do not move another's codes", async () => {
    const open = async () => {
      const t = await newTenant();
      const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
      const acc = (body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts as Array<{ id: string }>)[0];
      const deposit = async () => {
        const r = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: acc.id, amount: 1000 });
        expect(r.statusCode).toBe(200);
        return body<any>(r).data.transaction.code as string;
      };
      return { deposit };
    };
    const a = await open();
    const b = await open();
    const seq = (code: string) => Number(code.slice(-8));
    const a1 = await a.deposit();
    for (let i = 0; i < 5; i++) await b.deposit();
    const a2 = await a.deposit();
    // Consecutive within the cooperative, whatever the other did in between.
    expect(seq(a2) - seq(a1)).toBe(1);
    expect(a2).toMatch(/^TRX\d{6}\d{8}$/);
  });
});
