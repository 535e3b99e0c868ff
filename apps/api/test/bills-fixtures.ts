/**
 * Fixtures of the bill tests: a BILL product, a member with a voluntary savings
 * account, a bill created and approved, and the bills sub-ledger for the
 * reconciliation (bill receivable control = sum of the running bills' debt).
 */
import { body, newTenant, type TestTenant } from './helpers.ts';
import { glDefaults } from './loans-fixtures.ts';
import { createActiveMember, type MemberData } from './members-fixtures.ts';
import { coaIds, defaultProducts, registerInnerCheck, registerSubledger } from './reconcile.ts';

registerSubledger('bills', {
  balances: `SELECT b.receivable_coa_id AS coa_id, sum(b.debt) AS amount FROM bill b
             WHERE b.tenant_id = app_tenant() AND b.receivable_coa_id IS NOT NULL GROUP BY b.receivable_coa_id`,
  controls: `SELECT DISTINCT g.coa_id FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
             WHERE g.tenant_id = app_tenant() AND g.role = 'RECEIVABLE' AND p.kind = 'BILL'`,
});

// Inside the bills sub-ledger: a running bill's debt = its open installments' remaining; paid + deducted = its posted payments.
registerInnerCheck(
  'bills',
  `SELECT 'bill ' || b.bill_number || ': debt ' || b.debt || ' <> open installments ' || coalesce(x.open, 0) AS problem
   FROM bill b LEFT JOIN LATERAL (
     SELECT sum(i.amount + i.admin_fee - i.amount_paid - i.admin_fee_paid) AS open FROM bill_installment i
     WHERE i.tenant_id = b.tenant_id AND i.bill_id = b.id AND i.status = 'OPEN'
   ) x ON true
   WHERE b.tenant_id = app_tenant() AND b.status IN ('RUNNING', 'PAID_OFF', 'STOPPED') AND b.debt <> coalesce(x.open, 0)
   UNION ALL
   SELECT 'bill ' || b.bill_number || ': payments ' || coalesce(p.s, 0) || ' <> paid + deducted ' || (b.paid + b.deducted)
   FROM bill b LEFT JOIN LATERAL (
     SELECT sum(amount) AS s FROM bill_payment WHERE tenant_id = b.tenant_id AND bill_id = b.id AND status = 'POSTED'
   ) p ON true
   WHERE b.tenant_id = app_tenant() AND coalesce(p.s, 0) <> b.paid + b.deducted`,
);

export const B = '/api/transaction/product/bill';

export interface BillSetup {
  t: TestTenant;
  productId: string;
  member: MemberData;
  savingId: string;
  acc: Record<string, string>;
}

export async function createBillProduct(t: TestTenant, over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.admin.post('/api/product', {
    kind: 'BILL',
    name: `Tagihan ${Math.random().toString(36).slice(2, 8)}`,
    billType: 'FIXED_BILL',
    adminFee: 5000,
    installments: 3,
    billAmount: 150000,
    ...over,
    glAccounts: await glDefaults(t, 'BILL'),
  });
  if (res.statusCode !== 200) throw new Error(`bill product: ${res.body}`);
  return body<{ id: string }>(res).data.id;
}

export async function billSetup(over: Record<string, unknown> = {}): Promise<BillSetup> {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const productId = await createBillProduct(t, over);
  const member = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const open = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: member.id,
    productId: p.voluntary,
    initialDeposit: 1_000_000,
  });
  if (open.statusCode !== 200) throw new Error(`open saving: ${open.body}`);
  return { t, productId, member, savingId: body<any>(open).data.account.id, acc: await coaIds(t.tenantId) };
}

export function createBill(s: BillSetup, over: Record<string, unknown> = {}, c = s.t.admin) {
  return c.post('/api/transaction/request-open-product-member', {
    memberId: s.member.id,
    productId: s.productId,
    name: 'Iuran air bersih',
    ...over,
  });
}

/** Created and approved: the bill's detail. */
export async function runningBill(s: BillSetup, over: Record<string, unknown> = {}) {
  const c = await createBill(s, over);
  if (c.statusCode !== 200) throw new Error(`create: ${c.body}`);
  const id = body<any>(c).data.bill.id as string;
  const a = await s.t.admin.post(`${B}/${id}/approved-bill`, { status: 'APPROVED' });
  if (a.statusCode !== 200) throw new Error(`approve: ${a.body}`);
  return body<any>(a).data.bill;
}
