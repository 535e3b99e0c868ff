/**
 * Helpers for reading member spreadsheets: a quick row count of the first
 * worksheet straight from the zip (so a file over the row limit is refused
 * before anything is saved, and the progress bar knows its total), a fast
 * streaming reader of that worksheet's cell values, and the conversion of
 * cell values to the text the member schema validates.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Limits of what a member spreadsheet may expand to, enforced while it is
 * inflated (a zip's declared sizes are not trusted): a few KB of zip can hold
 * a 150 MB cell. The template's 100,000 rows take about 60 MB of sheet XML.
 */
/** Uncompressed bytes of the worksheet. */
export const MAX_SHEET_BYTES = 256 * 1024 * 1024;
/** Uncompressed bytes of each other part read whole (shared strings, styles, workbook). */
export const MAX_PART_BYTES = 32 * 1024 * 1024;
/** Characters of one cell (longer than any member field allows). */
export const MAX_CELL_CHARS = 1000;
/** Bytes of one row's XML (its cells, with their markup). */
export const MAX_ROW_BYTES = 256 * 1024;

/** The file expands beyond one of the limits above. */
export class SheetLimitError extends Error {
  constructor(
    readonly kind: 'SIZE' | 'CELL',
    readonly limit: number,
  ) {
    super(kind === 'SIZE' ? `worksheet larger than ${limit} bytes` : `cell longer than ${limit} characters`);
    this.name = 'SheetLimitError';
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function centralDirectory(buf: Buffer): ZipEntry[] {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let k = 0; k < count && p + 46 <= buf.length; k++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip directory');
    const nameLen = buf.readUInt16LE(p + 28);
    out.push({
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** True when the buffer starts like a zip (xlsx) file. */
export function looksLikeXlsx(buf: Buffer): boolean {
  return buf.length > 30 && buf.readUInt32LE(0) === 0x04034b50;
}

/** The first worksheet of the workbook, in the zip's order (the one the upload reads and counts). */
function firstSheet(entries: ZipEntry[]): ZipEntry {
  const sheet = entries.find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

/** The stored bytes of an entry (still compressed when its method is 8). */
function entryBytes(buf: Buffer, e: ZipEntry): Buffer {
  const p = e.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) throw new Error('bad zip entry');
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  if (start + e.compressedSize > buf.length) throw new Error('truncated zip entry');
  if (e.method !== 0 && e.method !== 8) throw new Error(`unsupported zip compression ${e.method}`);
  return buf.subarray(start, start + e.compressedSize);
}

/** An entry as a stream of its uncompressed bytes, in chunks of 256 KB, stopped (SheetLimitError) beyond MAX_SHEET_BYTES. */
async function* entryStream(buf: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const data = entryBytes(buf, e);
  const source = e.method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw({ chunkSize: 256 * 1024 }));
  let total = 0;
  try {
    for await (const chunk of source) {
      total += (chunk as Buffer).length;
      if (total > MAX_SHEET_BYTES) throw new SheetLimitError('SIZE', MAX_SHEET_BYTES);
      yield chunk as Buffer;
    }
  } finally {
    source.destroy();
  }
}

/** A small entry (shared strings, styles, workbook) as text; '' when the workbook has none; at most MAX_PART_BYTES. */
function entryText(buf: Buffer, entries: ZipEntry[], name: string): string {
  const e = entries.find((x) => x.name === name);
  if (!e) return '';
  const data = entryBytes(buf, e);
  if (e.method === 0) {
    if (data.length > MAX_PART_BYTES) throw new SheetLimitError('SIZE', MAX_PART_BYTES);
    return data.toString('utf8');
  }
  try {
    return inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES }).toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SheetLimitError('SIZE', MAX_PART_BYTES);
    throw err;
  }
}

/** Refuses (SheetLimitError) a shared string longer than MAX_CELL_CHARS. */
function checkSharedStrings(shared: string[]): void {
  for (const s of shared) if (s.length > MAX_CELL_CHARS) throw new SheetLimitError('CELL', MAX_CELL_CHARS);
}

/**
 * Rows holding at least one value in the first worksheet (header included),
 * counted from the raw XML without building cells. Throws on a broken file.
 */
export async function countSheetRows(buf: Buffer): Promise<number> {
  const entries = centralDirectory(buf);
  // The limits are checked here, in the upload request, so a file that expands too far is refused at once.
  checkSharedStrings(sharedStrings(entryText(buf, entries, 'xl/sharedStrings.xml')));
  const source = entryStream(buf, firstSheet(entries));
  // A row counts when a value (<v>, or <is> for inline text) stands between its start and its </row>;
  // searched in the bytes with Buffer.indexOf, without decoding the text.
  let rows = 0;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const text = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let from = 0;
    for (let end = text.indexOf(ROW_END, from); end >= 0; end = text.indexOf(ROW_END, from)) {
      // From the previous </row>: the row, and before it only empty (self-closing) rows or the sheet's head.
      const row = text.subarray(from, end);
      if (row.includes(V_OPEN) || row.includes(V_ATTRS) || row.includes(IS_OPEN)) rows++;
      from = end + ROW_END.length;
    }
    carry = text.subarray(from);
    if (carry.length > MAX_ROW_BYTES) throw new SheetLimitError('CELL', MAX_CELL_CHARS);
  }
  return rows;
}
const ROW_END = Buffer.from('</row>');
const V_OPEN = Buffer.from('<v>');
const V_ATTRS = Buffer.from('<v ');
const IS_OPEN = Buffer.from('<is>');

/** Text of a cell value as exceljs gives it (string, number, Date, rich text, hyperlink, formula result). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    if (o.error) return '';
  }
  return String(v).trim();
}

/** A date cell or text (YYYY-MM-DD, DD/MM/YYYY, DD-MM-YYYY, an Excel serial number) as YYYY-MM-DD; other text unchanged. */
export function cellDate(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' && v > 0 && v < 2_958_466) {
    return new Date(Date.UTC(1899, 11, 30) + Math.round(v) * 86_400_000).toISOString().slice(0, 10);
  }
  const s = cellText(v);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(s);
  if (ymd) return `${ymd[1]}-${ymd[2].padStart(2, '0')}-${ymd[3].padStart(2, '0')}`;
  return s;
}

