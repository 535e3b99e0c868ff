/**
 * The member upload's sheet reader (members.xlsx.ts readSheetRows) against
 * exceljs's streaming reader, which the upload used before: for every cell of
 * workbooks written in the ways exceljs writes them (shared strings, inline
 * strings, styles, dates, formulas, rich text, hyperlinks, sparse cells, the
 * 1904 date system, multi-byte text across the inflate chunks), the text, date
 * and digits the upload takes from a cell are the same.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ageOn as serviceAgeOn } from '../src/modules/members/members.rules.ts';
import { ageOn } from '../src/modules/members/members.upload.rows.ts';
import {
  cellDate,
  cellDigits,
  cellText,
  countSheetRows,
  decodeXml,
  isDateFormat,
  readSheetRows,
} from '../src/modules/members/members.xlsx.ts';

/** What the upload takes from a cell: text, date text and digits (null: the spreadsheet rounded the number). */
const seen = (v: unknown) => [cellText(v), cellDate(v), cellDigits(v)];
/** A row as the upload sees it; an empty cell and no cell are the same, so trailing empty cells are left out. */
function seenRow(values: unknown[]): unknown[][] {
  const out = Array.from(values, (v) => seen(v));
  while (out.length && out[out.length - 1].every((x) => x === '')) out.pop();
  return out;
}

async function withExceljs(buf: Buffer): Promise<unknown[][][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const out: unknown[][][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values ?? []) as unknown[];
      if (!values.some((v) => cellText(v) !== '')) continue;
      out.push(seenRow(values));
    }
    break;
  }
  return out;
}

async function withReader(buf: Buffer): Promise<unknown[][][]> {
  const out: unknown[][][] = [];
  for await (const rows of readSheetRows(buf)) {
    for (const values of rows) {
      if (!values.some((v) => cellText(v) !== '')) continue;
      out.push(seenRow(values));
    }
  }
  return out;
}

const NAMES = [
  'Budi Santoso',
  'Siti Rahmawati',
  'Ñoño & <Putra> "Jaya"',
  "Dewi 'Ayu'",
  '  spasi  di tepi  ',
  'Ẓahra 🌺 Nur',
  'Tab\tdan baris\nbaru',
];

/**
 * A data row with every kind of cell. `rich`: rich text in a cell (exceljs's
 * streaming reader keeps only the last run of rich inline text, so the
 * streamed workbooks leave it out; the reader joins the runs, see below).
 */
function sampleRow(i: number, rich = true): unknown[] {
  return [
    i % 5 === 0 ? `A-${i}` : '',
    NAMES[i % NAMES.length] + (i % 3 ? '' : ` ${'ä'.repeat(i % 7)}`),
    i % 2 ? 'L' : 'P',
    'Bandung',
    i % 4 === 0 ? new Date(Date.UTC(1960 + (i % 40), i % 12, 1 + (i % 28))) : `${1960 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`,
    i % 6 === 0 ? 81234567000 + i : `0812${String(i).padStart(8, '0')}`,
    'KTP',
    i % 7 === 0 ? 3174011203850000 + i : i % 11 === 0 ? Number('9474011203850777') : `3174${String(i).padStart(12, '0')}`,
    null,
    `Jl. Merdeka No. ${i}, RT 0${i % 9}/RW 0${i % 7}`,
    i % 8 === 0 && rich ? { richText: [{ text: 'Peda' }, { font: { bold: true }, text: 'gang' }] } : 'Petani',
    i % 9 === 0 ? 'CALON' : 'ANGGOTA',
    i % 10 === 0 ? { formula: 'DATE(2022,7,1)', result: new Date(Date.UTC(2022, 6, 1)) } : '2022-07-01',
    i % 3 === 0 ? 1500000.5 : i % 3 === 1 ? '1.500.000' : { formula: 'N1*2', result: 3000000 },
    i % 12 === 0 ? { text: 'Kelompok Mawar', hyperlink: 'https://koperasi.test/k' } : undefined,
    i % 13 === 0 ? true : undefined,
    i % 14 === 0 ? { error: '#N/A' } : undefined,
    i % 15 === 0 ? { formula: 'CONCATENATE("a","b")', result: 'ab' } : undefined,
    i % 4 === 1 ? 'BDG' : '',
    i % 17 === 0 ? 12.75 : undefined,
  ];
}

