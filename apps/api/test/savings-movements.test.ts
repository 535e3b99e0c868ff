/**
 * Saving movements through the API: deposits, withdrawals, transfers, by
 * CIF, cash and bank accounts, the principal saving, role limits (refuse or
 * queue), cancellation, closing, receipts and passbook. Each refusal with its
 * message; after every test the ledger balances and each product's member
 * balances equal its control account.
 */
import { describe, expect, it } from 'vitest';
import { body, type Client, newTenant, type TestTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember, createMember, createUser, setConfig } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts, ledgerBalance } from './reconcile.ts';

async function openVoluntary(c: Client, memberId: string, productId: string, initialDeposit?: number) {
  const res = await c.post('/api/transaction/request-open-product-member', { memberId, productId, initialDeposit });
  if (res.statusCode !== 200) throw new Error(`open failed: ${res.body}`);
  return body<any>(res).data.account as { id: string; accountNumber: string };
}

async function accounts(t: TestTenant, memberId: string) {
  const res = await t.admin.get(`/api/member/${memberId}/saving-product`);
  const list = body<any>(res).data.accounts as Array<{ id: string; savingType: string; balance: number; accountNumber: string }>;
  return Object.fromEntries(list.map((a) => [a.savingType, a]));
}

async function setup() {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const acc = await coaIds(t.tenantId);
  const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const s = await openVoluntary(t.admin, m.id, p.voluntary, 1_000_000);
  return { t, p, acc, m, s };
}

