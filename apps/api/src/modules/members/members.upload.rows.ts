/**
 * The rows of a member upload: the template's columns, and the reading and
 * validation of the spreadsheet row by row (the same schema as POST member),
 * with repeats inside the file. Pure computation with no database: it runs in
 * the upload's worker thread (members.upload.worker.ts), or in the calling
 * thread when MEMBER_UPLOAD_WORKER=0; the database checks and the inserts are
 * members.upload.db.ts's.
 *
 * Imports stay light (no database, no server modules) so the worker starts fast.
 */
import { hasMessage, type Lang, MEMBER_UPLOAD_MAX_ROWS, type MemberCreate, memberCreateBody, translate } from '@koperasi/contracts';
import { cellDate, cellDigits, cellText, readSheetRows } from './members.xlsx.ts';

export { MEMBER_UPLOAD_MAX_ROWS };

// ---------------------------------------------------------------- template columns

export interface Column {
  key: string;
  header: string;
  /** Text cell format (digits kept as typed). */
  text?: boolean;
  required?: boolean;
  width: number;
  help: string;
  aliases?: string[];
  choices?: string[];
}

export const UPLOAD_COLUMNS: Column[] = [
  {
    key: 'cifNumber',
    header: 'ID Anggota',
    text: true,
    width: 16,
    help: 'Kosongkan untuk nomor otomatis sesuai pola ID Anggota',
    aliases: ['cif', 'nocif'],
  },
  { key: 'fullName', header: 'Nama Lengkap', required: true, width: 28, help: 'Sesuai KTP', aliases: ['nama', 'namaanggota'] },
  { key: 'gender', header: 'Jenis Kelamin', required: true, width: 14, help: 'L (laki-laki) atau P (perempuan)', choices: ['L', 'P'] },
  { key: 'birthPlace', header: 'Tempat Lahir', width: 16, help: 'Kota/kabupaten lahir' },
  { key: 'birthDate', header: 'Tanggal Lahir', required: true, width: 14, help: 'Tanggal (sel tanggal) atau teks YYYY-MM-DD / DD-MM-YYYY' },
  {
    key: 'phone',
    header: 'No. Ponsel',
    text: true,
    required: true,
    width: 16,
    help: 'Contoh 081234567890 atau +6281234567890',
    aliases: ['nohp', 'ponsel', 'telepon', 'nomorponsel'],
  },
  {
    key: 'identityType',
    header: 'Jenis Identitas',
    width: 14,
    help: 'KTP (bawaan), SIM atau PASSPORT',
    choices: ['KTP', 'SIM', 'PASSPORT'],
  },
  {
    key: 'identityNumber',
    header: 'No. Identitas',
    text: true,
    required: true,
    width: 20,
    help: 'KTP: NIK 16 digit; SIM 12-14 digit; paspor 6-12 huruf/angka',
    aliases: ['nik', 'noktp', 'nomoridentitas'],
  },
  {
    key: 'familyCardNumber',
    header: 'No. Kartu Keluarga',
    text: true,
    width: 20,
    help: '16 digit (boleh kosong)',
    aliases: ['nokk', 'kk'],
  },
  { key: 'address', header: 'Alamat', required: true, width: 36, help: 'Alamat tempat tinggal' },
  { key: 'occupation', header: 'Pekerjaan/Usaha', width: 18, help: 'Pekerjaan atau jenis usaha', aliases: ['pekerjaan', 'usaha'] },
  {
    key: 'memberType',
    header: 'Jenis Anggota',
    width: 16,
    help: 'ANGGOTA (bawaan), NON ANGGOTA atau CALON',
    choices: ['ANGGOTA', 'NON ANGGOTA', 'CALON'],
  },
  { key: 'joinDate', header: 'Tanggal Bergabung', width: 16, help: 'Untuk ANGGOTA; kosong = hari ini' },
  { key: 'loanLimit', header: 'Limit Pinjaman', width: 16, help: 'Rupiah, boleh kosong' },
  { key: 'groupName', header: 'Kelompok', width: 14, help: 'Kelompok/rembug anggota' },
  { key: 'closestFamilyName', header: 'Nama Keluarga Terdekat', width: 24, help: 'Keluarga yang dapat dihubungi' },
  { key: 'closestFamilyRelationship', header: 'Hubungan Keluarga', width: 16, help: 'Contoh: Suami, Istri, Anak, Orang Tua' },
  { key: 'closestFamilyPhone', header: 'No. Ponsel Keluarga', text: true, width: 18, help: 'Boleh kosong' },
  { key: 'branch', header: 'Cabang', width: 14, help: 'Kode atau nama cabang (boleh kosong)' },
  { key: 'area', header: 'Area', width: 14, help: 'Nama area (boleh kosong)' },
];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]/g, '');

