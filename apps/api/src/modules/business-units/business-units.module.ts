import { defineModule } from '../types.ts';
import { businessUnitRoutes } from './business-units.routes.ts';

/** Business units (Unit Usaha): master data with accounts; statements per unit filter on them (docs/business-units.md). */
export default defineModule({ name: 'business-units', order: 60, routes: businessUnitRoutes });
