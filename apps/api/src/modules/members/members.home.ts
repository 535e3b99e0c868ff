/**
 * Dashboard widgets fed by members (GET /api/home/...).
 *
 *  - prospective-member: prospective members waiting for an interview or an
 *    approval (staff entries and member-app applications), oldest first so
 *    nobody waits forever, with the counts per step.
 *  - application-to-become-member: non-members whose become-member request
 *    waits for approval, oldest first.
 *  - member-organitation (spec spelling): the cooperative's organisation: the
 *    officers by the three groups of UU 25/1992 (pengurus: KETUA, WAKIL,
 *    SEKERTARIS, BENDAHARA; pengawas: PENGAWAS; karyawan/pengelola: MANAJER,
 *    PEGAWAI), taken from the users' positions, and per branch its staff and
 *    live members. It is not the member composition, which has its own widget.
 *  - member-composition: live members by type, gender, age band and branch,
 *    and growth per month over the last 12 months (members joined, exited,
 *    and members at the month's end); kept 5 minutes per cooperative
 *    (`computedAt`), `?fresh=1` recomputes.
 * Agents (built-in AGENT role) see only their assigned members in the lists.
 */
import { OFFICER_TITLES, translate } from '@koperasi/contracts';
import type { Ctx } from '../../lib/context.ts';
import { withTx } from '../../lib/context.ts';
import {
  branchHeadcounts,
  branchNames,
  type CompositionRow,
  compositionRows,
  officerRows,
  prospectiveCounts,
} from './members.home.repo.ts';
import { listPage } from './members.list.ts';
import { isAgent } from './members.repo.ts';
import { todayWib } from './members.rules.ts';

export async function prospectiveMembers(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
) {
  return withTx(ctx, async (tx) => {
    const assignedTo = isAgent(ctx) ? ctx.userId : null;
    const page = await listPage(
      tx,
      { search: q.search, memberTypes: ['PROSPECTIVE'], statuses: ['WAITING_INTERVIEW', 'WAITING_APPROVAL'], assignedTo },
      q.page,
      q.limit,
      q.sortBy ?? 'created_date',
      q.sortBy ? q.ascOrDesc : 'ASC',
    );
    const counts = await prospectiveCounts(tx, assignedTo);
    return {
      ...page,
      waitingInterview: counts?.waiting_interview ?? 0,
      waitingApproval: counts?.waiting_approval ?? 0,
      fromMemberApp: counts?.from_member_app ?? 0,
    };
  });
}

export async function becomeMemberApplications(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
) {
  return withTx(ctx, (tx) =>
    listPage(
      tx,
      {
        search: q.search,
        memberTypes: ['NON_MEMBER'],
        statuses: ['ACTIVE'],
        upgradeWaiting: true,
        assignedTo: isAgent(ctx) ? ctx.userId : null,
      },
      q.page,
      q.limit,
      q.sortBy ?? 'created_date',
      q.sortBy ? q.ascOrDesc : 'ASC',
    ),
  );
}

const POSITION_GROUP: Record<string, 'PENGURUS' | 'PENGAWAS' | 'KARYAWAN'> = {
  KETUA: 'PENGURUS',
  WAKIL: 'PENGURUS',
  SEKERTARIS: 'PENGURUS',
  BENDAHARA: 'PENGURUS',
  PENGAWAS: 'PENGAWAS',
  MANAJER: 'KARYAWAN',
  PEGAWAI: 'KARYAWAN',
};

export async function organization(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const officers = await officerRows(tx);
    const order = (p: string) => (OFFICER_TITLES as readonly string[]).indexOf(p);
    officers.sort((a, b) => order(a.position) - order(b.position) || a.name.localeCompare(b.name));
    const groups = (['PENGURUS', 'PENGAWAS', 'KARYAWAN'] as const).map((g) => {
      const list = officers.filter((o) => POSITION_GROUP[o.position] === g);
      return {
        group: g,
        label: translate(`home.position_group.${g}`, ctx.lang),
        count: list.length,
        officers: list.map((o) => ({
          id: o.id,
          name: o.name,
          position: o.position,
          roleName: o.role_name,
          branchId: o.branch_id,
          branchName: o.branch_name,
        })),
      };
    });
    const branches = await branchHeadcounts(tx);
    return {
      groups,
      totalOfficers: officers.length,
      branches: branches
        .filter((b) => b.branch_id || b.staff || b.members)
        .map((b) => ({ branchId: b.branch_id, name: b.name, staff: b.staff, members: b.members })),
    };
  });
}

