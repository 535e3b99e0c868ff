/**
 * The demo cooperative's store (Unit Usaha TOKO), so every unit screen shows real data: its eight accounts
 * (owned by the unit, under the chart's headers), a purchase of stock on credit, cash sales, credit sales to
 * members (their debts), the supplier paid, an operating expense, a stock loss and debt payments in cash (with an
 * admin fee) and from savings. Everything goes through the services (journals posted, debts = receivable).
 */
import { plusDays } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import { type Ctx, systemCtx } from '../../lib/context.ts';
import { createAccount, updateAccount } from '../coa/coa.service.ts';
import { todayJakarta } from '../ledger/dates.ts';
import type { TenantSeedInfo } from '../types.ts';
import { payDebt } from './business-units.debts.ts';
import { createUnit } from './business-units.service.ts';
import { createTransaction } from './business-units.transactions.ts';

const ACCOUNTS = [
  { field: 'cashAccountId', parent: '101', code: '10106', name: 'Kas Toko' },
  { field: 'inventoryAccountId', parent: '103', code: '10302', name: 'Persediaan Toko Sembako' },
  { field: 'receivableAccountId', parent: '102', code: '10208', name: 'Piutang Anggota Toko' },
  { field: 'payableAccountId', parent: '202', code: '20220', name: 'Utang Dagang Toko' },
  { field: 'adminLiabilityAccountId', parent: '202', code: '20221', name: 'Titipan Administrasi Toko' },
  { field: 'revenueAccountId', parent: '402', code: '40202', name: 'Penjualan Toko Sembako' },
  { field: 'expenseAccountId', parent: '503', code: '50303', name: 'Beban Operasional Toko' },
  { field: 'inventoryLossAccountId', parent: '503', code: '50304', name: 'Kerugian Persediaan Toko' },
] as const;

export async function seedBusinessUnitsDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const admin = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'demo-seed-business-units' });
  const today = todayJakarta();
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const daysAgo = (n: number) => {
    const d = plusDays(today, -n);
    return d < yearStart ? yearStart : d;
  };
  const setup = await db.tenant(info.tenantId, async (tx) => {
    if (await tx.one('SELECT 1 FROM business_unit WHERE tenant_id = app_tenant() LIMIT 1')) return null;
    const parents = await tx.query<{ id: string; code: string }>(
      `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code = ANY($1::text[]) AND NOT is_postable`,
      [`{${ACCOUNTS.map((a) => a.parent).join(',')}}`],
    );
    const taken = new Set(
      (await tx.query<{ code: string }>('SELECT code FROM coa_account WHERE tenant_id = app_tenant()')).map((r) => r.code),
    );
    const members = await tx.query<{ id: string; saving_id: string | null }>(
      `SELECT m.id, (SELECT s.id FROM member_saving s JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
                     WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.status = 'ACTIVE' AND p.kind = 'SAVING'
                       AND s.balance >= 300000 ORDER BY s.created_date LIMIT 1) AS saving_id
       FROM member m WHERE m.tenant_id = app_tenant() AND m.status = 'ACTIVE' AND m.member_type = 'MEMBER' ORDER BY m.cif_number LIMIT 6`,
    );
    return { parents: new Map(parents.map((p) => [p.code, p.id])), taken, members };
  });
  if (!setup || setup.members.length < 4 || setup.parents.size < 6) return;
  /** The preferred code, or the next free one under the same parent (other modules add accounts there too). */
  const free = (code: string) => {
    let n = Number(code);
    while (setup.taken.has(String(n))) n++;
    setup.taken.add(String(n));
    return String(n);
  };

  const ids: Record<string, string> = {};
  for (const a of ACCOUNTS) {
    const acc = await createAccount(admin, {
      code: free(a.code),
      name: a.name,
      parentId: setup.parents.get(a.parent)!,
      isPostable: true,
      isActive: true,
    });
    ids[a.field] = acc.id;
  }
  const unit = await createUnit(admin, {
    name: 'Toko Koperasi Sejahtera',
    type: 'TOKO',
    status: 'ACTIVE',
    ...(ids as Record<(typeof ACCOUNTS)[number]['field'], string>),
  });
  for (const id of Object.values(ids)) await updateAccount(admin, { id, businessUnitId: unit.id });

  const m = setup.members;
  const entry = (kind: string, amount: number, n: number, description: string, memberId?: string) =>
    createTransaction(admin, { businessUnitId: unit.id, kind, amount, date: daysAgo(n), description, memberId });
  await entry('PURCHASE_CREDIT', 4_000_000, 20, 'Stok sembako dari CV Sumber Rejeki');
  await entry('SALE_CASH', 1_250_000, 18, 'Penjualan tunai minggu pertama');
  await entry('SALE_CREDIT', 320_000, 15, 'Beras 20 kg, minyak goreng 4 liter', m[0].id);
  await entry('SALE_CREDIT', 175_000, 12, 'Gula 5 kg, telur 2 kg', m[1].id);
  await entry('SALE_CREDIT', 90_000, 9, 'Sabun dan deterjen', m[2].id);
  await entry('SALE_CREDIT', 260_000, 6, 'Beras 10 kg, kopi, teh', m[3].id);
  await entry('SALE_CASH', 850_000, 5, 'Penjualan tunai minggu kedua');
  await entry('PAYABLE_PAYMENT', 1_500_000, 4, 'Angsuran utang CV Sumber Rejeki');
  await entry('EXPENSE', 150_000, 3, 'Listrik dan air toko');
  await entry('STOCK_LOSS', 45_000, 2, 'Telur pecah dan beras berkutu');
  await payDebt(admin, {
    businessUnitId: unit.id,
    memberId: m[0].id,
    amount: 120_000,
    adminFee: 2_000,
    source: 'CASH',
    date: daysAgo(1),
    description: 'Cicilan utang toko',
  });
  const saver = m.find((x, i) => i > 0 && i < 4 && x.saving_id);
  if (saver) {
    await payDebt(admin, {
      businessUnitId: unit.id,
      memberId: saver.id,
      amount: 50_000,
      source: 'SAVINGS',
      memberSavingId: saver.saving_id!,
      date: today,
      description: 'Potong simpanan sukarela',
    });
  }
}
