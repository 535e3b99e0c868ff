/**
 * Business units (Unit Usaha): master data and its accounts.
 *
 * Decisions:
 *  - Names are unique per cooperative ignoring case. There is no delete: a unit
 *    that is no longer used is set INACTIVE (its journals stay).
 *  - Each of the eight accounts must be an account of this cooperative,
 *    active, postable, of the role's type (cash, inventory, receivable: ASSET;
 *    payable, admin liability: LIABILITY; revenue: INCOME; expense, inventory
 *    loss: EXPENSE) and of no other unit. Choosing an account does not move it
 *    into the unit; COA accounts are given to a unit in the chart of accounts
 *    (`businessUnitId` of POST/PATCH /api/coa).
 *  - The unit's statements (balance sheet and profit and loss with
 *    `businessUnitId`) read the journal lines tagged with the unit and the
 *    lines of accounts that belong to it (ledger/balances.ts).
 */
import {
  BUSINESS_UNIT_ACCOUNTS,
  type BusinessUnitAccountField,
  type BusinessUnitCreate,
  type BusinessUnitUpdate,
  type BusinessUnitView,
} from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { audit, withTx } from '../money/index.ts';
import {
  accountsByIds,
  allUnits,
  type BusinessUnitRow,
  findUnit,
  insertUnit,
  nameTaken,
  unitsPage,
  updateUnitRow,
} from './business-units.repo.ts';

export function toView(r: BusinessUnitRow): BusinessUnitView {
  const accounts = {} as BusinessUnitView['accounts'];
  const ids = {} as Record<BusinessUnitAccountField, string>;
  for (const a of BUSINESS_UNIT_ACCOUNTS) {
    const id = r[a.column];
    const [code, name] = r.accounts?.[id] ?? ['', ''];
    ids[a.field] = id;
    accounts[a.field] = { id, code, name };
  }
  return {
    id: r.id,
    name: r.name,
    type: r.type as BusinessUnitView['type'],
    status: r.status as BusinessUnitView['status'],
    ...ids,
    accounts,
    ownAccountCount: r.own_account_count,
    createdDate: r.created_date as unknown as string,
    updatedDate: r.updated_date as unknown as string,
  };
}

export async function listUnits(ctx: Ctx, q: PageQuery & { type?: string; status?: string }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await unitsPage(tx, q);
    return paged(rows.map(toView), total, q.page, q.limit);
  });
}

/** Every unit (pickers): active first, then by name. */
export async function listAllUnits(ctx: Ctx) {
  return withTx(ctx, async (tx) => (await allUnits(tx)).map(toView));
}

export async function unitDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await findUnit(tx, id);
    if (!r) throw notFound('business_unit.not_found');
    return toView(r);
  });
}

/** Checks the accounts named in `body` (every role on create, those sent on update). */
async function checkAccounts(tx: Tx, body: Partial<Record<BusinessUnitAccountField, string>>, unitId: string | null) {
  const roles = BUSINESS_UNIT_ACCOUNTS.filter((a) => body[a.field] !== undefined);
  if (!roles.length) return;
  const found = await accountsByIds(
    tx,
    roles.map((r) => body[r.field]!),
  );
  for (const role of roles) {
    const a = found.get(body[role.field]!);
    const field = [{ field: role.field, message: '' }];
    if (!a) {
      field[0].message = 'business_unit.account_not_found';
      throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'business_unit.account_not_found', undefined, field);
    }
    const named = { code: a.code, name: a.name, type: role.type };
    const refuse = (code: string, key: string) => {
      field[0].message = key;
      return new AppError(422, code, key, named, field);
    };
    if (!a.is_postable) throw refuse('ACCOUNT_NOT_POSTABLE', 'business_unit.account_not_postable');
    if (!a.is_active) throw refuse('ACCOUNT_INACTIVE', 'business_unit.account_inactive');
    if (a.type !== role.type) throw refuse('ACCOUNT_WRONG_TYPE', 'business_unit.account_wrong_type');
    if (a.business_unit_id && a.business_unit_id !== unitId) throw refuse('ACCOUNT_OTHER_UNIT', 'business_unit.account_other_unit');
  }
}

async function uniqueRace<T>(name: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('BUSINESS_UNIT_NAME_TAKEN', 'business_unit.name_taken', { name });
    throw err;
  }
}

export async function createUnit(ctx: Ctx, body: BusinessUnitCreate) {
  return uniqueRace(body.name, () =>
    withTx(ctx, async (tx) => {
      if (await nameTaken(tx, body.name, null)) throw conflict('BUSINESS_UNIT_NAME_TAKEN', 'business_unit.name_taken', { name: body.name });
      await checkAccounts(tx, body, null);
      const id = await insertUnit(tx, body, ctx.userId);
      const created = toView((await findUnit(tx, id))!);
      await audit(tx, ctx, { action: 'business_unit.create', entity: 'business_unit', entityId: created.id, after: created });
      return created;
    }),
  );
}

export async function updateUnit(ctx: Ctx, body: BusinessUnitUpdate) {
  return uniqueRace(body.name, () =>
    withTx(ctx, async (tx) => {
      const current = await findUnit(tx, body.id, true);
      if (!current) throw notFound('business_unit.not_found');
      const before = toView(current);
      if (body.name !== undefined && (await nameTaken(tx, body.name, body.id)))
        throw conflict('BUSINESS_UNIT_NAME_TAKEN', 'business_unit.name_taken', { name: body.name });
      await checkAccounts(tx, body, body.id);
      await updateUnitRow(
        tx,
        body.id,
        {
          name: body.name ?? before.name,
          type: body.type ?? before.type,
          status: body.status ?? before.status,
          accounts: BUSINESS_UNIT_ACCOUNTS.map((a) => body[a.field] ?? before[a.field]),
        },
        ctx.userId,
      );
      const after = toView((await findUnit(tx, body.id))!);
      await audit(tx, ctx, { action: 'business_unit.update', entity: 'business_unit', entityId: body.id, before, after });
      return after;
    }),
  );
}