const AGE_BANDS = ['<25', '25-34', '35-44', '45-54', '55-64', '65+', 'UNKNOWN'] as const;

/** Composition answers kept per cooperative for a few minutes (one pass over a million members takes a second or more). */
const COMPOSITION_TTL_MS = 5 * 60_000;
const compositionCache = new Map<string, { at: number; value: Awaited<ReturnType<typeof computeComposition>> }>();

/** The member composition and growth, recomputed at most every 5 minutes per cooperative (`computedAt` says when). */
export async function composition(ctx: Ctx, opts: { fresh?: boolean } = {}) {
  const hit = compositionCache.get(ctx.tenantId);
  if (hit && !opts.fresh && Date.now() - hit.at < COMPOSITION_TTL_MS) return hit.value;
  const value = await computeComposition(ctx);
  if (compositionCache.size > 1000) compositionCache.delete(compositionCache.keys().next().value!);
  compositionCache.set(ctx.tenantId, { at: Date.now(), value });
  return value;
}

/**
 * One pass over the cooperative's members, grouped small enough to sum in
 * memory: live members by type, gender, age band and branch, and for members
 * the months they joined or left within the window and whether they were
 * members when it began.
 */
async function computeComposition(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const today = todayWib();
    const start = `${today.slice(0, 7)}-01`;
    const rows = await compositionRows(tx, today, start);
    const sumBy = <K extends string>(key: (r: CompositionRow) => K | null, keep: (r: CompositionRow) => boolean) => {
      const out = new Map<K, number>();
      for (const r of rows) {
        if (!keep(r)) continue;
        const k = key(r);
        if (k !== null) out.set(k, (out.get(k) ?? 0) + r.n);
      }
      return out;
    };
    const live = (r: CompositionRow) => r.is_active;
    const types = sumBy((r) => r.member_type, live);
    const genders = sumBy((r) => r.gender, live);
    const bands = sumBy((r) => r.band, live);
    const branchCounts = sumBy((r) => r.branch_id ?? 'none', live);
    const total = [...types.values()].reduce((a, b) => a + b, 0);
    const names = await branchNames(tx);
    const byBranch = [...branchCounts.entries()]
      .map(([id, count]) => ({ branchId: id === 'none' ? null : id, name: id === 'none' ? null : (names.get(id) ?? null), count }))
      .sort((a, b) => b.count - a.count);

    // Growth of membership (type MEMBER, exited members counted in the months they were members).
    const joined = sumBy(
      (r) => r.jm,
      () => true,
    );
    const exited = sumBy(
      (r) => r.em,
      () => true,
    );
    let running = rows.filter((r) => r.base).reduce((a, r) => a + r.n, 0);
    const growth = [];
    const [y0, m0] = start.split('-').map(Number);
    for (let k = 11; k >= 0; k--) {
      const month = new Date(Date.UTC(y0, m0 - 1 - k, 1)).toISOString().slice(0, 7);
      const j = joined.get(month) ?? 0;
      const e = exited.get(month) ?? 0;
      running += j - e;
      growth.push({ month, joined: j, exited: e, total: running });
    }
    return {
      computedAt: new Date().toISOString(),
      total,
      byType: ['MEMBER', 'NON_MEMBER', 'PROSPECTIVE'].map((t) => ({ memberType: t, count: types.get(t) ?? 0 })),
      byGender: ['L', 'P'].map((g) => ({ gender: g, count: genders.get(g) ?? 0 })),
      byAgeBand: AGE_BANDS.map((b) => ({ band: b, count: bands.get(b) ?? 0 })),
      byBranch,
      growth,
    };
  });
}
