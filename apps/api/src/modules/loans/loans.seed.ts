import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import type { TenantSeedInfo } from '../types.ts';

/** Demo loans (filled in below). */
export async function seedLoansDemo(_db: Db, _ctx: Ctx, _info: TenantSeedInfo): Promise<void> {}