/** Digits typed in a number cell: exact below 2^53, else null (the cell must be text). */
export function cellDigits(v: unknown): string | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : null;
  return cellText(v);
}

// ---------------------------------------------------------------- reading the cells

/**
 * Number formats Excel knows by id (as exceljs knows them); a number cell
 * whose format is a date format reads as a Date, like exceljs reads it.
 */
const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** A date or time format: date letters outside quotes and brackets (the rule exceljs applies). */
export function isDateFormat(fmt: string): boolean {
  return /[ymdhMsb]/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}
/** XML text to a string: the five named entities and numeric character references. */
export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g, (_, hex?: string, dec?: string, name?: string) =>
    hex ? codePoint(Number.parseInt(hex, 16)) : dec ? codePoint(Number(dec)) : ENTITIES[name!],
  );
}

function attr(attrs: string, re: RegExp): string | undefined {
  const m = re.exec(attrs);
  return m ? decodeXml(m[1] ?? m[2]) : undefined;
}
const A_NUMFMT_ID = /(?:^|\s)numFmtId=(?:"([^"]*)"|'([^']*)')/;
const A_FORMAT_CODE = /(?:^|\s)formatCode=(?:"([^"]*)"|'([^']*)')/;

/** The text of a string item (<si>, <is>): its <t>, or its rich text runs joined; not the phonetic guide. */
function itemText(inner: string): string {
  if (inner.includes('<rPh')) inner = inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  const t = /<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g;
  let s = '';
  for (let m = t.exec(inner); m; m = t.exec(inner)) if (m[1]) s += m[1];
  return decodeXml(s);
}

function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  const si = /<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g;
  for (let m = si.exec(xml); m; m = si.exec(xml)) out.push(m[1] ? itemText(m[1]) : '');
  return out;
}

