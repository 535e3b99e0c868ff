/**
 * Teller sessions through the API: the rule that a teller opens a session
 * before moving money (and its setting), opening against the cash account's
 * ledger balance, closing with a counted difference posted to Selisih Kas,
 * refusals while a withdrawal waits for approval, handovers between cash
 * accounts confirmed by the receiver, two tellers' sessions kept apart,
 * permissions and tenancy; the ledger stays balanced after each test.
 */
import { todayWib } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { body, type Client, newTenant, type TestTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember, createUser, setConfig } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts, ledgerBalance } from './reconcile.ts';

const TODAY = todayWib();

async function setup() {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const acc = await coaIds(t.tenantId);
  const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const res = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: m.id,
    productId: p.voluntary,
    initialDeposit: 1_000_000,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const s = body<any>(res).data.account as { id: string };
  return { t, p, acc, m, s };
}

async function teller(t: TestTenant, coaId: string | null) {
  const u = await createUser(t, { roleCode: 'TELLER' });
  if (coaId) {
    const r = await t.admin.post('/api/users/coa', { userId: u.id, coaId });
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  return u;
}

const deposit = (c: Client, savingId: string, amount: number) =>
  c.post('/api/transaction/topup-saving', { memberSavingId: savingId, amount });

async function open(c: Client, openingBalance = 0) {
  const res = await c.post('/api/transaction-user/open-teller', { openingBalance, date: TODAY });
  if (res.statusCode !== 200) throw new Error(`open failed: ${res.body}`);
  return body<any>(res).data as { id: string; expectedCash: number };
}

describe('the teller session rule', () => {
  it('refuses a teller’s movement without an open session when the setting is on, and lets it through when off', async () => {
    const { t, s, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const refused = await deposit(a.client, s.id, 50_000);
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({
      errorCode: 'TELLER_SESSION_REQUIRED',
      message: 'Buka kas teller terlebih dahulu sebelum bertransaksi (menu Transaksi Teller > Buka Kas)',
    });
    const en = await a.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 50_000 }, { 'accept-language': 'en' });
    expect(body(en).message).toBe('Open your teller session before making transactions (Teller Transactions > Open session)');
    // Invalid bodies still answer their validation error first; admins are not concerned.
    expect((await a.client.post('/api/transaction/topup-saving', { memberSavingId: s.id })).statusCode).toBe(400);
    expect((await deposit(t.admin, s.id, 10_000)).statusCode).toBe(200);
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(0);

    await open(a.client, 0);
    const ok = await deposit(a.client, s.id, 50_000);
    expect(ok.statusCode).toBe(200);
    expect(body<any>(ok).data.transaction.cashCoa.code).toBe('10103');

    const b = await teller(t, acc['10102']);
    expect((await deposit(b.client, s.id, 1_000)).statusCode).toBe(422);
    await setConfig(t, 'transactionPolicy', { tellerSessionRequired: false });
    expect((await deposit(b.client, s.id, 1_000)).statusCode).toBe(200);
    const cfg = body<any>(await t.admin.get('/api/configuration', { key: 'transactionPolicy' })).data;
    expect(cfg.transactionPolicy).toMatchObject({ tellerSessionRequired: false, withdrawalAboveLimit: 'REFUSE' });
    await assertReconciled(t.tenantId);
  });

  it('opens once a day against the cash account’s ledger balance, on the teller’s own account', async () => {
    const { t, acc } = await setup();
    const none = await teller(t, null);
    const missing = await none.client.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    expect(missing.statusCode).toBe(422);
    expect(body(missing).errorCode).toBe('TELLER_CASH_ACCOUNT_MISSING');

    const a = await teller(t, acc['10103']);
    const hint = body<any>(await a.client.get('/api/transaction-user/open-balance-teller')).data;
    expect(hint).toMatchObject({ date: TODAY, cashAccount: { code: '10103', balance: 0 }, openingBalance: 0, session: null });
    const wrong = await a.client.post('/api/transaction-user/open-teller', { openingBalance: 250_000 });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toBe('Saldo awal Rp 250.000 tidak sama dengan saldo akun kas 10103 Kas Teller sebesar Rp 0');
    const past = await a.client.post('/api/transaction-user/open-teller', { openingBalance: 0, date: '2020-01-01' });
    expect(body(past).errorCode).toBe('TELLER_SESSION_DATE_INVALID');
    expect(body(await a.client.post('/api/transaction-user/open-teller', {})).message).toBe('Saldo awal wajib diisi');

    // Two opens at once: one session.
    const [r1, r2] = await Promise.all([
      a.client.post('/api/transaction-user/open-teller', { openingBalance: 0 }),
      a.client.post('/api/transaction-user/open-teller', { openingBalance: 0 }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const again = await a.client.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(`Kas teller tanggal ${TODAY} sudah dibuka`);
    const after = body<any>(await a.client.get('/api/transaction-user/open-balance-teller', { date: TODAY })).data;
    expect(after.session).toMatchObject({ status: 'OPEN', openingBalance: 0, expectedCash: 0, coa: { code: '10103' } });
  });
});

describe('closing a session', () => {
  it('counts cash by denomination, posts a difference to Selisih Kas with a reason, and refuses later movements', async () => {
    const { t, s, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const session = await open(a.client);
    expect((await deposit(a.client, s.id, 100_000)).statusCode).toBe(200);
    expect(body<any>(await a.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 20_000 })).data.status).not.toBe(
      'WAITING_APPROVAL',
    );
    const detail = body<any>(await a.client.get(`/api/transaction-user/datatable-teller/${session.id}/detail`)).data;
    expect(detail).toMatchObject({ status: 'OPEN', expectedCash: 80_000, totalCashIn: 100_000, totalCashOut: 20_000 });
    expect(detail.movements).toEqual([{ module: 'SAVING', cashIn: 100_000, cashOut: 20_000, count: 2 }]);

    // Counted 75.000 (one 50.000, one 20.000, two 2.000, one 1.000): 5.000 short.
    const count = [
      { denomination: 50000, count: 1 },
      { denomination: 20000, count: 1 },
      { denomination: 2000, count: 2 },
      { denomination: 1000, count: 1 },
    ];
    const noReason = await a.client.post(`/api/transaction-user/${session.id}/close-teller`, { body: count, openingBalance: 0 });
    expect(noReason.statusCode).toBe(422);
    expect(body(noReason).message).toBe(
      'Kas dihitung Rp 75.000 berbeda -Rp 5.000 dari kas seharusnya Rp 80.000; alasan selisih wajib diisi',
    );
    const badDenom = await a.client.post(`/api/transaction-user/${session.id}/close-teller`, {
      body: [{ denomination: 25000, count: 1 }],
      openingBalance: 0,
    });
    expect(badDenom.statusCode).toBe(400);
    const wrongOpening = await a.client.post(`/api/transaction-user/${session.id}/close-teller`, { body: count, openingBalance: 5 });
    expect(body(wrongOpening).errorCode).toBe('TELLER_OPENING_DIFFERS');

    const closed = await a.client.post(
      `/api/transaction-user/${session.id}/close-teller`,
      { body: count, openingBalance: 0, reason: 'Uang kembalian kurang' },
      { 'idempotency-key': `close-${session.id}` },
    );
    expect(closed.statusCode).toBe(200);
    expect(body(closed).message).toBe('Kas teller berhasil ditutup');
    expect(body<any>(closed).data).toMatchObject({
      status: 'CLOSED',
      expectedCash: 80_000,
      countedCash: 75_000,
      difference: -5_000,
      closeReason: 'Uang kembalian kurang',
    });
    expect(body<any>(closed).data.differenceJournalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
    // The same key replays the answer and posts nothing twice.
    const replay = await a.client.post(
      `/api/transaction-user/${session.id}/close-teller`,
      { body: count, openingBalance: 0, reason: 'Uang kembalian kurang' },
      { 'idempotency-key': `close-${session.id}` },
    );
    expect(replay.statusCode).toBe(200);
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(75_000);
    expect((await ledgerBalance(t.tenantId, '50402')).toNumber()).toBe(5_000);

    const afterClose = await deposit(a.client, s.id, 10_000);
    expect(body(afterClose).errorCode).toBe('TELLER_SESSION_REQUIRED');
    const twice = await a.client.post(`/api/transaction-user/${session.id}/close-teller`, { body: count, openingBalance: 0, reason: 'x' });
    expect(body(twice).errorCode).toBe('TELLER_SESSION_CLOSED');
    const report = body<any>(await a.client.get(`/api/transaction-user/datatable-teller/${session.id}/detail`)).data;
    expect(report.denominations).toContainEqual({ denomination: 2000, count: 2, total: 4000 });
    expect(report.movements).toEqual([{ module: 'SAVING', cashIn: 100_000, cashOut: 20_000, count: 2 }]);
    await assertReconciled(t.tenantId);
  });

  it('posts an overage to the credit of Selisih Kas and closes without a journal when the count matches', async () => {
    const { t, s, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const sa = await open(a.client);
    await deposit(a.client, s.id, 10_000);
    const over = await a.client.post(`/api/transaction-user/${sa.id}/close-teller`, {
      body: [
        { denomination: 10000, count: 1 },
        { denomination: 500, count: 1 },
      ],
      openingBalance: 0,
      reason: 'Lebih setor',
    });
    expect(body<any>(over).data).toMatchObject({ difference: 500, countedCash: 10_500 });
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(10_500);
    expect((await ledgerBalance(t.tenantId, '50402')).toNumber()).toBe(-500);

    const b = await teller(t, acc['10102']);
    const sb = await open(b.client);
    const exact = await b.client.post(`/api/transaction-user/${sb.id}/close-teller`, { body: [], openingBalance: 0 });
    expect(body<any>(exact).data).toMatchObject({ difference: 0, differenceJournalNumber: null });
    await assertReconciled(t.tenantId);
  });

  it('refuses to close while a withdrawal of the session waits for approval', async () => {
    const { t, s, acc } = await setup();
    await setConfig(t, 'transactionPolicy', { withdrawalAboveLimit: 'REQUEST_APPROVAL' });
    await deposit(t.admin, s.id, 20_000_000);
    const a = await teller(t, acc['10103']);
    const sa = await open(a.client);
    const w = await a.client.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 15_000_000 });
    expect(body<any>(w).data.status).toBe('WAITING_APPROVAL');
    const refused = await a.client.post(`/api/transaction-user/${sa.id}/close-teller`, { body: [], openingBalance: 0 });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('Kas belum dapat ditutup: 1 transaksi sesi ini masih menunggu persetujuan');
  });
});

describe('handovers', () => {
  it('moves cash between two tellers only when the receiver confirms, and keeps their sessions apart', async () => {
    const { t, s, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const b = await teller(t, acc['10102']);
    const sa = await open(a.client);
    const sb = await open(b.client);
    await deposit(a.client, s.id, 200_000);
    await deposit(b.client, s.id, 30_000);

    const tooMuch = await a.client.post('/api/transaction-user/handover', { target: 'TELLER', toUserId: b.id, amount: 250_000 });
    expect(body(tooMuch).errorCode).toBe('TELLER_INSUFFICIENT_CASH');
    const noReceiver = await a.client.post('/api/transaction-user/handover', { target: 'TELLER', amount: 1 });
    expect(body(noReceiver).message).toBe('Teller penerima wajib dipilih');
    const sent = await a.client.post('/api/transaction-user/handover', { target: 'TELLER', toUserId: b.id, amount: 150_000 });
    expect(sent.statusCode).toBe(200);
    const h = body<any>(sent).data;
    expect(h).toMatchObject({ status: 'PENDING', amount: 150_000, to: { userId: b.id, coa: { code: '10102' } } });
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(200_000);

    // The sender cannot confirm; closing waits for the handover.
    expect(body(await a.client.post(`/api/transaction-user/handover/${h.id}/confirm`)).errorCode).toBe('TELLER_HANDOVER_NOT_RECEIVER');
    expect(body(await a.client.post(`/api/transaction-user/${sa.id}/close-teller`, { body: [], openingBalance: 0 })).errorCode).toBe(
      'TELLER_PENDING_HANDOVER',
    );
    const incoming = body<any>(await b.client.get('/api/transaction-user/handover/datatable', { direction: 'INCOMING' })).data;
    expect(incoming.content.map((x: any) => x.id)).toEqual([h.id]);
    const confirmed = await b.client.post(`/api/transaction-user/handover/${h.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(body<any>(confirmed).data).toMatchObject({ status: 'CONFIRMED' });
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(50_000);
    expect((await ledgerBalance(t.tenantId, '10102')).toNumber()).toBe(180_000);
    expect(body(await b.client.post(`/api/transaction-user/handover/${h.id}/confirm`)).errorCode).toBe('TELLER_HANDOVER_DECIDED');

    const da = body<any>(await a.client.get(`/api/transaction-user/datatable-teller/${sa.id}/detail`)).data;
    const db = body<any>(await b.client.get(`/api/transaction-user/datatable-teller/${sb.id}/detail`)).data;
    expect(da.expectedCash).toBe(50_000);
    expect(db.expectedCash).toBe(180_000);
    expect(db.movements).toEqual([
      { module: 'SAVING', cashIn: 30_000, cashOut: 0, count: 1 },
      { module: 'TELLER', cashIn: 150_000, cashOut: 0, count: 1 },
    ]);
    // Each teller sees only their own sessions; the other's is not found.
    const mine = body<any>(await b.client.get('/api/transaction-user/datatable-teller')).data;
    expect(mine.content.map((x: any) => x.id)).toEqual([sb.id]);
    expect(body<any>(await b.client.get('/api/transaction-user/datatable')).data.content.map((x: any) => x.id)).toEqual([sb.id]);
    expect((await b.client.get(`/api/transaction-user/datatable-teller/${sa.id}/detail`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/transaction-user/datatable/${sa.id}/detail`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/transaction-user/${sa.id}/close-teller`, { body: [], openingBalance: 0 })).statusCode).toBe(404);
    // The supervisor sees both.
    const all = body<any>(await t.admin.get('/api/transaction-user/datatable')).data;
    expect(all.content.map((x: any) => x.id).sort()).toEqual([sa.id, sb.id].sort());
    expect(body<any>(await t.admin.get(`/api/transaction-user/datatable/${sa.id}/handover`)).data).toHaveLength(1);

    // Cash to the main cash, confirmed by the supervisor; the rest closes exactly.
    const toMain = body<any>(await a.client.post('/api/transaction-user/handover', { target: 'MAIN_CASH', amount: 50_000 })).data;
    expect(toMain.to.coa.code).toBe('10101');
    const mainBefore = (await ledgerBalance(t.tenantId, '10101')).toNumber();
    expect((await t.admin.post(`/api/transaction-user/handover/${toMain.id}/confirm`)).statusCode).toBe(200);
    expect((await ledgerBalance(t.tenantId, '10101')).toNumber()).toBe(mainBefore + 50_000);
    const closed = await a.client.post(`/api/transaction-user/${sa.id}/close-teller`, { body: [], openingBalance: 0 });
    expect(body<any>(closed).data).toMatchObject({ expectedCash: 0, difference: 0 });
    await assertReconciled(t.tenantId);
  });

  it('lets the receiver reject a handover, which posts nothing', async () => {
    const { t, s, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const b = await teller(t, acc['10102']);
    await open(a.client);
    await deposit(a.client, s.id, 40_000);
    const h = body<any>(await a.client.post('/api/transaction-user/handover', { target: 'TELLER', toUserId: b.id, amount: 40_000 })).data;
    expect(body(await b.client.post(`/api/transaction-user/handover/${h.id}/reject`, {})).message).toBe('Alasan wajib diisi');
    const r = await b.client.post(`/api/transaction-user/handover/${h.id}/reject`, { reason: 'Jumlah tidak sesuai' });
    expect(body<any>(r).data).toMatchObject({ status: 'REJECTED', reason: 'Jumlah tidak sesuai' });
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(40_000);
    expect((await ledgerBalance(t.tenantId, '10102')).toNumber()).toBe(0);
  });
});

describe('permissions, tenancy and agents', () => {
  it('refuses roles without the teller section and hides another cooperative’s sessions', async () => {
    const { t, acc } = await setup();
    const a = await teller(t, acc['10103']);
    const sa = await open(a.client);
    const agent = await roleUser(t, 'AGENT');
    const denied = await agent.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toBe('Anda tidak memiliki akses tambah pada menu Transaksi Teller');
    expect((await agent.get('/api/transaction-user/datatable')).statusCode).toBe(403);
    const other = await newTenant();
    expect((await other.admin.get(`/api/transaction-user/datatable/${sa.id}/detail`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/transaction-user/${sa.id}/close-teller`, { body: [], openingBalance: 0 })).statusCode).toBe(404);
    expect(body<any>(await other.admin.get('/api/transaction-user/datatable')).data.totalElements).toBe(0);
  });

  it('an agent reads only their own members and figures; the agent report sums what each agent collected', async () => {
    const { t, p, acc } = await setup();
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const other = await createUser(t, { roleCode: 'AGENT' });
    await t.admin.post('/api/users/coa', { userId: agent.id, coaId: acc['10102'] });
    const mine = await createActiveMember(t.admin, { fullName: 'Anggota Binaan', agentId: agent.id });
    const notMine = await createActiveMember(t.admin, { fullName: 'Orang Lain', agentId: other.id });
    expect((await agent.client.get(`/api/member/${notMine.id}/detail`)).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/${mine.id}/detail`)).statusCode).toBe(200);
    const opened = await agent.client.post('/api/transaction/request-open-product-member', { memberId: mine.id, productId: p.voluntary });
    expect(opened.statusCode).toBe(200);
    const saving = body<any>(opened).data.account.id;
    // Agents need no teller session.
    expect((await deposit(agent.client, saving, 75_000)).statusCode).toBe(200);
    expect((await deposit(agent.client, saving, 25_000)).statusCode).toBe(200);

    const summary = body<any>(await agent.client.get('/api/dashboard-agent/summary')).data;
    expect(summary).toMatchObject({
      coa: { code: '10102', balance: 100_000 },
      todayCollections: { cashIn: 100_000, cashOut: 0, net: 100_000 },
      assignedMembers: 1,
      today: { membersServed: 1, depositsCollected: 100_000, transactions: 2 },
    });
    // The default AGENT role reads no reports (issue 19: its own figures are on its dashboard); the manager reads every agent's.
    expect((await agent.client.get('/api/report/agent-transactions', { start: TODAY, end: TODAY })).statusCode).toBe(403);
    const all = body<any>(await t.admin.get('/api/report/agent-transactions', { start: TODAY, end: TODAY })).data;
    expect(all.content.map((r: any) => r.agentId)).toContain(other.id);
    expect(all.content.find((r: any) => r.agentId === agent.id).depositsCollected).toBe(100_000);
    const xlsx = await t.admin.get('/api/report/agent-transactions', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const mineList = body<any>(await agent.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data;
    expect(mineList.content).toHaveLength(2);
    expect(body<any>(await other.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data.content).toHaveLength(0);
  });
});
