import { dec } from '@koperasi/finance';
import { registerMemberSummary } from '../members/members.registry.ts';
import { defineModule } from '../types.ts';
import { businessUnitRoutes } from './business-units.routes.ts';
import { seedBusinessUnitsDemo } from './business-units.seed.ts';

// The member detail's "stores owed": what the member still owes the cooperative's business units.
registerMemberSummary('business-units', async (tx, _ctx, member) => {
  const r = await tx.one<{ owed: string }>(
    'SELECT coalesce(sum(balance), 0)::text AS owed FROM business_unit_debt WHERE tenant_id = $1 AND member_id = $2',
    [tx.tenantId, member.id],
  );
  return { storesOwed: dec(r?.owed ?? 0) };
});

/** Business units (Unit Usaha): master data with accounts, unit transactions and member debts (docs/business-units.md). */
export default defineModule({ name: 'business-units', order: 60, routes: businessUnitRoutes, seedDemo: seedBusinessUnitsDemo });
