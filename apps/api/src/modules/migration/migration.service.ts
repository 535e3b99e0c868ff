/**
 * The data migration wizard (docs/migration.md): upload and stage, the
 * opening balance sheet, review, confirm (journals against the temporary
 * migration account), check, reset.
 */
import { translate } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { badRequest, conflict, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { type JournalLineInput, post, reverse } from '../ledger/posting.ts';
import { cellText } from '../members/members.xlsx.ts';
import { audit, withTx } from '../money/index.ts';
import { headerMap, type MigrationType, moneyCell, NERACA_COLUMNS } from './migration.columns.ts';
import { postLoans } from './migration.loans.ts';
import { missingHolders, movedSince, postDeposits, postMembers, postSavings, undoRecords } from './migration.post.repo.ts';
import * as repo from './migration.repo.ts';
import { readRows, sheetRows } from './migration.stage.ts';
import { failedWorkbook, neracaWorkbook, templateWorkbook } from './migration.templates.ts';

export type StepType = MigrationType | 'NERACA';

async function refuseIfConfirmed(tx: Tx, type: StepType) {
  if (await repo.stepOf(tx, type)) throw conflict('MIGRATION_STEP_CONFIRMED', 'migration.step_confirmed', { type });
}

/** POST migration/{members|savings|deposits|loans}: read, check and stage every row, replacing the type's staged rows. */
export async function upload(ctx: Ctx, type: MigrationType, buf: Buffer) {
  return withTx(ctx, async (tx) => {
    await repo.lockMigration(tx);
    await refuseIfConfirmed(tx, type);
    const rows = await readRows(tx, ctx, type, buf, todayJakarta());
    await repo.replaceRows(tx, type, rows);
    // The staged rows are new to the planner's statistics: the set-based statements hash-join.
    await repo.hashJoinsOnly(tx);
    await repo.databaseChecks(tx, type, (k) => translate(k, ctx.lang));
    const counts = (await repo.rowCounts(tx)).find((c) => c.type === type);
    await audit(tx, ctx, { action: 'migration.upload', entity: 'migration', entityId: type, after: { rows: rows.length, ...counts } });
    return { type, rows: rows.length, valid: counts?.valid ?? 0, failed: counts?.failed ?? 0, total: dec(counts?.total ?? '0') };
  });
}

export async function template(ctx: Ctx, type: MigrationType) {
  const choices = await withTx(ctx, (tx) => repo.templateChoices(tx, type));
  return templateWorkbook(type, choices);
}

export async function listStaged(ctx: Ctx, type: MigrationType, q: { page: number; limit: number; status?: string }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await repo.listRows(tx, type, q.page, q.limit, q.status);
    const content = rows.map((r) => ({ rowNumber: r.row_number, status: r.status, data: r.data, errors: r.errors, entityId: r.entity_id }));
    return paged(content, total, q.page, q.limit);
  });
}

export async function failedRows(ctx: Ctx, type: MigrationType) {
  const rows = await withTx(ctx, async (tx) => (await repo.listRows(tx, type, 0, 250_000, 'FAILED')).rows);
  return failedWorkbook(type, rows as never);
}

// ---------------------------------------------------------------- the opening balance sheet

export async function neraca(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const rows = await repo.coaWithOpening(tx);
    const debit = rows.reduce((s, r) => s.plus(r.debit), ZERO);
    const credit = rows.reduce((s, r) => s.plus(r.credit), ZERO);
    return {
      accounts: rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        type: r.type,
        normalBalance: r.normal_balance,
        isPostable: r.is_postable,
        subLedger: r.sub_ledger,
        isTemporary: r.system_key === 'MIGRATION_TEMPORARY',
        debit: dec(r.debit),
        credit: dec(r.credit),
      })),
      totalDebit: debit,
      totalCredit: credit,
      balanced: debit.eq(credit),
      confirmed: Boolean(await repo.stepOf(tx, 'NERACA')),
    };
  });
}

