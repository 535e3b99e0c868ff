/**
 * The downloadable workbooks: a template per type with the tenant's products,
 * branches and areas as validation lists (a hidden "Pilihan" sheet), the
 * opening balance sheet from the tenant's COA, and the failed rows of an upload.
 */
import ExcelJS from 'exceljs';
import { type MigrationType, NERACA_COLUMNS, SHEET_COLUMNS, type SheetColumn } from './migration.columns.ts';
import type { CoaRow } from './migration.repo.ts';

const LAST_ROW = 10_000;

function colLetter(i: number): string {
  let s = '';
  for (let n = i; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function header(ws: ExcelJS.Worksheet, columns: SheetColumn[]) {
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const row = ws.getRow(1);
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  columns.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FF2E7D32' : 'FF66BB6A' } };
    cell.note = c.help + (c.required ? ' (wajib)' : '');
    if (!c.kind || c.kind === 'text') ws.getColumn(i + 1).numFmt = '@';
    if (c.kind === 'date') ws.getColumn(i + 1).numFmt = 'yyyy-mm-dd';
    if (c.kind === 'money') ws.getColumn(i + 1).numFmt = '#,##0.00';
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function templateWorkbook(
  type: MigrationType,
  choices: { products: string[]; branches: string[]; areas: string[] },
  sample: unknown[][] = [],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Koperasi';
  const ws = wb.addWorksheet('Data');
  const lists = wb.addWorksheet('Pilihan', { state: 'hidden' });
  const columns = SHEET_COLUMNS[type];
  header(ws, columns);
  const listCols: Record<string, { col: string; n: number }> = {};
  let k = 0;
  const addList = (name: string, values: string[]) => {
    k += 1;
    const col = colLetter(k);
    lists.getCell(`${col}1`).value = name;
    values.forEach((v, i) => {
      lists.getCell(`${col}${i + 2}`).value = v;
    });
    listCols[name] = { col, n: values.length };
  };
  addList('PRODUCT', choices.products);
  addList('BRANCH', choices.branches);
  addList('AREA', choices.areas);
  columns.forEach((c, i) => {
    if (!c.list) return;
    let formula: string;
    if (Array.isArray(c.list)) formula = `"${c.list.join(',')}"`;
    else {
      const l = listCols[c.list];
      if (!l.n) return;
      formula = `Pilihan!$${l.col}$2:$${l.col}$${l.n + 1}`;
    }
    const letter = colLetter(i + 1);
    // exceljs has range validations at run time; its typings only know the per-cell one.
    (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${letter}2:${letter}${LAST_ROW}`,
      {
        type: 'list',
        allowBlank: !c.required,
        formulae: [formula],
        showErrorMessage: true,
        errorTitle: c.header,
        error: c.help,
      },
    );
  });
  for (const r of sample) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The opening balance sheet: every active account of the COA, its current uploaded figures, Debit/Kredit to fill. */
export async function neracaWorkbook(rows: CoaRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Neraca Awal');
  header(ws, NERACA_COLUMNS);
  for (const r of rows) {
    const row = ws.addRow([r.code, r.name, r.type, Number(r.debit) || null, Number(r.credit) || null]);
    if (!r.is_postable) row.font = { bold: true, color: { argb: 'FF888888' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Failed rows as uploaded, with an "Kesalahan" column: fixed and uploaded again. */
export async function failedWorkbook(
  type: MigrationType,
  rows: Array<{ row_number: number; data: Record<string, string>; errors: Array<{ column: string; message: string }> }>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  const columns = SHEET_COLUMNS[type];
  header(ws, [...columns, { key: '_errors', header: 'Kesalahan', width: 60, help: 'Hapus kolom ini tidak wajib' }]);
  for (const r of rows) {
    const row = ws.addRow([...columns.map((c) => r.data[c.key] ?? ''), r.errors.map((e) => `${e.column}: ${e.message}`).join('; ')]);
    columns.forEach((c, i) => {
      if (r.errors.some((e) => e.column === c.header))
        row.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFCDD2' } };
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