describe('deposits and withdrawals', () => {
  it('posts each movement with its journal, balance after and receipt', async () => {
    const { t, s, m } = await setup();
    const dep = await t.admin.post('/api/transaction/topup-saving', {
      memberSavingId: s.id,
      amount: 250000.5,
      description: 'Setoran pasar',
    });
    expect(dep.statusCode).toBe(200);
    expect(body(dep).message).toBe('Setoran berhasil');
    const tx = body<any>(dep).data.transaction;
    expect(tx).toMatchObject({
      kind: 'TOPUP',
      activity: 'DEPOSIT',
      amount: 250000.5,
      balanceAfter: 1250000.5,
      channel: 'TELLER',
      status: 'POSTED',
      cashCoa: { code: '10101', name: 'Kas Besar' },
      accountNumber: s.accountNumber,
      memberName: 'Siti Aminah',
      tellerName: 'Admin Uji',
    });
    expect(tx.code).toMatch(/^TRX\d{6}\d{8,}$/);
    expect(tx.journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);

    const detail = body<any>(await t.admin.get(`/api/transaction/${tx.id}/detail`)).data;
    expect(detail.journals[0].lines).toEqual([
      expect.objectContaining({ coaCode: '10101', debit: 250000.5, credit: 0 }),
      expect.objectContaining({ coaCode: '20101', debit: 0, credit: 250000.5 }),
    ]);

    const w = body<any>(await t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1000000 })).data.transaction;
    expect(w).toMatchObject({ kind: 'WITHDRAW', activity: 'WITHDRAWAL', balanceAfter: 250000.5 });

    const receipt = body<any>(await t.admin.get(`/api/transaction/${w.id}/receipt`, { paper: '80mm' })).data;
    expect(receipt).toMatchObject({
      paper: '80MM',
      title: 'BUKTI PENARIKAN SIMPANAN',
      code: w.code,
      member: { cifNumber: m.cifNumber, name: 'Siti Aminah' },
      account: { number: s.accountNumber, productName: 'Simpanan Sukarela' },
      amount: 1000000,
      amountText: 'Rp 1.000.000',
      amountInWords: 'Satu juta rupiah',
      balanceAfter: 250000.5,
      teller: 'Admin Uji',
      status: 'POSTED',
    });
    expect(receipt.cooperative.name).toMatch(/^Koperasi Uji/);
    expect(receipt.cooperative).toHaveProperty('legalEntityNumber');
    expect(receipt.time).toMatch(/^\d{2}:\d{2}:\d{2} WIB$/);
    const en = body<any>(await t.admin.get(`/api/transaction/${tx.id}/receipt`, undefined, { 'accept-language': 'en' })).data;
    expect(en).toMatchObject({ title: 'SAVINGS DEPOSIT RECEIPT', amountInWords: 'Two hundred fifty thousand rupiah fifty cents' });
    const byCode = body<any>(await t.admin.get(`/api/transaction/receipt/${tx.code.toLowerCase()}/by-code`)).data;
    expect(byCode.code).toBe(tx.code);

    expect((await ledgerBalance(t.tenantId, '20101')).toNumber()).toBe(250000.5);
    await assertReconciled(t.tenantId);
  });

  it('refuses bad amounts, overdrafts, equity withdrawals and closed or inactive accounts with clear messages', async () => {
    const { t, s, m, p } = await setup();
    const post = (url: string, b: Record<string, unknown>, h?: Record<string, string>) => t.admin.post(url, b, h);
    const neg = await post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: -5 });
    expect(neg.statusCode).toBe(400);
    expect(body(neg).message).toBe('Nominal harus lebih dari 0');
    const zero = await post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 0 });
    expect(body(zero).message).toBe('Nominal harus lebih dari 0');
    const dec3 = await post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 10.123 });
    expect(body(dec3).message).toBe('Nominal maksimal 2 angka di belakang koma');
    const missing = await post('/api/transaction/topup-saving', { memberSavingId: s.id });
    expect(body(missing).message).toBe('Nominal wajib diisi');
    const badId = await post('/api/transaction/topup-saving', { memberSavingId: 'abc', amount: 1 });
    expect(body(badId).message).toBe('ID tidak valid');

    // Minimum balance 10.000 of Simpanan Sukarela: 990.000 may leave.
    const over = await post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 990000.01 });
    expect(over.statusCode).toBe(422);
    expect(body(over).errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(body(over).message).toBe(
      `Saldo rekening ${s.accountNumber} tidak cukup: saldo Rp 1.000.000, dapat ditarik Rp 990.000 (saldo minimum Rp 10.000, diblokir/dijaminkan Rp 0)`,
    );
    // The field error carries the same filled-in sentence (the form shows it at the amount field).
    expect((body(over).data as { fields: unknown }).fields).toEqual([{ field: 'amount', message: body(over).message }]);
    const overEn = await post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 990000.01 }, { 'accept-language': 'en' });
    expect(body(overEn).message).toContain('Insufficient balance');

    // A blocked amount stays.
    const block = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, {
      isBlocked: true,
      amount: 400000,
      reason: 'Sita pengadilan',
    });
    expect(block.statusCode).toBe(200);
    const blocked = await post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 600000 });
    expect(body(blocked).message).toContain('dapat ditarik Rp 590.000');
    expect((await post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 590000 })).statusCode).toBe(200);

    // Equity cannot be withdrawn.
    const eq = await accounts(t, m.id);
    await post('/api/transaction/topup-saving', { memberSavingId: eq.MANDATORY.id, amount: 50000 });
    const eqw = await post('/api/transaction/withdraw', { memberSavingId: eq.MANDATORY.id, amount: 10000 });
    expect(eqw.statusCode).toBe(422);
    expect(body(eqw).message).toBe('Simpanan Wajib tidak dapat ditarik; simpanan pokok dan wajib dikembalikan saat anggota keluar');

    // Principal: paid up to its amount; completing it marks the member paid.
    const over1 = await post('/api/transaction/topup-saving', { memberSavingId: eq.PRINCIPAL.id, amount: 150000 });
    expect(body(over1).message).toBe('Simpanan pokok sebesar Rp 100.000; sisa yang harus dibayar Rp 100.000');
    await post('/api/transaction/topup-saving', { memberSavingId: eq.PRINCIPAL.id, amount: 40000 });
    expect(body<any>(await t.admin.get(`/api/member/${m.id}/detail`)).data.principal.status).toBe('OWED');
    await post('/api/transaction/topup-saving', { memberSavingId: eq.PRINCIPAL.id, amount: 60000 });
    expect(body<any>(await t.admin.get(`/api/member/${m.id}/detail`)).data.principal.status).toBe('PAID');
    const again = await post('/api/transaction/topup-saving', { memberSavingId: eq.PRINCIPAL.id, amount: 1 });
    expect(body(again).message).toBe('Simpanan pokok Siti Aminah sudah lunas');

    // Another cooperative's account is not found; an exited member cannot transact.
    const other = await newTenant();
    const foreign = await other.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).message).toBe('Rekening simpanan tidak ditemukan');

    await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: false, reason: 'Selesai' });
    const check = body<any>(await t.admin.get('/api/member/exit-check', { memberId: m.id })).data;
    expect(check.canExit).toBe(true);
    const exit = await post('/api/member/exit-confirm', { memberId: m.id, reason: 'Pindah kota' });
    expect(exit.statusCode).toBe(200);
    const after = await post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 });
    expect(after.statusCode).toBe(422);
    expect(body(after).message).toContain('tidak aktif');
    const p2 = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId: p.voluntary });
    expect(p2.statusCode).toBe(422);
    await assertReconciled(t.tenantId);
  });

  it('takes the cash side from the chosen cash or bank account, else the teller’s own', async () => {
    const { t, s, acc } = await setup();
    const teller = await createUser(t, { roleCode: 'TELLER' });
    await t.admin.post('/api/users/coa', { userId: teller.id, coaId: acc['10103'] });
    // A teller moves money inside an open teller session (docs/teller.md).
    await teller.client.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    const own = body<any>(await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 30000 })).data
      .transaction;
    expect(own.cashCoa.code).toBe('10103');
    expect(own.tellerId).toBe(teller.id);
    const bank = body<any>(
      await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 20000, coaId: acc['10104'] }),
    ).data.transaction;
    expect(bank.cashCoa.code).toBe('10104');
    const held = await t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1000, coaId: acc['10103'] });
    expect(held.statusCode).toBe(409);
    expect(body(held).message).toBe('Akun 10103 Kas Teller dipegang oleh Petugas Uji; gunakan akun kas Anda sendiri atau akun bank');
    const notCash = await t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1000, coaId: acc['20101'] });
    expect(body(notCash).message).toBe('Akun 20101 Simpanan Sukarela bukan akun kas atau bank (di bawah akun 101)');
    const header = await t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1000, coaId: acc['101'] });
    expect(body(header).message).toBe('Akun 101 Kas dan Bank bukan akun kas atau bank (di bawah akun 101)');
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(30000);
    expect((await ledgerBalance(t.tenantId, '10104')).toNumber()).toBe(20000);

    const mine = body<any>(await teller.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data;
    expect(mine.content.map((x: any) => x.amount)).toEqual([20000, 30000]);
    await assertReconciled(t.tenantId);
  });

  it('finds the account by CIF, opening a missing equity account on the first payment', async () => {
    const { t, p, m, s } = await setup();
    const byCif = await t.admin.post('/api/transaction/topup-saving-by-cif', { cif: m.cifNumber.toLowerCase(), amount: 75000 });
    expect(byCif.statusCode).toBe(200);
    expect(body<any>(byCif).data.transaction.memberSavingId).toBe(s.id);
    const acc = await coaIds(t.tenantId);
    const cash = await t.admin.post('/api/transaction/withdraw-saving-by-cif-product-kas-bank', {
      cif: m.cifNumber,
      productId: p.voluntary,
      coaId: acc['10105'],
      amount: 25000,
    });
    expect(body<any>(cash).data.transaction).toMatchObject({ cashCoa: { code: '10105' }, balanceAfter: 1050000 });
    const unknown = await t.admin.post('/api/transaction/topup-saving-by-cif', { cif: 'NOPE99', amount: 1000 });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Anggota dengan ID NOPE99 tidak ditemukan');

    // A member recorded as MEMBER directly has no equity accounts until the first payment opens them.
    const direct = await createMember(t.admin, { memberType: 'MEMBER', joinDate: '2025-06-01' });
    const principal = await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: direct.cifNumber,
      productId: p.principal,
      amount: 100000,
    });
    expect(principal.statusCode).toBe(200);
    expect(body<any>(principal).data.transaction).toMatchObject({ productCode: 'SP', balanceAfter: 100000 });
    expect(body<any>(await t.admin.get(`/api/member/${direct.id}/detail`)).data.principal.status).toBe('PAID');
    const noVoluntary = await t.admin.post('/api/transaction/topup-saving-by-cif', { cif: direct.cifNumber, amount: 1000 });
    expect(body(noVoluntary).message).toContain('belum memiliki rekening simpanan sukarela');
    await openVoluntary(t.admin, m.id, p.voluntary);
    const two = await t.admin.post('/api/transaction/topup-saving-by-cif', { cif: m.cifNumber, amount: 1000 });
    expect(two.statusCode).toBe(422);
    expect(body(two).message).toBe(
      `Anggota memiliki beberapa rekening simpanan (${s.accountNumber}, SS.000002); pilih produk atau rekeningnya`,
    );
    await assertReconciled(t.tenantId);
  });
});