export async function neracaTemplate(ctx: Ctx) {
  return neracaWorkbook(await withTx(ctx, (tx) => repo.coaWithOpening(tx)));
}

/** The opening balance sheet's upload: every row names a postable account by code; Debit/Kredit amounts; errors by row and column. */
export async function uploadNeraca(ctx: Ctx, buf: Buffer) {
  return withTx(ctx, async (tx) => {
    await refuseIfConfirmed(tx, 'NERACA');
    const accounts = new Map((await repo.coaWithOpening(tx)).map((a) => [a.code.toUpperCase(), a]));
    const errors: Array<{ row: number; column: string; message: string }> = [];
    const out = new Map<string, { coaId: string; debit: string; credit: string; n: number }>();
    let pos: Map<string, number> | null = null;
    let n = 0;
    const err = (column: string, key: string, params: object = {}) =>
      errors.push({ row: n, column, message: translate(key, ctx.lang, { field: column, ...params }) });
    for await (const values of sheetRows(buf)) {
      if (!pos) {
        pos = headerMap(values, NERACA_COLUMNS);
        if (!pos.has('code') || !pos.has('debit') || !pos.has('credit'))
          throw badRequest('MIGRATION_BAD_HEADER', 'migration.bad_header', { columns: 'Kode Akun, Debit, Kredit' });
        continue;
      }
      n += 1;
      const code = cellText(values[pos.get('code')!]).toUpperCase();
      const d = moneyCell(values[pos.get('debit')!]);
      const c = moneyCell(values[pos.get('credit')!]);
      if (d === null) err('Debit', 'migration.cell_not_money', { value: cellText(values[pos.get('debit')!]) });
      if (c === null) err('Kredit', 'migration.cell_not_money', { value: cellText(values[pos.get('credit')!]) });
      const debit = dec(d || '0');
      const credit = dec(c || '0');
      if (debit.lt(0) || credit.lt(0)) err(debit.lt(0) ? 'Debit' : 'Kredit', 'migration.cell_negative', { value: '' });
      if (debit.isZero() && credit.isZero()) continue;
      const a = accounts.get(code);
      if (!a) err('Kode Akun', 'migration.account_unknown', { value: code });
      else if (!a.is_postable) err('Kode Akun', 'migration.account_header', { value: code });
      else if (a.system_key === 'MIGRATION_TEMPORARY') err('Kode Akun', 'migration.account_temporary', { value: code });
      else if (out.has(a.id)) err('Kode Akun', 'migration.account_twice', { value: code, other: out.get(a.id)!.n });
      else out.set(a.id, { coaId: a.id, debit: debit.toFixed(2), credit: credit.toFixed(2), n });
    }
    if (errors.length)
      throw badRequest(
        'MIGRATION_NERACA_INVALID',
        'migration.neraca_invalid',
        { count: errors.length },
        errors.map((e) => ({ field: `${e.row}:${e.column}`, message: e.message })) as never,
      );
    await repo.replaceOpening(tx, [...out.values()]);
    const debit = [...out.values()].reduce((s, r) => s.plus(r.debit), ZERO);
    const credit = [...out.values()].reduce((s, r) => s.plus(r.credit), ZERO);
    await audit(tx, ctx, {
      action: 'migration.neraca',
      entity: 'migration',
      entityId: 'NERACA',
      after: { accounts: out.size, debit, credit },
    });
    return { accounts: out.size, totalDebit: debit, totalCredit: credit, balanced: debit.eq(credit) };
  });
}

// ---------------------------------------------------------------- review, check

