/**
 * The browser-side Excel export opened with exceljs, cell by cell: one header
 * (frozen, filterable), rupiah as numbers with the rupiah format, dates as
 * dates, widths on every column, one total row of the money columns.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook } from '../excel';

interface Row {
  name: string;
  amount: number | string;
  date: string;
}

describe('web Excel export', () => {
  it('writes one header, numbers in a rupiah format, dates, widths, and one total row', async () => {
    const bytes = await buildWorkbook<Row>({
      fileName: 'anggota',
      title: 'Daftar Setoran',
      subtitle: 'November 2026',
      columns: [
        { header: 'Nama', value: 'name' },
        { header: 'Nominal', value: 'amount', type: 'money' },
        { header: 'Tanggal', value: 'date', type: 'date' },
      ],
      rows: [
        { name: 'Budi', amount: 1_500_000.5, date: '2026-11-02' },
        { name: 'Wati', amount: '250000.25', date: '2026-11-03' },
      ],
      totalLabel: 'Total',
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.worksheets[0]!;
    const values = (r: number) => [1, 2, 3].map((c) => ws.getRow(r).getCell(c).value);
    expect(values(1)[0]).toBe('Daftar Setoran');
    expect(values(4)).toEqual(['Nama', 'Nominal', 'Tanggal']);
    let headers = 0;
    for (let r = 1; r <= ws.rowCount; r++) if (values(r)[0] === 'Nama') headers++;
    expect(headers).toBe(1);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(values(5)).toEqual(['Budi', 1_500_000.5, new Date('2026-11-02T00:00:00Z')]);
    expect(values(6)[1]).toBe(250_000.25);
    expect(ws.getRow(5).getCell(2).numFmt).toMatch(/"Rp"/);
    expect(ws.getRow(5).getCell(2).numFmt).toContain('#,##0.00');
    expect(ws.getRow(5).getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(values(7)).toEqual(['Total', 1_750_000.75, null]);
    expect(ws.getRow(7).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(7);
    for (let c = 1; c <= 3; c++) expect(ws.getColumn(c).width).toBeGreaterThan(0);
  });
});
