/**
 * What validating an uploaded member row needs from the cooperative (its CIF pattern, regulation, branches and
 * areas by name or code): one reader for the member upload and the data migration's member sheet.
 */
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { getConfig } from '../settings/configuration.ts';
import { cifPattern } from './members.cif.ts';
import { uploadAreas, uploadBranches } from './members.upload.repo.ts';
import type { Lookup } from './members.upload.rows.ts';

/** The lookup for rows validated on `today`; `agentId`: the uploading agent, whose members the rows become. */
export async function memberLookup(tx: Tx, ctx: Ctx, today: string, agentId: string | null): Promise<Lookup> {
  const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
  const branches = new Map<string, { id: string; code: string | null }>();
  for (const b of await uploadBranches(tx)) {
    branches.set(b.name.toLowerCase(), { id: b.id, code: b.code });
    if (b.code) branches.set(b.code.toLowerCase(), { id: b.id, code: b.code });
  }
  const areas = new Map<string, string>();
  for (const a of await uploadAreas(tx)) areas.set(a.name.toLowerCase(), a.id);
  return {
    pattern: await cifPattern(tx, ctx.tenantId),
    minimumAge: reg.minimumMemberAge,
    principalAmount: reg.principalSavingAmount,
    branches,
    areas,
    lang: ctx.lang,
    today,
    agentId,
  };
}