async function reviewTx(tx: Tx) {
  const counts = await repo.rowCounts(tx);
  const controls = await repo.controlFigures(tx);
  const opening = await repo.coaWithOpening(tx);
  const debit = opening.reduce((s, r) => s.plus(r.debit), ZERO);
  const credit = opening.reduce((s, r) => s.plus(r.credit), ZERO);
  const temp = await repo.temporaryAccount(tx);
  const types = (['MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS'] as const).map((type) => {
    const c = counts.find((x) => x.type === type);
    return { type, valid: c?.valid ?? 0, failed: c?.failed ?? 0, posted: c?.posted ?? 0, total: dec(c?.total ?? '0') };
  });
  const accounts = controls.map((c) => {
    const subLedger = dec(c.staged).plus(c.posted);
    return {
      coaId: c.coa_id,
      code: c.code,
      name: c.name,
      type: c.type,
      opening: dec(c.opening),
      subLedger,
      difference: dec(c.opening).minus(subLedger),
    };
  });
  const differences = accounts.filter((a) => !a.difference.isZero());
  return {
    types,
    accounts,
    differences,
    neraca: { totalDebit: debit, totalCredit: credit, balanced: debit.eq(credit), difference: debit.minus(credit) },
    temporaryAccount: temp ? { id: temp.id, code: temp.code, name: temp.name, balance: dec(temp.balance) } : null,
    ready: differences.length === 0 && debit.eq(credit) && types.every((t) => t.failed === 0),
  };
}

export async function review(ctx: Ctx) {
  return withTx(ctx, reviewTx);
}

export async function check(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const done = await repo.steps(tx);
    const counts = await repo.rowCounts(tx);
    const opening = await repo.openingRowCount(tx);
    const step = (type: StepType) => {
      const s = done.find((d) => d.type === type);
      const c = counts.find((x) => x.type === type);
      return {
        type,
        uploaded: type === 'NERACA' ? opening > 0 : Boolean(c),
        confirmed: Boolean(s),
        confirmedAt: s?.confirmed_at ?? null,
        rows: s?.row_count ?? (c ? c.valid + c.failed + c.posted : 0),
        failed: c?.failed ?? 0,
        total: dec(s?.total ?? c?.total ?? '0'),
        journalId: s?.journal_id ?? null,
      };
    };
    const all = (['MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS', 'NERACA'] as const).map(step);
    const temp = await repo.temporaryAccount(tx);
    return {
      steps: all,
      done: all.every((s) => s.confirmed),
      temporaryBalance: dec(temp?.balance ?? '0'),
    };
  });
}

// ---------------------------------------------------------------- confirm

function refuseDifferences(accounts: Array<{ code: string; name: string; opening: Dec; subLedger: Dec; difference: Dec }>) {
  if (!accounts.length) return;
  const list = accounts.map((a) => `${a.code} ${a.name}: ${a.opening.toFixed(2)} / ${a.subLedger.toFixed(2)}`).join('; ');
  throw unprocessable('MIGRATION_NOT_ZERO', 'migration.not_zero', { accounts: list });
}

/** Lines of the opening journal: every account as uploaded, the sub-ledger control accounts' share on the temporary account. */
async function neracaLines(tx: Tx, tempId: string): Promise<JournalLineInput[]> {
  const rows = (await repo.coaWithOpening(tx)).filter((r) => dec(r.debit).gt(0) || dec(r.credit).gt(0));
  const lines: JournalLineInput[] = [];
  let temp = ZERO;
  for (const r of rows) {
    const net = dec(r.debit).minus(r.credit);
    if (r.sub_ledger) temp = temp.plus(net);
    else if (net.gt(0)) lines.push({ accountId: r.id, debit: net, description: 'Saldo awal migrasi' });
    else if (net.lt(0)) lines.push({ accountId: r.id, credit: net.neg(), description: 'Saldo awal migrasi' });
  }
  if (temp.gt(0)) lines.push({ accountId: tempId, debit: temp, description: 'Saldo awal rekening pembantu' });
  if (temp.lt(0)) lines.push({ accountId: tempId, credit: temp.neg(), description: 'Saldo awal rekening pembantu' });
  return lines;
}