/** Per cell style (cellXfs index): does a number in it read as a date. */
function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b([^>]*)>/g)) {
    const id = attr(m[1], A_NUMFMT_ID);
    const code = attr(m[1], A_FORMAT_CODE);
    if (id !== undefined && code !== undefined) custom.set(Number(id), code);
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml);
  const out: boolean[] = [];
  for (const m of xfs ? xfs[1].matchAll(/<xf\b([^>]*)>/g) : []) {
    const id = Number(attr(m[1], A_NUMFMT_ID) ?? 0);
    const fmt = id ? (custom.get(id) ?? BUILTIN_FORMATS[id]) : undefined;
    out.push(fmt ? isDateFormat(fmt) : false);
  }
  return out;
}

/** An Excel serial number as a Date (1900 or 1904 date system), as exceljs converts it. */
function excelDate(v: number, date1904: boolean): Date {
  return new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

const V = /<v\b[^>]*?(?:\/>|>([\s\S]*?)<\/v>)/;
const IS = /<is\b[^>]*?(?:\/>|>([\s\S]*?)<\/is>)/;

interface SheetContext {
  shared: string[];
  dates: boolean[];
  date1904: boolean;
}

/**
 * One cell's value as exceljs's streaming reader gives it: a string (shared,
 * inline or formula text; rich text joined), a number, a Date (a number in a
 * date format), a boolean, `{ error }`, or `{ result }` for a formula (its
 * cached result, text or number). A formula without a cached result is empty.
 */
function cellValue(t: string | undefined, style: number, inner: string, cx: SheetContext): unknown {
  if (t === 'inlineStr') {
    const is = IS.exec(inner);
    return is ? itemText(is[1] ?? '') : undefined;
  }
  const vm = V.exec(inner);
  const v = vm ? (vm[1] ?? '') : undefined;
  if (inner.includes('<f')) {
    if (v === undefined) return undefined;
    return { result: t === 'str' ? decodeXml(v) : Number.parseFloat(v) };
  }
  if (v === undefined) return undefined;
  switch (t) {
    case 's':
      return cx.shared[Number.parseInt(v, 10)];
    case 'str':
      return decodeXml(v);
    case 'b':
      return Number.parseInt(v, 10) !== 0;
    case 'e':
      return { error: v };
    case 'd': {
      const d = new Date(v);
      return Number.isNaN(d.getTime()) ? decodeXml(v) : d;
    }
    default: {
      const num = Number.parseFloat(v);
      return style && cx.dates[style] ? excelDate(num, cx.date1904) : num;
    }
  }
}

/** The attributes of a cell's start tag that matter, read without building strings (one object, reused). */
const tag = { col: 0, type: undefined as string | undefined, style: 0 };

/** Reads the attributes r (its column letters), t and s between `from` and `to` (a cell's start tag). */
function readCellTag(xml: string, from: number, to: number): void {
  tag.col = 0;
  tag.type = undefined;
  tag.style = 0;
  let i = from;
  while (i < to) {
    if (xml.charCodeAt(i) <= 32) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < to && xml.charCodeAt(i) !== 61 && xml.charCodeAt(i) > 32) i++;
    const nameEnd = i;
    while (i < to && xml.charCodeAt(i) <= 32) i++;
    if (i >= to || xml.charCodeAt(i) !== 61) continue;
    i++;
    while (i < to && xml.charCodeAt(i) <= 32) i++;
    const quote = xml.charCodeAt(i);
    if (quote !== 34 && quote !== 39) continue;
    const start = i + 1;
    const end = xml.indexOf(quote === 34 ? '"' : "'", start);
    if (end < 0 || end >= to) return;
    i = end + 1;
    if (nameEnd - nameStart !== 1) continue;
    const name = xml.charCodeAt(nameStart);
    if (name === 114) {
      // r="AB12": the column from the letters
      let col = 0;
      for (let k = start; k < end; k++) {
        const ch = xml.charCodeAt(k) | 0x20;
        if (ch < 97 || ch > 122) break;
        col = col * 26 + ch - 96;
      }
      tag.col = col;
    } else if (name === 116) tag.type = decodeXml(xml.slice(start, end));
    else if (name === 115) tag.style = Number(xml.slice(start, end)) || 0;
  }
}

/** Is the character after a tag name the end of the name (so '<c' is a cell, not '<col')? */
const endsName = (code: number) => code <= 32 || code === 62 || code === 47;

