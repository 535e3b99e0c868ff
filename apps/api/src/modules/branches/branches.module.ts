import { defineModule } from '../types.ts';
import { branchesRoutes } from './branches.routes.ts';

/** Branches (Cabang) and the registry of who belongs to a branch or an area (organization.repo.ts). */
export default defineModule({ name: 'branches', order: 20, routes: branchesRoutes });