/** Lines of a sub-ledger's journal: its staged rows per control account against the temporary account. */
async function subLedgerLines(tx: Tx, type: MigrationType, tempId: string): Promise<{ lines: JournalLineInput[]; total: Dec }> {
  const rows = await repo.stagedAmountsByControl(tx, type, repo.CONTROL_ROLE[type as Exclude<MigrationType, 'MEMBERS'>]);
  const total = rows.reduce((s, r) => s.plus(r.amount), ZERO);
  if (total.isZero()) return { lines: [], total };
  const asset = type === 'LOANS';
  const lines: JournalLineInput[] = rows.map((r) =>
    asset ? { accountId: r.coa_id, debit: r.amount } : { accountId: r.coa_id, credit: r.amount },
  );
  lines.push(asset ? { accountId: tempId, credit: total } : { accountId: tempId, debit: total });
  return { lines, total };
}

/** POST migration/confirm?type=: posts the staged rows of a type once; a second confirm answers the first. */
export async function confirm(ctx: Ctx, type: StepType) {
  return withTx(ctx, async (tx) => {
    await repo.lockMigration(tx);
    const done = await repo.stepOf(tx, type);
    if (done) return { type, alreadyConfirmed: true, rows: done.row_count, total: dec(done.total), journalId: done.journal_id };
    const temp = await repo.temporaryAccount(tx);
    if (!temp) throw unprocessable('MIGRATION_TEMPORARY_MISSING', 'migration.temporary_missing');
    const date = todayJakarta();
    await repo.hashJoinsOnly(tx);
    const r = await reviewTx(tx);
    let journalId: string | null = null;
    let rows = 0;
    let total = ZERO;
    if (type === 'NERACA') {
      if (!r.neraca.balanced)
        throw unprocessable('MIGRATION_NERACA_UNBALANCED', 'migration.neraca_unbalanced', { difference: r.neraca.difference.toFixed(2) });
      // Sub-ledgers already posted must agree with the sheet, or the temporary account would keep their difference.
      refuseDifferences(r.accounts.filter((a) => !a.difference.isZero() && r.types.some((x) => x.type === a.type && x.posted > 0)));
      const lines = await neracaLines(tx, temp.id);
      if (lines.length < 2) throw unprocessable('MIGRATION_NOTHING', 'migration.nothing_to_confirm');
      const j = await post(tx, ctx, {
        date,
        description: 'Saldo awal migrasi (neraca awal)',
        source: { module: 'MIGRATION', id: 'NERACA' },
        lines,
      });
      journalId = j.id;
      rows = lines.length;
      total = r.neraca.totalDebit;
    } else if (type === 'MEMBERS') {
      rows = await postMembers(tx, ctx.userId);
    } else {
      const missing = await missingHolders(tx, type);
      if (missing.length)
        throw unprocessable('MIGRATION_MEMBER_MISSING', 'migration.member_missing', {
          rows: missing.map((m) => `${m.row_number} (${m.cif_number})`).join(', '),
        });
      refuseDifferences(r.accounts.filter((a) => a.type === type && !a.difference.isZero()));
      const j = await subLedgerLines(tx, type, temp.id);
      total = j.total;
      if (j.lines.length) {
        const posted = await post(tx, ctx, {
          date,
          description: `Migrasi saldo ${type.toLowerCase()}`,
          source: { module: 'MIGRATION', id: type },
          lines: j.lines,
        });
        journalId = posted.id;
      }
      if (type !== 'SAVINGS' && !journalId && (await repo.hasValidRows(tx, type)))
        throw unprocessable('MIGRATION_NOTHING', 'migration.nothing_to_confirm');
      rows =
        type === 'SAVINGS'
          ? await postSavings(tx, date, journalId, ctx.userId)
          : type === 'DEPOSITS'
            ? await postDeposits(tx, date, journalId!, ctx.userId)
            : await postLoans(tx, ctx.userId);
    }
    if (!rows) throw unprocessable('MIGRATION_NOTHING', 'migration.nothing_to_confirm');
    await repo.insertStep(tx, { type, journalId, date, rows, total: total.toFixed(2), userId: ctx.userId });
    await audit(tx, ctx, { action: 'migration.confirm', entity: 'migration', entityId: type, after: { rows, total, journalId } });
    return { type, alreadyConfirmed: false, rows, total, journalId };
  });
}

