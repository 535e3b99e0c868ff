/**
 * Helpers for reading member spreadsheets: a quick row count of the first
 * worksheet straight from the zip (so a file over the row limit is refused
 * before anything is saved, and the progress bar knows its total), and the
 * conversion of cell values to the text the member schema validates.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

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

/**
 * Rows holding at least one value in the first worksheet (header included),
 * counted from the raw XML without building cells. Throws on a broken file.
 */
export async function countSheetRows(buf: Buffer): Promise<number> {
  const entries = centralDirectory(buf);
  const sheet = entries.find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!sheet) throw new Error('no worksheet');
  const p = sheet.localOffset;
  if (buf.readUInt32LE(p) !== 0x04034b50) throw new Error('bad zip entry');
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const data = buf.subarray(start, start + sheet.compressedSize);
  const source = sheet.method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw());
  let rows = 0;
  let hasValue = false;
  let carry = '';
  const token = /<row[\s>]|<\/row>|<v>|<v |<is>/g;
  for await (const chunk of source) {
    const text = carry + (chunk as Buffer).toString('latin1');
    token.lastIndex = 0;
    let m: RegExpExecArray | null = token.exec(text);
    let consumed = 0;
    while (m) {
      const t = m[0];
      if (t.startsWith('<row')) hasValue = false;
      else if (t === '</row>') {
        if (hasValue) rows++;
        hasValue = false;
      } else hasValue = true;
      consumed = m.index + t.length;
      m = token.exec(text);
    }
    // Keep a tail that may hold the start of a token cut by the chunk boundary.
    carry = text.slice(Math.max(consumed, text.length - 6));
  }
  return rows;
}

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
