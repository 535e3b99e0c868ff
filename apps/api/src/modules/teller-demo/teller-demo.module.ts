import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { cashHoldingTellers, classifyCashAccounts, insertSession } from '../teller/teller.repo.ts';
import { defineModule, type TenantSeedInfo } from '../types.ts';

/**
 * The teller module's demo data, seeded after every other module (order 99; the teller module itself must come
 * before the money modules for its session rule, docs/teller.md): accounts seeded below 101 after the chart (the
 * demo's Kas Agen) get their cash kind; the demo teller starts with today's session open (opening = her cash
 * account's balance once the other demo data has posted, so the session holds only what she does), so the demo's
 * counter works at once; on later days she opens it herself (Transaksi Teller > Buka Kas).
 */
async function seedDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo) {
  await db.tenant(info.tenantId, async (tx) => {
    await classifyCashAccounts(tx);
    for (const t of await cashHoldingTellers(tx)) {
      const opening = await accountBalance(tx, t.coa_id);
      if (!opening.isNegative()) await insertSession(tx, t.id, t.coa_id, todayJakarta(), opening);
    }
  });
}

export default defineModule({ name: 'teller-demo', order: 99, seedDemo });