const HEADER_INDEX = new Map<string, string>();
for (const c of UPLOAD_COLUMNS) {
  HEADER_INDEX.set(norm(c.header), c.key);
  HEADER_INDEX.set(norm(c.key), c.key);
  for (const a of c.aliases ?? []) HEADER_INDEX.set(a, c.key);
}

// ---------------------------------------------------------------- validation

/** What validating a row needs to know of the tenant (plain data: it is copied to the worker). */
export interface Lookup {
  pattern: string;
  minimumAge: number;
  principalAmount: number;
  branches: Map<string, { id: string; code: string | null }>;
  areas: Map<string, string>;
  lang: Lang;
  today: string;
  /** The uploader when an agent: members outside the agent's scope are not named, and new members are the agent's. */
  agentId?: string | null;
}

/** One data row: its number (1 = the first row under the header), its cells as text, and the member or the reason it cannot be one. */
export interface Candidate {
  n: number;
  data: Record<string, string>;
  error?: string;
  value?: MemberCreate & { branchCode: string | null };
}

/** A failure of the whole file (missing columns, no rows), told with a message key. */
export class UploadError extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
}

const GENDER_WORDS: Record<string, string> = {
  L: 'L',
  LAKILAKI: 'L',
  PRIA: 'L',
  M: 'L',
  MALE: 'L',
  P: 'P',
  PEREMPUAN: 'P',
  WANITA: 'P',
  F: 'P',
  FEMALE: 'P',
};
const TYPE_WORDS: Record<string, string> = {
  ANGGOTA: 'MEMBER',
  MEMBER: 'MEMBER',
  NONANGGOTA: 'NON_MEMBER',
  NONMEMBER: 'NON_MEMBER',
  CALON: 'PROSPECTIVE',
  CALONANGGOTA: 'PROSPECTIVE',
  PROSPECTIVE: 'PROSPECTIVE',
};

export function fieldLabel(key: string, lang: Lang): string {
  const k = `field.${key}`;
  return hasMessage(k) ? translate(k, lang) : key;
}

function issueText(issue: { path: PropertyKey[]; message: string; code: string; input?: unknown }, lang: Lang): string {
  const name = String(issue.path[issue.path.length - 1] ?? '');
  const field = fieldLabel(name, lang);
  if (hasMessage(issue.message)) return translate(issue.message, lang, { field });
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === ''))
    return translate('validation.required', lang, { field });
  return translate('validation.invalid', lang, { field });
}

/** Whole years between a birth date and a day (the rule of POST member, members.service.ts ageOn). */
export function ageOn(birthDate: string, day: string): number {
  // YYYY-MM-DD: years, then month and day compared as one number.
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return years - (Number(day.slice(5, 7) + day.slice(8, 10)) < Number(birthDate.slice(5, 7) + birthDate.slice(8, 10)) ? 1 : 0);
}

/** A template column found in the header: its key, its position in the row's values, and whether it holds a date. */
interface Field {
  key: string;
  index: number;
  date: boolean;
}

const NUMBER_KEYS = ['identityNumber', 'phone', 'familyCardNumber', 'closestFamilyPhone', 'cifNumber'];

const failed = (n: number, data: Record<string, string>, error: string): Candidate => ({ n, data, error });

