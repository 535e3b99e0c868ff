/**
 * Demo loans for the demo cooperative, so every loan screen has something
 * real: two loan products (FLAT general loan, ANUITAS business loan), loans in
 * every state (waiting, approved, rejected, running on time, running late,
 * paid off), payments, and one online request waiting. Everything goes
 * through the loans services (journals posted, sub-ledgers reconciled).
 */
import type { ProductCreate } from '@koperasi/contracts';
import { plusMonths } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import { type Ctx, systemCtx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { defaultGl } from '../products/products.seed.ts';
import { createProductTx } from '../products/products.service.ts';
import type { TenantSeedInfo } from '../types.ts';
import { decide, openLoanTx, updateCollateral, verifyGuarantor } from './loans.apply.ts';
import { onlineCreate } from './loans.home.ts';
import { pay, release } from './loans.money.ts';

export async function seedLoansDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const admin = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'demo-seed-loans' });
  const today = todayJakarta();
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const monthsAgo = (n: number) => {
    const d = plusMonths(today, -n);
    return d < yearStart ? yearStart : d;
  };
  const setup = await db.tenant(info.tenantId, async (tx) => {
    const existing = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM loan WHERE tenant_id = app_tenant()');
    if (existing && existing.n > 0) return null;
    const umum = await createProductTx(tx, admin, {
      kind: 'LOAN',
      code: 'PU',
      name: 'Pinjaman Umum',
      description: 'Pinjaman konsumtif anggota, jasa flat, angsuran bulanan dibulatkan ke ratusan rupiah.',
      interestMethod: 'FLAT',
      interestRate: 1.5,
      installmentPayMethod: 'POKOK & JASA',
      minAmount: 500000,
      maxAmount: 50000000,
      minTenor: 3,
      maxTenor: 36,
      adminFee: 25000,
      adminFeeType: 'NOMINAL',
      provisionFee: 1,
      provisionFeeType: 'PERCENT',
      fine: 0.1,
      fineMethod: 'PERCENT',
      fineGraceDays: 3,
      roundingMultiple: 100,
      applicationNeedsApproval: true,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'LOAN', null),
    } as ProductCreate);
    const usaha = await createProductTx(tx, admin, {
      kind: 'LOAN',
      code: 'PUS',
      name: 'Pinjaman Usaha',
      description: 'Modal kerja usaha anggota, jasa anuitas, dengan jaminan BPKB atau sertifikat.',
      interestMethod: 'ANUITAS',
      interestRate: 1.25,
      installmentPayMethod: 'POKOK & JASA',
      minAmount: 1000000,
      maxAmount: 100000000,
      minTenor: 6,
      maxTenor: 60,
      adminFee: 50000,
      adminFeeType: 'NOMINAL',
      provisionFee: 1,
      provisionFeeType: 'PERCENT',
      fine: 5000,
      fineMethod: 'NOMINAL',
      fineGraceDays: 5,
      roundingMultiple: 1000,
      requiresCollateral: true,
      applicationNeedsApproval: true,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'LOAN', null),
    } as ProductCreate);
    const members = await tx.query<{ id: string; saving_id: string | null }>(
      `SELECT m.id, (SELECT s.id FROM member_saving s JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
                     WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.status = 'ACTIVE' AND p.kind = 'SAVING'
                     ORDER BY s.created_date LIMIT 1) AS saving_id
       FROM member m WHERE m.tenant_id = app_tenant() AND m.status = 'ACTIVE' AND m.member_type = 'MEMBER' ORDER BY m.cif_number LIMIT 10`,
    );
    return { umum: umum.id, usaha: usaha.id, members };
  });
  if (!setup || setup.members.length < 8) return;
  const m = setup.members;
  const apply = (i: number, productId: string, amount: number, tenor: number, extra: Record<string, unknown> = {}) =>
    db.tenant(info.tenantId, (tx) =>
      openLoanTx(tx, admin, {
        memberId: m[i].id,
        productId,
        amount,
        tenorInMonth: tenor,
        purpose: 'Modal usaha dan kebutuhan keluarga',
        ...extra,
      }),
    );
  const bpkb = { collaterals: [{ type: 'BPKB', number: 'BPKB-K-0412', detail: 'Sepeda motor Honda Vario 2021', value: 18000000 }] };
  const runLoan = async (
    i: number,
    productId: string,
    amount: number,
    tenor: number,
    released: string,
    extra: Record<string, unknown> = {},
  ) => {
    const { loan } = await apply(i, productId, amount, tenor, extra);
    if (extra.collaterals) await updateCollateral(admin, { loanId: loan.id, collaterals: extra.collaterals as never, isVerified: true });
    if (extra.guarantor) await verifyGuarantor(admin, loan.id, { isVerified: true, notes: 'Dikonfirmasi melalui telepon' });
    await decide(admin, loan.id, { status: 'APPROVED' });
    const toSaving = Boolean(m[i].saving_id) && i % 2 === 0;
    await release(admin, {
      loanId: loan.id,
      status: 'ACCEPTED',
      destination: toSaving ? 'SAVING' : 'CASH',
      memberSavingId: toSaving ? m[i].saving_id : null,
      releaseDate: released,
    });
    return loan.id as string;
  };
  // Running, paid up to date.
  const a = await runLoan(0, setup.umum, 6000000, 12, monthsAgo(3));
  await pay(admin, { loanId: a, kind: 'INSTALLMENT', count: 3, source: 'CASH' });
  const b = await runLoan(1, setup.usaha, 25000000, 24, monthsAgo(2), bpkb);
  await pay(admin, { loanId: b, kind: 'INSTALLMENT', count: 2, source: 'CASH' });
  // Running late (unpaid installments: the dashboard's unpaid-loan list and fines).
  await runLoan(2, setup.umum, 3000000, 6, monthsAgo(4));
  const d = await runLoan(3, setup.usaha, 10000000, 12, monthsAgo(3), {
    collaterals: [{ type: 'SHM', number: 'SHM-1187', detail: 'Tanah dan bangunan 120 m2', value: 150000000 }],
    guarantor: { name: 'Sri Wahyuni', relationship: 'Istri', phone: '081298765432' },
  });
  await pay(admin, { loanId: d, kind: 'PARTIAL', amount: 500000, source: 'CASH' });
  // Paid off early.
  const e = await runLoan(4, setup.umum, 2000000, 6, monthsAgo(2));
  await pay(admin, { loanId: e, kind: 'PAYOFF', source: 'CASH' });
  // Waiting, approved, rejected.
  await apply(5, setup.umum, 5000000, 10);
  const f = await apply(6, setup.umum, 4000000, 8);
  await decide(admin, f.loan.id, { status: 'APPROVED' });
  const g = await apply(7, setup.umum, 15000000, 24);
  await decide(admin, g.loan.id, { status: 'REJECTED', reason: 'Penghasilan belum mencukupi untuk angsuran' });
  await onlineCreate(admin, { memberId: m[5].id, productId: setup.umum, amount: 3500000, tenorInMonth: 12, purpose: 'Biaya sekolah anak' });
}
