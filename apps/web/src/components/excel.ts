/**
 * Excel workbooks in the browser (exceljs, loaded only when a user exports):
 * a title row, one formatted header (bold, primary fill, frozen, filter),
 * rupiah columns as numbers with the rupiah format `"Rp" #,##0.00` so sums
 * still work, dates as real dates, every column with a width, and with
 * `totalLabel` one total row summing the money columns (whole cents).
 */
export type ExcelColumnType = 'text' | 'money' | 'number' | 'percent' | 'date' | 'datetime';

export interface ExcelColumn<T> {
  header: string;
  /** Property of the row, or a function for computed cells. */
  value: keyof T | ((row: T) => unknown);
  type?: ExcelColumnType;
  /** Width in characters. */
  width?: number;
}

export interface ExcelSheet<T> {
  fileName: string;
  sheetName?: string;
  /** Line above the table (report name, period). */
  title?: string;
  subtitle?: string;
  columns: ExcelColumn<T>[];
  rows: T[];
  /** Header fill, ARGB without '#'. */
  headerColor?: string;
  /** Add one total row with this label (first column) and the sums of the money columns. */
  totalLabel?: string;
}

const FORMATS: Record<ExcelColumnType, string | undefined> = {
  text: undefined,
  money: '"Rp" #,##0.00;[Red]-"Rp" #,##0.00',
  number: '#,##0.##',
  percent: '0.00##"%"',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

function cellValue(v: unknown, type: ExcelColumnType): unknown {
  if (v === null || v === undefined || v === '') return null;
  if (type === 'money' || type === 'number' || type === 'percent') {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  if (type === 'date' || type === 'datetime') {
    const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : new Date(v as string);
    return Number.isNaN(d.getTime()) ? String(v) : d;
  }
  return typeof v === 'object' ? JSON.stringify(v) : v;
}

/** The workbook as bytes. */
export async function buildWorkbook<T>(sheet: ExcelSheet<T>): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Koperasi';
  wb.created = new Date();
  const ws = wb.addWorksheet((sheet.sheetName ?? 'Data').slice(0, 31));
  let headerRow = 1;
  if (sheet.title) {
    ws.addRow([sheet.title]).font = { bold: true, size: 14 };
    if (sheet.subtitle) ws.addRow([sheet.subtitle]).font = { italic: true, color: { argb: 'FF5E6B64' } };
    ws.addRow([]);
    headerRow = ws.rowCount + 1;
  }
  const header = ws.addRow(sheet.columns.map((c) => c.header));
  header.height = 22;
  header.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${sheet.headerColor ?? '22A45D'}` } };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF1D8B4F' } } };
  });
  for (const row of sheet.rows) {
    ws.addRow(
      sheet.columns.map((c) => {
        const raw = typeof c.value === 'function' ? c.value(row) : row[c.value];
        return cellValue(raw, c.type ?? 'text');
      }),
    );
  }
  if (sheet.totalLabel) {
    const cents = sheet.columns.map(() => 0);
    for (const row of sheet.rows)
      sheet.columns.forEach((c, i) => {
        if (c.type !== 'money') return;
        const v = cellValue(typeof c.value === 'function' ? c.value(row) : row[c.value], 'money');
        if (typeof v === 'number') cents[i]! += Math.round(v * 100);
      });
    const total = ws.addRow(sheet.columns.map((c, i) => (i === 0 ? sheet.totalLabel : c.type === 'money' ? cents[i]! / 100 : null)));
    total.font = { bold: true };
    total.eachCell((cell) => {
      cell.border = { top: { style: 'thin' }, bottom: { style: 'double' } };
    });
  }
  sheet.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width ?? Math.min(48, Math.max(12, c.header.length + 4));
    const fmt = FORMATS[c.type ?? 'text'];
    if (fmt) col.numFmt = fmt;
    if (c.type === 'money' || c.type === 'number' || c.type === 'percent') col.alignment = { horizontal: 'right' };
  });
  ws.views = [{ state: 'frozen', ySplit: headerRow }];
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: sheet.columns.length } };
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function exportToExcel<T>(sheet: ExcelSheet<T>): Promise<void> {
  const bytes = await buildWorkbook(sheet);
  const name = sheet.fileName.endsWith('.xlsx') ? sheet.fileName : `${sheet.fileName}.xlsx`;
  downloadBlob(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
}