/** One spreadsheet row to a candidate member, or the reason it cannot be one. */
function parseRow(n: number, values: unknown[], fields: Field[], lk: Lookup): Candidate {
  const data: Record<string, string> = {};
  const cells: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.index];
    cells[f.key] = v;
    data[f.key] = f.date ? cellDate(v) : cellText(v);
  }
  const raw: Record<string, unknown> = {};
  for (const key of NUMBER_KEYS) {
    if (!(key in cells)) continue;
    const d = cellDigits(cells[key]);
    if (d === null) {
      // The spreadsheet already rounded the number: keep the cell empty in the correction file so it is typed again.
      data[key] = '';
      return failed(n, data, translate('member.upload_number_as_text', lk.lang, { field: fieldLabel(key, lk.lang) }));
    }
    raw[key] = d;
  }
  const gender = (data.gender ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const type = (data.memberType ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const input: Record<string, unknown> = {
    fullName: data.fullName ?? '',
    gender: GENDER_WORDS[gender] ?? (gender || undefined),
    birthPlace: data.birthPlace || undefined,
    birthDate: data.birthDate || undefined,
    phone: raw.phone === '' ? undefined : raw.phone,
    identityType: data.identityType ? data.identityType.toUpperCase() : undefined,
    identityNumber: raw.identityNumber === '' ? undefined : raw.identityNumber,
    familyCardNumber: raw.familyCardNumber || undefined,
    address: data.address ?? '',
    occupation: data.occupation || undefined,
    memberType: type ? (TYPE_WORDS[type] ?? type) : 'MEMBER',
    cifNumber: raw.cifNumber || undefined,
    joinDate: data.joinDate || undefined,
    loanLimit: 'loanLimit' in cells ? rupiahText(cells.loanLimit) : undefined,
    groupName: data.groupName || undefined,
    closestFamilyName: data.closestFamilyName || undefined,
    closestFamilyRelationship: data.closestFamilyRelationship || undefined,
    closestFamilyPhone: raw.closestFamilyPhone || undefined,
  };
  const parsed = memberCreateBody.safeParse(input);
  if (!parsed.success) return failed(n, data, parsed.error.issues.map((i) => issueText(i as never, lk.lang)).join('; '));
  const v = parsed.data;
  if (v.memberType !== 'MEMBER' && v.joinDate) return failed(n, data, translate('member.join_date_member_only', lk.lang));
  const joinDate = v.memberType === 'MEMBER' ? (v.joinDate ?? lk.today) : null;
  if (v.memberType !== 'NON_MEMBER' && lk.minimumAge > 0 && ageOn(v.birthDate, joinDate ?? lk.today) < lk.minimumAge) {
    return failed(n, data, translate('member.too_young', lk.lang, { age: lk.minimumAge }));
  }
  if (joinDate && joinDate < v.birthDate) return failed(n, data, translate('member.join_before_birth', lk.lang));
  let branchCode: string | null = null;
  const branchText = data.branch ?? '';
  if (branchText) {
    const b = lk.branches.get(branchText.toLowerCase());
    if (!b) return failed(n, data, translate('member.upload_branch_unknown', lk.lang, { value: branchText }));
    v.branchId = b.id;
    branchCode = b.code;
  }
  const areaText = data.area ?? '';
  if (areaText) {
    const a = lk.areas.get(areaText.toLowerCase());
    if (!a) return failed(n, data, translate('member.upload_area_unknown', lk.lang, { value: areaText }));
    v.areaId = a;
  }
  // zod's output is a new object: completed in place rather than copied.
  const value = v as MemberCreate & { branchCode: string | null };
  value.joinDate = joinDate;
  value.branchCode = branchCode;
  return { n, data, value };
}

/** A rupiah amount from a number cell or text written the Indonesian (1.500.000,50) or English (1,500,000.50) way. */
function rupiahText(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  const s = cellText(v)
    .replace(/^rp\.?/i, '')
    .replace(/\s/g, '');
  if (!s) return undefined;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^\d+,\d{1,2}$/.test(s)) return s.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) return s.replace(/,/g, '');
  return s;
}

function hasValue(values: unknown[]): boolean {
  for (const v of values) if (cellText(v) !== '') return true;
  return false;
}

/**
 * Reads a sheet's rows in order: the first row with a value is the header
 * (throws UploadError when a required column is missing), every later row
 * with a value is a data row, validated, and checked against the rows before
 * it for a repeated identity number, phone or CIF (the later row fails,
 * naming the earlier one).
 */