/** The values of the cells between `from` and `to` (a row's content), or null when none has a value. */
function rowValues(xml: string, from: number, to: number, cx: SheetContext): unknown[] | null {
  const values: unknown[] = [];
  let any = false;
  let col = 0;
  let i = from;
  for (;;) {
    const start = xml.indexOf('<c', i);
    if (start < 0 || start >= to) break;
    const close = xml.indexOf('>', start + 2);
    if (close < 0 || close >= to) break;
    i = close + 1;
    if (!endsName(xml.charCodeAt(start + 2))) continue;
    const empty = xml.charCodeAt(close - 1) === 47;
    readCellTag(xml, start + 2, empty ? close - 1 : close);
    col = tag.col || col + 1;
    if (empty) continue;
    const end = xml.indexOf('</c>', close);
    if (end < 0 || end > to) break;
    i = end + 4;
    if (end === close + 1) continue;
    const v = cellValue(tag.type, tag.style, xml.slice(close + 1, end), cx);
    if (typeof v === 'string' && v.length > MAX_CELL_CHARS) throw new SheetLimitError('CELL', MAX_CELL_CHARS);
    if (v !== undefined) {
      values[col] = v;
      any = true;
    }
  }
  return any ? values : null;
}

/** The rows with a value in `xml` (whole rows only), scanned with indexOf rather than regular expressions. */
function parseRows(xml: string, cx: SheetContext, out: unknown[][]): void {
  let pos = 0;
  for (;;) {
    const start = xml.indexOf('<row', pos);
    if (start < 0) return;
    const close = xml.indexOf('>', start + 4);
    if (close < 0) return;
    pos = close + 1;
    // Not a row (<rowBreaks>), or an empty row (<row r="5"/>).
    if (!endsName(xml.charCodeAt(start + 4)) || xml.charCodeAt(close - 1) === 47) continue;
    const end = xml.indexOf('</row>', close);
    if (end < 0) return;
    pos = end + 6;
    const values = rowValues(xml, close + 1, end, cx);
    if (values) out.push(values);
  }
}

/**
 * The rows of the first worksheet (the one countSheetRows counts), in order,
 * as arrays of cell values indexed by column number (1 = A), like exceljs's
 * `row.values`; rows without any value are left out. The sheet is inflated
 * and scanned as a stream, a chunk of rows at a time, so memory stays flat
 * whatever the number of rows; shared strings and styles are read first.
 * Reads only the cell values: about ten times faster than exceljs's streaming
 * reader, which builds a full cell model for every cell. Throws on a broken file.
 */
export async function* readSheetRows(buf: Buffer): AsyncGenerator<unknown[][]> {
  const entries = centralDirectory(buf);
  const sheet = firstSheet(entries);
  const shared = sharedStrings(entryText(buf, entries, 'xl/sharedStrings.xml'));
  checkSharedStrings(shared);
  const cx: SheetContext = {
    shared,
    dates: dateStyles(entryText(buf, entries, 'xl/styles.xml')),
    date1904: /<workbookPr\b[^>]*?\sdate1904=["'](?:1|true)["']/.test(entryText(buf, entries, 'xl/workbook.xml')),
  };
  const source = entryStream(buf, sheet);
  const decoder = new StringDecoder('utf8');
  let carry = '';
  for await (const chunk of source) {
    const text = carry + decoder.write(chunk as Buffer);
    const end = text.lastIndexOf('</row>');
    if (end < 0) {
      carry = text;
      if (carry.length > MAX_ROW_BYTES) throw new SheetLimitError('CELL', MAX_CELL_CHARS);
      continue;
    }
    const rows: unknown[][] = [];
    parseRows(text.slice(0, end + 6), cx, rows);
    carry = text.slice(end + 6);
    if (carry.length > MAX_ROW_BYTES) throw new SheetLimitError('CELL', MAX_CELL_CHARS);
    if (rows.length) yield rows;
  }
  const rest = carry + decoder.end();
  const rows: unknown[][] = [];
  parseRows(rest, cx, rows);
  if (rows.length) yield rows;
}