// ---------------------------------------------------------------- reset

/** POST migration/reset-data: drops every staged (not posted) row and the unposted opening balance sheet. */
export async function resetData(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const n = await repo.dropStaged(tx, null);
    await audit(tx, ctx, { action: 'migration.reset', entity: 'migration', entityId: 'ALL', after: { rows: n } });
    return { rows: n };
  });
}

const ORDER: StepType[] = ['MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS'];

/**
 * The wizard's steps (spec section 2): 1 upload data, 2 adjust account
 * recording, 3 review and process migration. Each step owns records: step 1
 * the staged rows of members, savings, deposits and loans; step 2 the
 * uploaded opening balance sheet (neraca); step 3 the posting (confirm).
 * Going back to step n for a type undoes that type's records of steps n..3.
 */
export const WIZARD_STEPS = { UPLOAD: 1, ACCOUNT_RECORDING: 2, REVIEW_AND_PROCESS: 3 } as const;

/** Does going back to step n drop the type's input (staged rows, or the uploaded opening balance sheet)? */
export function dropsInput(type: StepType, n: number): boolean {
  return type === 'NERACA' ? n <= WIZARD_STEPS.ACCOUNT_RECORDING : n === WIZARD_STEPS.UPLOAD;
}

/**
 * POST migration/{type}/reset-confirm-step-{n}: the wizard goes back to step
 * n for the type. Its posting (step 3) is undone while nothing moved on its
 * records since (the journal reversed; savings and deposits closed by a
 * reversing movement, loans and members removed; the opening balance sheet
 * only while no journal but the migration's was posted after it); going back
 * to the step that uploads the type's input (1 for members, savings,
 * deposits, loans; 2 for neraca) also drops that input.
 */
export async function resetConfirmStep(ctx: Ctx, type: StepType, n: number) {
  return withTx(ctx, async (tx) => {
    await repo.lockMigration(tx);
    const step = await repo.stepOf(tx, type, true);
    const drop = dropsInput(type, n);
    if (!step && !drop) throw conflict('MIGRATION_NOT_CONFIRMED', 'migration.not_confirmed', { type });
    if (step) {
      if (type === 'MEMBERS') {
        const later = (await repo.steps(tx)).filter((s) => ORDER.indexOf(s.type as StepType) > 0).map((s) => s.type);
        if (later.length) throw conflict('MIGRATION_RESET_ORDER', 'migration.reset_order', { types: later.join(', ') });
      }
      if (type === 'NERACA') {
        const later = await repo.journalsAfter(tx, step.journal_id);
        if (later.length)
          throw conflict('MIGRATION_NERACA_MOVED', 'migration.neraca_moved_since', { journals: later.map((j) => j.what).join(', ') });
      } else {
        const moved = await movedSince(tx, type);
        if (moved.length) throw conflict('MIGRATION_MOVED', 'migration.moved_since', { accounts: moved.map((m) => m.what).join(', ') });
      }
      const date = todayJakarta();
      let reversalId: string | null = null;
      if (step.journal_id) reversalId = (await reverse(tx, ctx, step.journal_id, 'Pembatalan migrasi', { date })).id;
      await undoRecords(tx, type, date, reversalId, ctx.userId);
      await repo.deleteStep(tx, type);
    }
    if (drop) await repo.dropStaged(tx, type);
    await audit(tx, ctx, {
      action: 'migration.reset_step',
      entity: 'migration',
      entityId: type,
      after: { step: n, undone: Boolean(step), dropped: drop },
    });
    return { type, step: n, undone: Boolean(step), dropped: drop };
  });
}