export class RowValidator {
  private fields: Field[] | null = null;
  /** Data rows seen so far (the number of the last one). */
  rows = 0;
  private readonly seenIdentity = new Map<string, number>();
  private readonly seenPhone = new Map<string, number>();
  private readonly seenCif = new Map<string, number>();
  constructor(private readonly lk: Lookup) {}

  get sawHeader(): boolean {
    return this.fields !== null;
  }

  /** The candidate of a row, or null for the header and for rows without a value. */
  next(values: unknown[]): Candidate | null {
    if (!hasValue(values)) return null;
    if (!this.fields) {
      const columns = Array.from(values, (v) => HEADER_INDEX.get(norm(cellText(v))) ?? null);
      const missing = UPLOAD_COLUMNS.filter((c) => c.required && !columns.includes(c.key)).map((c) => c.header);
      if (missing.length) throw new UploadError('member.upload_bad_header', { columns: missing.join(', ') });
      // A column named twice: the first one counts.
      this.fields = [];
      columns.forEach((key, index) => {
        if (key && !this.fields!.some((f) => f.key === key)) this.fields!.push({ key, index, date: /Date$/.test(key) });
      });
      return null;
    }
    const n = ++this.rows;
    const c = parseRow(n, values, this.fields, this.lk);
    if (c.value) {
      // Repeats inside the file: the later row fails, naming the earlier one.
      const v = c.value;
      const dup = this.seenIdentity.has(v.identityNumber)
        ? (['identityNumber', v.identityNumber, this.seenIdentity] as const)
        : this.seenPhone.has(v.phone)
          ? (['phone', v.phone, this.seenPhone] as const)
          : v.cifNumber && this.seenCif.has(v.cifNumber)
            ? (['cifNumber', v.cifNumber, this.seenCif] as const)
            : null;
      if (dup) {
        const [field, value, seen] = dup;
        c.error = translate('member.upload_duplicate_in_file', this.lk.lang, {
          field: fieldLabel(field, this.lk.lang),
          value,
          other: seen.get(value),
        });
        delete c.value;
      } else {
        this.seenIdentity.set(v.identityNumber, n);
        this.seenPhone.set(v.phone, n);
        if (v.cifNumber) this.seenCif.set(v.cifNumber, n);
      }
    }
    return c;
  }
}

/** Consecutive data rows `first`..`last` of the file, validated. */
export interface Batch {
  first: number;
  last: number;
  rows: Candidate[];
}

/** Where reading spent its time (MEMBER_UPLOAD_PROFILE=1), in milliseconds. */
export interface ReadProfile {
  read: number;
  validate: number;
}

/**
 * The file's data rows in batches of `size`, validated, from row
 * `resumeFrom + 1` on. The rows before it are read and validated again (so
 * repeats across the resume point are still caught) but not returned: they
 * were committed by an earlier run of the job.
 */
export async function* candidateBatches(
  buf: Buffer,
  lk: Lookup,
  opts: { resumeFrom: number; size: number; profile?: ReadProfile },
): AsyncGenerator<Batch> {
  const validator = new RowValidator(lk);
  const prof = opts.profile;
  let batch: Candidate[] = [];
  let t = prof ? performance.now() : 0;
  for await (const rows of readSheetRows(buf)) {
    if (prof) {
      const now = performance.now();
      prof.read += now - t;
      t = now;
    }
    for (const values of rows) {
      const c = validator.next(values);
      if (!c || c.n <= opts.resumeFrom) continue;
      batch.push(c);
      if (batch.length >= opts.size) {
        if (prof) prof.validate += performance.now() - t;
        yield { first: batch[0].n, last: c.n, rows: batch };
        batch = [];
        if (prof) t = performance.now();
      }
    }
    if (prof) {
      const now = performance.now();
      prof.validate += now - t;
      t = now;
    }
  }
  if (!validator.sawHeader) throw new UploadError('member.upload_empty');
  if (batch.length) yield { first: batch[0].n, last: batch[batch.length - 1].n, rows: batch };
}
