/**
 * Staging an uploaded spreadsheet: every row read and checked one by one
 * (errors named with row and column), then written in chunks as
 * migration_row, replacing the staged rows of that type; the checks that
 * need the database (CIF taken, holder unknown, one equity account per
 * member) run afterwards as set-based SQL (migration.repo.ts).
 */
import { type Lang, translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { memberLookup } from '../members/members.upload.lookup.ts';
import { fieldLabel, type Lookup, RowValidator, UploadError } from '../members/members.upload.rows.ts';
import { looksLikeXlsx, readSheetRows } from '../members/members.xlsx.ts';
import { type CellError, headerMap, type MigrationType, readCells, SHEET_COLUMNS, type StagedRow } from './migration.columns.ts';
import { type ProductInfo, productsOf } from './migration.repo.ts';

export const MIGRATION_MAX_ROWS = 250_000;

/** The first worksheet's rows: the header found, then every data row as values. */
export async function* sheetRows(buf: Buffer): AsyncGenerator<unknown[]> {
  if (!looksLikeXlsx(buf)) throw badRequest('MIGRATION_FILE_INVALID', 'migration.file_invalid');
  try {
    for await (const chunk of readSheetRows(buf)) yield* chunk;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest('MIGRATION_FILE_INVALID', 'migration.file_invalid');
  }
}

/** The member validator's one message per row, with the column it names (found by the field's label). */
function memberErrors(n: number, message: string, lang: Lang): CellError[] {
  const col = SHEET_COLUMNS.MEMBERS.find((c) => message.includes(fieldLabel(c.key, lang)) || message.includes(c.header));
  return [{ row: n, column: col?.header ?? '-', message }];
}

async function stageMembers(buf: Buffer, lk: Lookup): Promise<StagedRow[]> {
  const v = new RowValidator(lk);
  const out: StagedRow[] = [];
  try {
    for await (const values of sheetRows(buf)) {
      const c = v.next(values);
      if (!c) continue;
      const errors: CellError[] = c.error ? memberErrors(c.n, c.error, lk.lang) : [];
      const m = c.value;
      if (m && !m.cifNumber)
        errors.push({ row: c.n, column: 'ID Anggota', message: translate('validation.required', lk.lang, { field: 'ID Anggota' }) });
      if (m && m.memberType === 'MEMBER' && !c.data.joinDate)
        errors.push({
          row: c.n,
          column: 'Tanggal Bergabung',
          message: translate('validation.required', lk.lang, { field: 'Tanggal Bergabung' }),
        });
      const value =
        m && !errors.length
          ? {
              cif_number: m.cifNumber,
              full_name: m.fullName,
              gender: m.gender,
              birth_place: m.birthPlace ?? null,
              birth_date: m.birthDate,
              phone: m.phone,
              identity_type: m.identityType,
              identity_number: m.identityNumber,
              family_card_number: m.familyCardNumber ?? null,
              address: m.address ?? null,
              occupation: m.occupation ?? null,
              member_type: m.memberType,
              join_date: m.joinDate ?? null,
              loan_limit: m.loanLimit ?? null,
              group_name: m.groupName ?? null,
              closest_family_name: m.closestFamilyName ?? null,
              closest_family_relationship: m.closestFamilyRelationship ?? null,
              closest_family_phone: m.closestFamilyPhone ?? null,
              branch_id: m.branchId ?? null,
              area_id: m.areaId ?? null,
            }
          : null;
      out.push({ n: c.n, data: c.data, value, errors, cif: m?.cifNumber ?? (c.data.cifNumber?.toUpperCase() || null), amount: null });
      if (out.length > MIGRATION_MAX_ROWS)
        throw badRequest('MIGRATION_TOO_MANY_ROWS', 'migration.too_many_rows', { max: MIGRATION_MAX_ROWS });
    }
  } catch (err) {
    if (err instanceof UploadError) throw badRequest('MIGRATION_BAD_HEADER', err.key, err.params);
    throw err;
  }
  if (!v.sawHeader || !out.length) throw badRequest('MIGRATION_FILE_EMPTY', 'migration.file_empty');
  return out;
}

type RowCheck = (
  n: number,
  t: Record<string, string | number | null>,
  p: ProductInfo,
  err: (column: string, key: string, params?: object) => void,
) => Record<string, unknown> | null;

const savingsRow: RowCheck = (_n, t, p) => ({
  product_id: p.id,
  balance: t.balance,
  open_date: t.openDate,
  old_number: t.oldAccountNumber,
});

function depositsRow(today: string): RowCheck {
  return (_n, t, p, err) => {
    const tenor = Number(t.tenor);
    if (dec(String(t.amount)).lte(0)) err('Nominal', 'migration.cell_not_positive', { field: 'Nominal' });
    if (![1, 3, 6, 12, 24].includes(tenor))
      err('Jangka Waktu', 'migration.cell_not_choice', { field: 'Jangka Waktu', value: tenor, choices: '1, 3, 6, 12, 24' });
    const rate = t.rate ?? p.depositRates[tenor] ?? null;
    if (rate === null) err('Bunga Per Tahun', 'migration.deposit_rate_missing', { tenor });
    const start = String(t.startDate);
    const maturity = String(t.maturityDate);
    const next = String(t.nextInterestDate);
    if (maturity <= today) err('Tanggal Jatuh Tempo', 'migration.deposit_matured', { date: maturity });
    if (maturity <= start) err('Tanggal Jatuh Tempo', 'migration.date_order', { field: 'Tanggal Jatuh Tempo', other: 'Tanggal Mulai' });
    if (next <= start || next > maturity) err('Tanggal Bunga Berikutnya', 'migration.next_interest_outside', {});
    if (start > today) err('Tanggal Mulai', 'migration.date_future', { field: 'Tanggal Mulai' });
    return {
      product_id: p.id,
      amount: t.amount,
      tenor,
      rate,
      start_date: start,
      maturity_date: maturity,
      next_interest_date: next,
      rollover: (t.rollover as string | null)?.toUpperCase() ?? 'NONE',
      terms_version: p.termsVersion,
      old_number: t.oldAccountNumber,
    };
  };
}

function loansRow(today: string): RowCheck {
  return (_n, t, p, err) => {
    const amount = dec(String(t.amount));
    const paid = dec(String(t.principalPaid ?? '0'));
    const arrP = dec(String(t.arrearsPrincipal ?? '0'));
    const arrI = dec(String(t.arrearsInterest ?? '0'));
    const tenor = Number(t.tenor);
    const remaining = Number(t.remainingTenor);
    if (amount.lte(0)) err('Plafon', 'migration.cell_not_positive', { field: 'Plafon' });
    if (tenor < 1 || tenor > 360) err('Jangka Waktu', 'migration.cell_not_integer', { field: 'Jangka Waktu', value: tenor });
    if (paid.gt(amount)) err('Pokok Terbayar', 'migration.loan_overpaid', { paid: paid.toFixed(2), amount: amount.toFixed(2) });
    const outstanding = amount.minus(paid);
    if (paid.lte(amount) && outstanding.eq(0)) err('Pokok Terbayar', 'migration.loan_paid_off', {});
    if (arrP.gt(outstanding) && paid.lte(amount)) err('Tunggakan Pokok', 'migration.loan_arrears_too_big', {});
    if (outstanding.minus(arrP).gt(0) && remaining < 1) err('Sisa Angsuran', 'migration.loan_remaining_tenor', {});
    const hasArrears = arrP.gt(0) || arrI.gt(0);
    const first = tenor - remaining - (hasArrears ? 1 : 0) + 1;
    if (first < 1) err('Sisa Angsuran', 'migration.loan_tenor_exceeded', { tenor });
    else if (first === 1 && paid.gt(0) && paid.lte(amount)) err('Pokok Terbayar', 'migration.loan_paid_without_installment', {});
    if (String(t.nextDueDate) <= today) err('Jatuh Tempo Berikutnya', 'migration.date_not_future', { field: 'Jatuh Tempo Berikutnya' });
    if (String(t.releaseDate) > today) err('Tanggal Pencairan', 'migration.date_future', { field: 'Tanggal Pencairan' });
    const rate = t.rate ?? p.loanRate;
    if (rate === null) err('Bunga Per Bulan', 'validation.required', { field: 'Bunga Per Bulan' });
    return {
      product_id: p.id,
      amount: amount.toFixed(2),
      principal_paid: paid.toFixed(2),
      outstanding: outstanding.toFixed(2),
      arrears_principal: arrP.toFixed(2),
      arrears_interest: arrI.toFixed(2),
      tenor,
      remaining_tenor: remaining,
      first_number: first,
      rate,
      release_date: t.releaseDate,
      next_due_date: t.nextDueDate,
      terms_version: p.termsVersion,
      receivable_coa_id: p.control,
      old_number: t.oldAccountNumber,
    };
  };
}

async function stageAccounts(tx: Tx, buf: Buffer, type: MigrationType, lang: Lang, today: string): Promise<StagedRow[]> {
  const columns = SHEET_COLUMNS[type];
  const products = await productsOf(tx, type);
  const check = type === 'SAVINGS' ? savingsRow : type === 'DEPOSITS' ? depositsRow(today) : loansRow(today);
  let pos: Map<string, number> | null = null;
  const out: StagedRow[] = [];
  let n = 0;
  for await (const values of sheetRows(buf)) {
    if (!pos) {
      pos = headerMap(values, columns);
      const missing = columns.filter((c) => c.required && !pos!.has(c.key)).map((c) => c.header);
      if (missing.length) throw badRequest('MIGRATION_BAD_HEADER', 'migration.bad_header', { columns: missing.join(', ') });
      continue;
    }
    n += 1;
    const { data, typed, errors } = readCells(n, values, columns, pos, lang);
    const err = (column: string, key: string, params: object = {}) =>
      errors.push({ row: n, column, message: translate(key, lang, { field: column, ...params }) });
    let value: Record<string, unknown> | null = null;
    const code = typed.productCode as string | null;
    const p = code ? products.get(code.toUpperCase()) : undefined;
    if (code && !p) err('Kode Produk', 'migration.product_unknown', { value: code });
    if (p && !p.control) err('Kode Produk', 'migration.product_gl_missing', { value: code });
    if (p && !errors.length) value = check(n, typed, p, err);
    const amount = type === 'SAVINGS' ? typed.balance : type === 'DEPOSITS' ? typed.amount : (value?.outstanding ?? null);
    out.push({
      n,
      data,
      value: errors.length ? null : value,
      errors,
      cif: (typed.cifNumber as string | null) ?? null,
      amount: amount === null || amount === undefined ? null : String(amount),
    });
    if (out.length > MIGRATION_MAX_ROWS)
      throw badRequest('MIGRATION_TOO_MANY_ROWS', 'migration.too_many_rows', { max: MIGRATION_MAX_ROWS });
  }
  if (!pos || !out.length) throw badRequest('MIGRATION_FILE_EMPTY', 'migration.file_empty');
  return out;
}

/** Reads and checks every row of the file (no writes). */
export async function readRows(tx: Tx, ctx: Ctx, type: MigrationType, buf: Buffer, today: string): Promise<StagedRow[]> {
  if (type === 'MEMBERS') return stageMembers(buf, await memberLookup(tx, ctx, today, null));
  return stageAccounts(tx, buf, type, ctx.lang, today);
}