describe('transfers', () => {
  it('moves money between accounts in one journal, pays equity, and dedupes timeOfRequest', async () => {
    const { t, p, s, m } = await setup();
    const m2 = await createActiveMember(t.admin, { fullName: 'Rudi Hartono' });
    const s2 = await openVoluntary(t.admin, m2.id, p.voluntary);
    const q = {
      fromSavingId: s.id,
      toSavingId: s2.id,
      amount: '125000',
      description: 'Titip arisan',
      timeOfRequest: '2026-03-01T10:00:00.123Z',
    };
    const res = await t.admin.inject({ method: 'POST', url: '/api/transaction/v2/transfer', query: q });
    expect(res.statusCode).toBe(200);
    const data = body<any>(res).data;
    expect(data.transactions.map((x: any) => [x.activity, x.balanceAfter])).toEqual([
      ['TRANSFER_OUT', 875000],
      ['TRANSFER_IN', 125000],
    ]);
    expect(data.transactions[0].journalId).toBe(data.transactions[1].journalId);

    const replay = await t.admin.inject({ method: 'POST', url: '/api/transaction/v2/transfer', query: q });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(body<any>(replay).data.transaction.id).toBe(data.transaction.id);
    const changed = await t.admin.inject({ method: 'POST', url: '/api/transaction/v2/transfer', query: { ...q, amount: '1000' } });
    expect(changed.statusCode).toBe(409);
    const otherKey = await t.admin.inject({
      method: 'POST',
      url: '/api/transaction/v2/transfer',
      query: q,
      headers: { 'idempotency-key': 'another-key-1' },
    });
    expect(otherKey.statusCode).toBe(409);
    expect(body(otherKey).message).toBe('Transfer dengan waktu permintaan 2026-03-01T10:00:00.123Z dari rekening ini sudah diproses');

    const same = await t.admin.inject({
      method: 'POST',
      url: '/api/transaction/v2/transfer',
      query: { fromSavingId: s.id, toSavingId: s.id, amount: '1' },
    });
    expect(body(same).message).toBe('Rekening asal dan tujuan tidak boleh sama');
    const eq = await accounts(t, m.id);
    const toWajib = await t.admin.inject({
      method: 'POST',
      url: '/api/transaction/v2/transfer',
      query: { fromSavingId: s.id, toSavingId: eq.MANDATORY.id, amount: '50000' },
    });
    expect(toWajib.statusCode).toBe(200);
    const fromWajib = await t.admin.inject({
      method: 'POST',
      url: '/api/transaction/v2/transfer',
      query: { fromSavingId: eq.MANDATORY.id, toSavingId: s.id, amount: '1' },
    });
    expect(body(fromWajib).message).toContain('tidak dapat ditarik');
    const tooMuch = await t.admin.inject({
      method: 'POST',
      url: '/api/transaction/v2/transfer',
      query: { fromSavingId: s2.id, toSavingId: s.id, amount: '120000' },
    });
    expect(body(tooMuch).errorCode).toBe('INSUFFICIENT_BALANCE');
    expect((await ledgerBalance(t.tenantId, '30102')).toNumber()).toBe(50000);
    await assertReconciled(t.tenantId);
  });
});

