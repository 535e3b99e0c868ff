import { defineModule } from '../types.ts';
import { migrationRoutes } from './migration.routes.ts';

/** Data migration wizard: a cooperative's members, savings, deposits, loans and opening balances from its old books (docs/migration.md). */
export default defineModule({
  name: 'migration',
  order: 90,
  routes: migrationRoutes,
});