async function regularWorkbook(rows: number, opts: { date1904?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (opts.date1904) wb.properties.date1904 = true;
  const ws = wb.addWorksheet('Anggota');
  ws.addRow(['ID Anggota', 'Nama Lengkap*', 'Jenis Kelamin*', 'Tempat Lahir', 'Tanggal Lahir*', 'No. Ponsel*', 'x', 'No. Identitas*']);
  ws.getColumn(8).numFmt = '@';
  ws.getColumn(13).numFmt = 'dd/mm/yyyy';
  ws.getColumn(20).numFmt = '[h]:mm';
  for (let i = 1; i <= rows; i++) {
    ws.addRow(sampleRow(i));
    if (i % 50 === 0) ws.addRow([]);
  }
  // A cell far to the right, and one alone in its row.
  ws.getCell('AD5').value = 'jauh';
  ws.getCell(`C${rows + 60}`).value = 'sendiri';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function streamedWorkbook(rows: number, useSharedStrings: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings });
  const ws = wb.addWorksheet('Anggota');
  ws.getColumn(5).numFmt = 'yyyy-mm-dd';
  ws.addRow(['ID Anggota', 'Nama Lengkap*']).commit();
  for (let i = 1; i <= rows; i++) ws.addRow(sampleRow(i, useSharedStrings)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe('member upload sheet reader', () => {
  it('reads what exceljs reads from a workbook with shared strings, styles, dates, formulas and rich text', async () => {
    const buf = await regularWorkbook(3000);
    const [a, b] = [await withExceljs(buf), await withReader(buf)];
    expect(a.length).toBe(3000 + 1);
    expect(b).toEqual(a);
    expect(await countSheetRows(buf)).toBe(a.length);
    expect(b[4][30]).toEqual(['jauh', 'jauh', 'jauh']); // AD5
  });

  it('reads what exceljs reads from streamed workbooks, with inline or shared strings', async () => {
    for (const shared of [false, true]) {
      const buf = await streamedWorkbook(2500, shared);
      const [a, b] = [await withExceljs(buf), await withReader(buf)];
      expect(a.length).toBe(2501);
      expect(b).toEqual(a);
    }
  });

  it('reads dates of the 1904 date system as exceljs does', async () => {
    const buf = await regularWorkbook(40, { date1904: true });
    const b = await withReader(buf);
    expect(b).toEqual(await withExceljs(buf));
    // Row 4 has a birth date cell (a Date): the same day whatever the date system.
    expect(b[4][5]).toEqual(['1964-05-05', '1964-05-05', '1964-05-05']);
  });

  it('gives the values the upload validates: text trimmed, numbers exact or refused, dates as days', async () => {
    const buf = await regularWorkbook(20);
    const rows: unknown[][] = [];
    for await (const chunk of readSheetRows(buf)) rows.push(...chunk);
    expect(rows[3][2]).toBe("Dewi 'Ayu' äää"); // a shared string with an apostrophe and multi-byte letters
    expect(rows[2][2]).toBe('Ñoño & <Putra> "Jaya"');
    expect(rows[4][5]).toEqual(new Date(Date.UTC(1964, 4, 5))); // a date cell
    expect(rows[7][8]).toBe(3174011203850007); // an exact number typed in the NIK column
    expect(cellDigits(rows[11][8])).toBeNull(); // beyond 2^53: the spreadsheet already lost digits
    expect(cellText(rows[8][11])).toBe('Pedagang'); // rich text joined
    expect(rows[10][13]).toEqual({ result: 44743 }); // a formula's cached result (a date: the serial number, as exceljs reads it)
    expect(cellText(rows[14][17])).toBe(''); // an error cell reads empty
    expect(rows[4][2]).toBe('  spasi  di tepi  '); // read as typed
    expect(cellText(rows[4][2])).toBe('spasi  di tepi'); // and trimmed for the upload
  });

  it('joins the runs of rich inline text, which exceljs cut to the last run', async () => {
    const buf = await streamedWorkbook(8, false);
    const rows: unknown[][] = [];
    for await (const chunk of readSheetRows(buf)) rows.push(...chunk);
    expect(rows[8][11]).toBe('Petani');
    const withRich = await (async () => {
      const chunks: Buffer[] = [];
      const out = new PassThrough();
      out.on('data', (c: Buffer) => chunks.push(c));
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
      const ws = wb.addWorksheet('Anggota');
      ws.addRow([{ richText: [{ text: 'Peda' }, { font: { bold: true }, text: 'gang' }] }]).commit();
      ws.commit();
      await wb.commit();
      return Buffer.concat(chunks);
    })();
    const [[, only]] = await withReader(withRich);
    expect(only).toEqual(['Pedagang', 'Pedagang', 'Pedagang']);
  });

  it('decodes XML text and recognises date formats as exceljs does', () => {
    expect(decodeXml('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42; &#x1F33A;')).toBe('a & b <c> "d" \'e\' AB 🌺');
    expect(decodeXml('&#0; &#x110000;')).toBe(' ');
    for (const f of ['yyyy-mm-dd', 'dd/mm/yyyy', 'd-mmm-yy', 'h:mm', '[h]:mm:ss', 'mm-dd-yy']) expect(isDateFormat(f)).toBe(true);
    for (const f of ['General', '0.00', '#,##0', '@', '"Rp"#,##0', '[Red]0.00', '0.00E+00']) expect(isDateFormat(f)).toBe(false);
  });

  it('computes ages as POST member does (the minimum age rule)', () => {
    const day = (k: number) => new Date(Date.UTC(1950, 0, 1) + k * 86_400_000).toISOString().slice(0, 10);
    for (let k = 0; k < 3000; k++) {
      const birth = day((k * 7919) % 27000);
      const on = day((k * 104729) % 30000);
      expect(ageOn(birth, on)).toBe(serviceAgeOn(birth, on));
    }
    expect(ageOn('2008-03-05', '2025-03-04')).toBe(16);
    expect(ageOn('2008-03-05', '2025-03-05')).toBe(17);
  });

  it('refuses a broken file', async () => {
    const buf = await regularWorkbook(10);
    const broken = Buffer.from(buf);
    broken.fill(0, broken.length - 200);
    await expect(
      (async () => {
        for await (const _ of readSheetRows(broken)) void _;
      })(),
    ).rejects.toThrow();
  });
});