describe('role limits', () => {
  it('refuses a teller’s withdrawal above the limit, naming it, or queues it for approval', async () => {
    const { t, s, p } = await setup();
    await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 20_000_000 });
    const teller = await roleUser(t, 'TELLER');
    // This teller holds no cash account, so no teller session (docs/teller.md): the session rule is off here.
    await setConfig(t, 'transactionPolicy', { tellerSessionRequired: false });
    const refused = await teller.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 15_000_000 });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).errorCode).toBe('LIMIT_EXCEEDED');
    expect(body(refused).message).toBe('Nominal Rp 15.000.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 10.000.000');
    expect((await teller.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 10_000_000 })).statusCode).toBe(200);

    await setConfig(t, 'transactionPolicy', {
      withdrawalAboveLimit: 'REQUEST_APPROVAL',
      loanRequestAboveLimit: 'REQUEST_APPROVAL',
      tellerSessionRequired: false,
    });
    const queued = await teller.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 10_500_000 });
    expect(queued.statusCode).toBe(200);
    expect(body(queued).message).toBe('Penarikan melebihi batas Anda dan menunggu persetujuan');
    const req = body<any>(queued).data;
    expect(req).toMatchObject({ status: 'WAITING_APPROVAL', request: { amount: 10_500_000, status: 'WAITING' } });
    expect((await ledgerBalance(t.tenantId, '20101')).toNumber()).toBe(11_000_000);

    const list = body<any>(await t.admin.get('/api/transaction/withdraw-request/datatable')).data;
    expect(list.content.map((r: any) => r.id)).toEqual([req.request.id]);
    const noLimit = await teller.post('/api/transaction/withdraw-request/decide', { id: req.request.id, status: 'APPROVED' });
    expect(noLimit.statusCode).toBe(403);
    const rejectNoReason = await t.admin.post('/api/transaction/withdraw-request/decide', { id: req.request.id, status: 'REJECTED' });
    expect(body(rejectNoReason).message).toBe('Alasan wajib diisi');
    const approved = await t.admin.post('/api/transaction/withdraw-request/decide', { id: req.request.id, status: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(body(approved).message).toBe('Permintaan disetujui dan penarikan dibukukan');
    expect(body<any>(approved).data.transaction).toMatchObject({ amount: 10_500_000, balanceAfter: 500_000, activity: 'WITHDRAWAL' });
    const twice = await t.admin.post('/api/transaction/withdraw-request/decide', { id: req.request.id, status: 'REJECTED', reason: 'x' });
    expect(body(twice).message).toBe('Permintaan ini sudah diputuskan (APPROVED)');
    void p;
    await assertReconciled(t.tenantId);
  });
});

