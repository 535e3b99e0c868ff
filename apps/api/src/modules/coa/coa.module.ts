import type { Tx } from '../../db/db.ts';
import { defineModule } from '../types.ts';
import { coaRoutes } from './coa.routes.ts';
import { DEFAULT_COA, normalBalance } from './default-coa.ts';

/** Insert the default chart of accounts for a new tenant: two statements, whatever its size. */
export async function seedDefaultCoa(tx: Tx, tenantId: string): Promise<void> {
  const rows = JSON.stringify(
    DEFAULT_COA.map((a) => ({
      code: a.code,
      name: a.name,
      parent: a.parent,
      type: a.type,
      nb: normalBalance(a),
      postable: !a.header,
      key: a.key ?? null,
      cash: a.cashKind ?? null,
    })),
  );
  await tx.exec(
    `INSERT INTO coa_account (tenant_id, code, name, type, normal_balance, is_postable, system_key, cash_kind)
     SELECT $1, x.code, x.name, x.type, x.nb, x.postable, x.key, x.cash
     FROM jsonb_to_recordset($2::jsonb) AS x(code text, name text, type text, nb text, postable boolean, key text, cash text)`,
    [tenantId, rows],
  );
  await tx.exec(
    `UPDATE coa_account c SET parent_id = p.id
     FROM jsonb_to_recordset($2::jsonb) AS x(code text, parent text)
     JOIN coa_account p ON p.tenant_id = $1 AND p.code = x.parent
     WHERE c.tenant_id = $1 AND c.code = x.code`,
    [tenantId, rows],
  );
}

export default defineModule({
  name: 'coa',
  order: 10,
  routes: coaRoutes,
  async seedTenant(tx, _ctx, info) {
    await seedDefaultCoa(tx, info.tenantId);
  },
});
