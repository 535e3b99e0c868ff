/** SQL of the deposits' plugs into other modules (deposits.module.ts), the daily accrual (deposits.accrual.ts) and the tenant seed. */
import { type Dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** Per product: its running or matured deposits and their principal. */
export async function depositUsage(tx: Tx, productIds: string[]) {
  const rows = await tx.query<{ product_id: string; n: number; balance: Dec }>(
    `SELECT product_id, count(*)::int AS n, coalesce(sum(principal), 0) AS balance FROM deposit
     WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) AND status IN ('ACTIVE', 'MATURED') GROUP BY product_id`,
    [`{${productIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: r.balance }]));
}

/** The member's running or matured deposits: how many and their principal. */
export async function memberDeposits(tx: Tx, memberId: string) {
  const r = await tx.one<{ n: number; amount: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(principal), 0) AS amount FROM deposit
     WHERE tenant_id = app_tenant() AND member_id = $1 AND status IN ('ACTIVE', 'MATURED')`,
    [memberId],
  );
  return { countDeposit: r?.n ?? 0, amountDeposit: r?.amount ?? ZERO };
}

/** The member's running or matured deposits (the exit check). */
export async function openDepositsOf(tx: Tx, memberId: string) {
  return tx.query<{ id: string; account_number: string; product_name: string; principal: Dec }>(
    `SELECT d.id, d.account_number, p.name AS product_name, d.principal FROM deposit d JOIN product p ON p.tenant_id = d.tenant_id AND p.id = d.product_id
     WHERE d.tenant_id = app_tenant() AND d.member_id = $1 AND d.status IN ('ACTIVE', 'MATURED') ORDER BY d.account_number`,
    [memberId],
  );
}

/** The holding accounts (penampung pokok / bunga) of the default chart, unless the cooperative has them. */
export async function seedHoldingAccounts(tx: Tx, tenantId: string) {
  await tx.exec(
    `INSERT INTO coa_account (tenant_id, code, name, type, normal_balance, is_postable, system_key, parent_id)
     SELECT p.tenant_id, x.code, x.name, 'LIABILITY', 'CREDIT', true, x.key, p.id
     FROM coa_account p
     CROSS JOIN (VALUES ('20213', 'Penampung Pokok Simpanan Berjangka', 'DEPOSIT_HOLDING_PRINCIPAL'),
                        ('20214', 'Penampung Bunga Simpanan Berjangka', 'DEPOSIT_HOLDING_INTEREST')) AS x(code, name, key)
     WHERE p.tenant_id = $1 AND p.code = '202'
       AND NOT EXISTS (SELECT 1 FROM coa_account c WHERE c.tenant_id = p.tenant_id AND (c.code = x.code OR c.system_key = x.key))`,
    [tenantId],
  );
}

/** One day's accrual journal through SQL deposit_accrue (once a day: a second call answers the first one's figures). */
export async function accrue(tx: Tx, day: string, userId: string | null) {
  return (await tx.one<{ amount: string; deposits: number; journal_id: string | null }>(
    'SELECT * FROM deposit_accrue($1::date, $2::uuid)',
    [day, userId],
  ))!;
}

export async function lastAccruedDay(tx: Tx): Promise<string | null> {
  const r = await tx.one<{ day: string | null }>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM deposit_accrual_day WHERE tenant_id = app_tenant()`,
  );
  return r?.day ?? null;
}