describe('cancellation', () => {
  it('reverses a transfer’s two legs in one reversal journal, only for a role that may cancel, never twice', async () => {
    const { t, p, s } = await setup();
    const m2 = await createActiveMember(t.admin, { fullName: 'Rudi Hartono' });
    const s2 = await openVoluntary(t.admin, m2.id, p.voluntary, 10000);
    const tr = body<any>(
      await t.admin.inject({
        method: 'POST',
        url: '/api/transaction/v2/transfer',
        query: { fromSavingId: s.id, toSavingId: s2.id, amount: '300000' },
      }),
    ).data;
    const teller = await roleUser(t, 'TELLER');
    await setConfig(t, 'transactionPolicy', { tellerSessionRequired: false });
    const denied = await teller.post('/api/transaction/cancel', { transactionId: tr.transaction.id });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toBe('Role TELLER tidak memiliki hak membatalkan transaksi');

    const res = await t.admin.post('/api/transaction/cancel', { transactionId: tr.transactions[1].id, reason: 'Salah rekening tujuan' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Transaksi berhasil dibatalkan');
    const c = body<any>(res).data;
    expect(c.reversals.map((r: any) => r.balanceAfter)).toEqual([1000000, 10000]);
    const detail = body<any>(await t.admin.get(`/api/transaction/${tr.transaction.id}/detail`)).data;
    expect(detail).toMatchObject({ status: 'CANCELLED', cancelReason: 'Salah rekening tujuan' });
    expect(detail.reversal).toMatchObject({ activity: 'REVERSAL', kind: 'TOPUP', isReversal: true });
    expect(detail.journals).toHaveLength(2);
    const receipt = body<any>(await t.admin.get(`/api/transaction/${tr.transaction.id}/receipt`)).data;
    expect(receipt.status).toBe('CANCELLED');

    const again = await t.admin.post('/api/transaction/cancel', { transactionId: tr.transaction.id });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(`Transaksi ${tr.transaction.code} sudah dibatalkan`);
    const rev = await t.admin.post('/api/transaction/cancel', { transactionId: c.reversals[0].id });
    expect(body(rev).message).toBe(`Transaksi ${c.reversals[0].code} adalah pembatalan dan tidak dapat dibatalkan`);

    const active = body<any>(await t.admin.get('/api/transaction/datatable', { isActive: true, memberSavingId: s.id })).data;
    expect(active.content.map((x: any) => x.activity)).toEqual(['OPENING']);
    const inactive = body<any>(await t.admin.get('/api/transaction/datatable', { isActive: false, memberSavingId: s.id })).data;
    expect(inactive.content.map((x: any) => x.activity).sort()).toEqual(['REVERSAL', 'TRANSFER_OUT']);
    await assertReconciled(t.tenantId);
  });

  it('refuses a cancellation the balance no longer covers, or in a closed period', async () => {
    const { t, s } = await setup();
    const dep = body<any>(await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 500000 })).data.transaction;
    await t.admin.post('/api/transaction/withdraw', { memberSavingId: s.id, amount: 1400000 });
    const short = await t.admin.post('/api/transaction/cancel', { transactionId: dep.id });
    expect(short.statusCode).toBe(422);
    expect(body(short).message).toBe(
      `Pembatalan ${dep.code} tidak dapat dilakukan: saldo rekening ${s.accountNumber} sudah tidak mencukupi`,
    );

    // A movement dated in a month that is closed afterwards cannot be cancelled.
    const db = t.app.db;
    const old = await db.tenant(t.tenantId, async (tx) => {
      const { depositTx } = await import('../src/modules/savings/savings.service.ts');
      const { systemCtx } = await import('../src/lib/context.ts');
      const { dec } = await import('@koperasi/finance');
      const ctx = systemCtx(db, t.tenantId, { userId: t.adminUserId });
      return (await depositTx(tx, ctx, { savingId: s.id, amount: dec(1000), date: '2025-01-15' })).transaction;
    });
    const close = await t.admin.post('/api/ledger/period/close', { periode: '2025-01' });
    expect(close.statusCode, close.body).toBe(200);
    const closed = await t.admin.post('/api/transaction/cancel', { transactionId: old.id });
    expect(closed.statusCode).toBe(422);
    expect(body(closed).message).toBe(`Transaksi ${old.code} berada pada periode 2025-01 yang sudah ditutup dan tidak dapat dibatalkan`);
    await assertReconciled(t.tenantId);
  });
});

