/**
 * Excel exports opened with exceljs and checked cell by cell: one header row
 * (frozen), one total row, rupiah as numeric cells with the rupiah number
 * format, dates as dates, every column with a width. Through the sheet
 * builders the routes use (transactions list, journal list, ledger).
 */
import { dec } from '@koperasi/finance';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, EXPORT_MAX_ROWS, type ExcelSheet, excelRow, MONEY_FORMAT } from '../src/lib/excel.ts';
import { journalListSheet, ledgerSheet } from '../src/modules/reports/ledger-excel.ts';
import { transactionSheet } from '../src/modules/savings/savings.lists.ts';

async function open(sheet: ExcelSheet): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildWorkbook([sheet])) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** Rows as arrays of values (1-based columns → 0-based). */
function grid(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    out.push(Array.from({ length: ws.columnCount }, (_, i) => row.getCell(i + 1).value));
  }
  return out;
}

/** The checks every export passes; answers the header row's number and the total row's. */
function checkLayout(ws: ExcelJS.Worksheet, headers: string[], totalLabel: string) {
  const cells = grid(ws);
  const headerRows = cells.map((r, i) => [r, i + 1] as const).filter(([r]) => headers.every((h, i) => r[i] === h));
  expect(headerRows, 'one header row').toHaveLength(1);
  const headerRow = headerRows[0]![1];
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
  const totalRows = cells.map((r, i) => [r, i + 1] as const).filter(([r]) => r.includes(totalLabel));
  expect(totalRows, 'one total row').toHaveLength(1);
  for (let c = 1; c <= headers.length; c++) expect(ws.getColumn(c).width, `width of column ${c}`).toBeGreaterThan(0);
  // No rupiah written as text anywhere ("Rp 1.000,00" or "1.000,00").
  for (const row of cells) for (const v of row) if (typeof v === 'string') expect(v).not.toMatch(/^(Rp\s?)?-?\d{1,3}(\.\d{3})*,\d{2}$/);
  return { headerRow, totalRow: totalRows[0]![1] };
}

const ctx = { lang: 'id' } as Parameters<typeof transactionSheet>[1];

