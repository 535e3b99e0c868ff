import { registerMemberSummary } from '../members/members.registry.ts';
import { defineModule } from '../types.ts';
import { businessUnitRoutes } from './business-units.routes.ts';
import { seedBusinessUnitsDemo } from './business-units.seed.ts';
import { memberOwed } from './business-units.tx.repo.ts';

// The member detail's "stores owed": what the member still owes the cooperative's business units.
registerMemberSummary('business-units', async (tx, _ctx, member) => ({ storesOwed: await memberOwed(tx, member.id) }));

/** Business units (Unit Usaha): master data with accounts, unit transactions and member debts (docs/business-units.md). */
export default defineModule({ name: 'business-units', order: 60, routes: businessUnitRoutes, seedDemo: seedBusinessUnitsDemo });