describe('closing an account', () => {
  it('charges the closing fee, pays out the rest and refuses while blocked', async () => {
    const { t, p, s, m } = await setup();
    await t.admin.patch('/api/product', { id: p.voluntary, closingFee: 15000 });
    await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: true, amount: 1000, reason: 'Verifikasi' });
    const blocked = await t.admin.post('/api/transaction/close-product-saving', { memberSavingId: s.id });
    expect(blocked.statusCode).toBe(422);
    expect(body(blocked).message).toBe(`Rekening ${s.accountNumber} sedang diblokir; buka blokir dulu`);
    const unblock = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${s.id}/saving-product/blocked`,
      query: { isBlocked: 'false', reason: 'Selesai' },
    });
    expect(unblock.statusCode, unblock.body).toBe(200);
    const res = await t.admin.post('/api/transaction/close-product-saving', { memberSavingId: s.id, reason: 'Tidak dipakai lagi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<any>(res).data).toMatchObject({ status: 'CLOSED', balanceBefore: 1000000, closingFee: 15000, payout: 985000 });
    expect((await ledgerBalance(t.tenantId, '40106')).toNumber()).toBe(15000);
    const receipt = body<any>(await t.admin.get(`/api/transaction/${body<any>(res).data.transactions[0].id}/receipt`)).data;
    expect(receipt).toMatchObject({ title: 'BUKTI PENUTUPAN REKENING', amount: 1000000, amountInWords: 'Satu juta rupiah' });
    const again = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 1000 });
    expect(body(again).message).toBe(`Rekening ${s.accountNumber} sudah ditutup`);
    const eq = await accounts(t, m.id);
    const closeEq = await t.admin.post('/api/transaction/close-product-saving', { memberSavingId: eq.MANDATORY.id });
    expect(body(closeEq).message).toBe('Simpanan Wajib tidak dapat ditutup; simpanan ekuitas dikembalikan saat anggota keluar');
    await assertReconciled(t.tenantId);
  });
});

describe('mutations and passbook', () => {
  it('lists an account’s movements with running balances and prints a passbook period', async () => {
    const { t, s } = await setup();
    for (const [url, amount] of [
      ['/api/transaction/topup-saving', 200000],
      ['/api/transaction/withdraw', 50000],
      ['/api/transaction/topup-saving', 25000.25],
    ] as const) {
      await t.admin.post(url, { memberSavingId: s.id, amount });
    }
    const mut = body<any>(await t.admin.get(`/api/transaction/product/${s.id}/detail-mutation-product`, { limit: 2 })).data;
    expect(mut.totalElements).toBe(4);
    expect(mut.content.map((r: any) => [r.credit, r.debit, r.balanceAfter])).toEqual([
      [25000.25, 0, 1175000.25],
      [0, 50000, 1150000],
    ]);
    expect(mut.account.balance).toBe(1175000.25);
    const pb = body<any>(await t.admin.get(`/api/transaction/product/${s.id}/passbook`)).data;
    expect(pb).toMatchObject({ openingBalance: 0, totalCredit: 1225000.25, totalDebit: 50000, closingBalance: 1175000.25 });
    expect(pb.rows.map((r: any) => r.no)).toEqual([1, 2, 3, 4]);
    const xlsx = await t.admin.get(`/api/transaction/product/${s.id}/passbook`, { format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const list = await t.admin.get('/api/transaction/datatable', { format: 'xlsx', product: 'ss' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-disposition']).toContain('transaksi-anggota');
    const sorted = body<any>(await t.admin.get('/api/transaction/datatable', { sort: 'amount,asc', activity: 'deposit' })).data;
    expect(sorted.content.map((x: any) => x.amount)).toEqual([25000.25, 200000]);
    await assertReconciled(t.tenantId);
  });
});

describe('database guards', () => {
  it('refuses a movement without its journal, and never lets the app delete movements or rewrite terms', async () => {
    const { t, s, p } = await setup();
    const db = t.app.db;
    const orphan = db.tenant(t.tenantId, async (tx) => {
      const m = await tx.one<{ member_id: string }>('SELECT member_id FROM member_saving WHERE id = $1', [s.id]);
      await tx.query(
        `SELECT * FROM saving_insert_movement($1, 1000, CURRENT_DATE, $2, $3, 'SAVING', 'TOPUP', 'DEPOSIT', 1000, 'SYSTEM', NULL,
                                              gen_random_uuid(), NULL, NULL, NULL, 1, NULL, NULL, NULL, NULL, NULL)`,
        [s.id, m!.member_id, p.voluntary],
      );
    });
    await expect(orphan).rejects.toMatchObject({ code: 'KS001' });
    const del = db.tenant(t.tenantId, (tx) => tx.exec('DELETE FROM member_transaction WHERE saving_id = $1', [s.id]));
    await expect(del).rejects.toMatchObject({ code: '42501' });
    const rewrite = db.tenant(t.tenantId, (tx) => tx.exec('UPDATE product_terms SET min_balance = 0 WHERE product_id = $1', [p.voluntary]));
    await expect(rewrite).rejects.toMatchObject({ code: '42501' });
    const acc = body<any>(await t.admin.get(`/api/transaction/saving/${s.id}/detail`)).data;
    expect(acc.balance).toBe(1000000);
    await assertReconciled(t.tenantId);
  });
});