describe('Excel exports, cell by cell', () => {
  it('the transactions list: one header, one total of in and out (cancelled left out), rupiah numbers, dates as dates', async () => {
    const tx = (over: Record<string, unknown>) =>
      ({
        code: 'TRX1',
        transactionDate: '2026-11-02',
        cifNumber: '2025000001',
        memberName: 'Budi Santoso',
        productName: 'Simpanan Sukarela',
        accountNumber: 'SS.000001',
        activity: 'DEPOSIT',
        kind: 'TOPUP',
        amount: dec('1500000.50'),
        balanceAfter: dec('2500000.50'),
        status: 'POSTED',
        isReversal: false,
        tellerName: 'Siti',
        journalNumber: 'JU/2026/000001',
        ...over,
      }) as never;
    const ws = await open(
      transactionSheet(
        [
          tx({}),
          tx({ code: 'TRX2', kind: 'WITHDRAW', activity: 'WITHDRAWAL', amount: dec('200000'), balanceAfter: dec('2300000.50') }),
          tx({ code: 'TRX3', amount: dec('999'), status: 'CANCELLED' }),
        ],
        ctx,
        ['Koperasi Uji', 'Laporan Transaksi'],
      ),
    );
    const headers = ['Kode', 'Tanggal', 'CIF', 'Anggota', 'Produk', 'Rekening', 'Aktivitas', 'Masuk', 'Keluar', 'Saldo akhir'];
    const { headerRow, totalRow } = checkLayout(ws, headers, 'Total');
    expect(headerRow).toBe(4);
    const first = ws.getRow(headerRow + 1);
    expect(first.getCell(1).value).toBe('TRX1');
    expect(first.getCell(2).value).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(first.getCell(2).numFmt).toBe('dd-mm-yyyy');
    expect(first.getCell(8).value).toBe(1_500_000.5);
    expect(first.getCell(8).numFmt).toBe(MONEY_FORMAT);
    expect(MONEY_FORMAT).toContain('Rp');
    expect(first.getCell(9).value).toBeNull();
    expect(ws.getRow(headerRow + 2).getCell(9).value).toBe(200_000);
    const total = ws.getRow(totalRow);
    expect(totalRow).toBe(headerRow + 4);
    expect(total.getCell(4).value).toBe('Total');
    expect(total.getCell(8).value).toBe(1_500_000.5);
    expect(total.getCell(9).value).toBe(200_000);
    expect(total.getCell(10).value).toBeNull(); // a running balance is not added up
    expect(total.getCell(8).numFmt).toBe(MONEY_FORMAT);
    expect(total.getCell(8).font?.bold).toBe(true);
  });

  it('the journal list and the ledger: the same layout', async () => {
    const journals = [
      {
        date: '2026-11-03',
        number: 'JU/1',
        description: 'Setoran',
        referenceCode: 'R1',
        sourceModule: 'SAVING',
        status: 'POSTED',
        totalAmount: 100_000,
      },
      {
        date: '2026-11-04',
        number: 'JU/2',
        description: 'Biaya',
        referenceCode: 'R2',
        sourceModule: 'MANUAL',
        status: 'POSTED',
        totalAmount: 50_000.25,
      },
    ] as never;
    const js = journalListSheet('Jurnal Umum', journals, dec('150000.25'), 'id', 'Koperasi Uji', { start: '2026-11-01' });
    const ws = await open(js);
    const { headerRow, totalRow } = checkLayout(
      ws,
      js.columns.map((c) => c.header),
      'Total',
    );
    expect(ws.getRow(headerRow + 1).getCell(1).value).toBeInstanceOf(Date);
    expect(ws.getRow(totalRow).getCell(7).value).toBe(150_000.25);
    expect(ws.getRow(totalRow).getCell(7).numFmt).toBe(MONEY_FORMAT);

    const ledger = {
      account: { code: '10101', name: 'Kas' },
      start: '2026-11-01',
      end: '2026-11-30',
      openingBalance: dec('1000'),
      closingBalance: dec('1500'),
      totalDebit: dec('500'),
      totalCredit: dec('0'),
      content: [
        {
          date: '2026-11-05',
          number: 'JU/3',
          coaCode: '10101',
          description: 'Setor',
          referenceCode: null,
          debit: 500,
          credit: 0,
          balance: 1500,
        },
      ],
    } as never;
    const ls = ledgerSheet(ledger, 'id', 'Koperasi Uji');
    const wl = await open(ls);
    const l = checkLayout(
      wl,
      ls.columns.map((c) => c.header),
      'Total',
    );
    expect(wl.getRow(l.headerRow + 2).getCell(1).value).toEqual(new Date('2026-11-05T00:00:00Z'));
    expect(wl.getRow(l.totalRow).getCell(6).value).toBe(500);
  });

  it('the row limit counts data rows: 100,000 with their opening, total and closing lines build; one more is refused before anything is written', async () => {
    const sheet = (n: number): ExcelSheet => ({
      name: 'Buku Besar',
      columns: [
        { key: 'description', header: 'Keterangan' },
        { key: 'amount', header: 'Jumlah', format: 'money' },
      ],
      rows: [
        excelRow.muted({ description: 'Saldo awal', amount: dec('0') }),
        ...Array.from({ length: n }, (_, i) => ({ description: `Setoran ${i + 1}`, amount: dec('1000.5') })),
        excelRow.total({ description: 'Total', amount: dec('1000.5').times(n) }),
        excelRow.subtotal({ description: 'Saldo akhir', amount: dec('1000.5').times(n) }),
      ],
    });
    const refused = await buildWorkbook([sheet(EXPORT_MAX_ROWS + 1)]).catch((e: unknown) => e);
    expect(refused).toMatchObject({ errorCode: 'EXPORT_TOO_MANY_ROWS', statusCode: 422, params: { max: EXPORT_MAX_ROWS } });
    const ws = await open(sheet(EXPORT_MAX_ROWS));
    expect(ws.rowCount).toBe(1 + 1 + EXPORT_MAX_ROWS + 2); // header, opening, data, total, closing
    expect(ws.getRow(ws.rowCount - 1).getCell(2).value).toBe(100_050_000);
  }, 60_000);
});
