import type { Tx } from '../../db/db.ts';
import { defineModule } from '../types.ts';
import { insertChart } from './coa.repo.ts';
import { coaRoutes } from './coa.routes.ts';
import { DEFAULT_COA, normalBalance } from './default-coa.ts';

/** Insert the default chart of accounts for a new tenant: two statements, whatever its size. */
export async function seedDefaultCoa(tx: Tx, tenantId: string): Promise<void> {
  await insertChart(
    tx,
    tenantId,
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
}

export default defineModule({
  name: 'coa',
  order: 10,
  routes: coaRoutes,
  async seedTenant(tx, _ctx, info) {
    await seedDefaultCoa(tx, info.tenantId);
  },
});
