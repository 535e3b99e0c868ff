/**
 * Interest upload (spec section 4: upload, confirm by release date, cancel release; docs/interest.md "Interest
 * upload"): savings interest computed elsewhere, one Excel file per release date.
 *  - upload: every row checked (cells, then the account: known, an active voluntary savings account, once in the
 *    file, not already paid for the date), stored with its errors; the date's earlier unconfirmed upload is
 *    superseded; nothing posts.
 *  - confirm-by-date: posts the date's valid rows in resumable chunks (runBatch) through `postFigures` (the tax rule of
 *    interest_tax_withhold, TOPUP_INTEREST / WITHDRAW_TAX / admin fee, one journal per 1,000 rows) as a savings
 *    interest release of that date, so `interest-simulation/{id}/cancel-release` takes it back. Refused while the
 *    upload has failed rows; a second confirm posts nothing and answers the first.
 */
import type { Lang } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { fail } from '../../lib/errors.ts';
import { addToRelease, finishRelease, openRelease, paidAccounts, postFigures } from '../interest/figures.post.ts';
import { interestAccounts } from '../interest/interest.core.ts';
import { runBatch } from '../jobs/batch.ts';
import { todayJakarta } from '../ledger/dates.ts';
import {
  type AccountInfo,
  accountsByNumber,
  countUploads,
  currentUpload,
  findUpload,
  insertUpload,
  insertUploadRows,
  markConfirmed,
  markRowResults,
  type RowRow,
  rowTotals,
  setUploadRelease,
  supersedeUploads,
  type UploadRow,
  uploadRows,
  uploadsPage,
  validRowsAfter,
} from './interest-upload.repo.ts';
import { type CellError, columnOf, type ReadRow, readRows } from './interest-upload.sheet.ts';

const CHUNK = 1000;
/** Rows per committed chunk of a confirm (tests set 1 to stop a confirm between two chunks). */
export const confirmTuning = { chunkSize: CHUNK };

function uploadView(u: UploadRow) {
  return {
    id: u.id,
    releaseDate: u.release_date,
    fileName: u.file_name,
    rows: u.rows,
    failed: u.failed,
    totalGross: dec(u.total_gross),
    status: u.status,
    releaseId: u.release_id,
    releaseStatus: u.release_status,
    createdDate: u.created_date.toISOString(),
    confirmedAt: u.confirmed_at?.toISOString() ?? null,
  };
}

/** The database checks of the read rows: the account known, voluntary and active, once in the file, not paid for the date. */
async function checkAccounts(tx: Tx, rows: ReadRow[], date: string, lang: Lang) {
  const numbers = [...new Set(rows.map((r) => r.accountNumber).filter(Boolean))];
  const found = new Map<string, AccountInfo>();
  for (let i = 0; i < numbers.length; i += CHUNK) {
    for (const a of await accountsByNumber(tx, numbers.slice(i, i + CHUNK))) found.set(a.account_number, a);
  }
  const paid = await paidAccounts(
    tx,
    [...found.values()].map((a) => a.id),
    date,
    date,
  );
  const seen = new Map<string, number>();
  const col = columnOf('accountNumber', lang);
  return rows.map((r) => {
    const errors: CellError[] = [...r.errors];
    const a = r.accountNumber ? found.get(r.accountNumber) : undefined;
    const e = (key: string, params: Record<string, unknown> = {}) =>
      errors.push({ row: r.row, column: col, message: translate(key, lang, { value: r.accountNumber, ...params }) });
    if (r.accountNumber) {
      if (!a) e('interest_upload.account_unknown');
      else if (a.kind !== 'SAVING' || a.saving_type !== 'VOLUNTARY' || a.status !== 'ACTIVE') e('interest_upload.account_not_voluntary');
      else if (paid.has(a.id)) e('interest_upload.already_paid');
      const first = seen.get(r.accountNumber);
      if (first !== undefined) e('interest_upload.account_twice', { row: first });
      else seen.set(r.accountNumber, r.row);
    }
    return { r, a, errors };
  });
}

export async function upload(ctx: Ctx, releaseDate: string, file: { buffer: Buffer; fileName?: string }) {
  const today = todayJakarta();
  if (releaseDate > today) throw fail('INTEREST_UPLOAD_DATE_FUTURE', { today });
  const rows = await readRows(file.buffer, ctx.lang);
  return withTx(ctx, async (tx) => {
    const checked = await checkAccounts(tx, rows, releaseDate, ctx.lang);
    const failed = checked.filter((c) => c.errors.length).length;
    const gross = checked.reduce((s, c) => (c.errors.length ? s : s.plus(c.r.gross ?? 0)), ZERO);
    // A confirm under way (its release opened, rows posting) keeps its file: a new one waits until it is confirmed.
    const current = await currentUpload(tx, releaseDate, true);
    if (current?.status === 'UPLOADED' && current.release_id) throw fail('RELEASE_RUNNING');
    await supersedeUploads(tx, releaseDate);
    const u = (await insertUpload(tx, [
      releaseDate,
      file.fileName?.slice(0, 255) ?? null,
      checked.length,
      failed,
      gross.toFixed(2),
      ctx.userId,
    ]))!;
    for (let i = 0; i < checked.length; i += CHUNK) {
      const part = checked.slice(i, i + CHUNK).map((c) => ({
        n: c.r.row,
        a: c.r.accountNumber || null,
        s: c.errors.length ? null : c.a!.id,
        m: c.a?.member_id ?? null,
        g: c.r.gross,
        f: c.r.adminFee ?? '0',
        d: c.r.description,
        raw: c.r.raw,
        e: c.errors,
        st: c.errors.length ? 'FAILED' : 'VALID',
      }));
      await insertUploadRows(tx, u.id, JSON.stringify(part));
    }
    await audit(tx, ctx, {
      action: 'interest.upload',
      entity: 'interest_upload',
      entityId: u.id,
      after: { releaseDate, rows: checked.length, failed, gross },
    });
    const view = uploadView((await findUpload(tx, u.id))!);
    return { ...view, errors: checked.flatMap((c) => c.errors).slice(0, 200) };
  });
}

const rowView = (r: RowRow) => ({
  row: r.row_no,
  accountNumber: r.account_number,
  savingId: r.saving_id,
  memberName: r.member_name,
  cifNumber: r.cif_number,
  gross: r.gross === null ? null : dec(r.gross),
  adminFee: r.admin_fee === null ? null : dec(r.admin_fee),
  tax: r.tax === null ? null : dec(r.tax),
  description: r.description,
  errors: r.errors,
  status: r.status,
  raw: r.raw,
});

/** GET upload/v2/interest-by-date: with a date, its current upload and rows (paged, totals); without, the dates. */
export async function byDate(ctx: Ctx, q: { releaseDate?: string; status?: string; page: number; limit: number }, all = false) {
  return withTx(ctx, async (tx) => {
    if (!q.releaseDate) {
      const n = await countUploads(tx);
      const rows = await uploadsPage(tx, q.limit, q.page * q.limit);
      return { upload: null, rows: rows.map(uploadView), total: n, totals: null };
    }
    const u = await currentUpload(tx, q.releaseDate);
    if (!u) return { upload: null, rows: [], total: 0, totals: null };
    const t = await rowTotals(tx, u.id, q.status ?? null);
    const rows = await uploadRows(tx, u.id, q.status ?? null, all ? null : { limit: q.limit, offset: q.page * q.limit });
    return {
      upload: uploadView(u),
      rows: rows.map(rowView),
      total: t.n,
      totals: { totalGross: dec(t.gross), totalAdminFee: dec(t.admin), totalTax: dec(t.tax) },
    };
  });
}

/**
 * POST upload/interest/confirm-by-date: posts the date's valid rows once, in committed chunks through the job runner's
 * resumable batch (jobs/batch.ts `runBatch`, as the savings release): the first transaction opens the savings interest
 * release and records it on the upload (still UPLOADED: a new file for the date is refused from then on), each chunk
 * claims its rows once in job_item, a confirm killed half way is resumed by the next one; the last transaction marks
 * the upload CONFIRMED. A second confirm posts nothing and answers the first.
 */
export async function confirmByDate(ctx: Ctx, releaseDate: string, hooks?: { afterChunk?: (n: number) => void }) {
  const today = todayJakarta();
  if (releaseDate > today) throw fail('INTEREST_UPLOAD_DATE_FUTURE', { today });
  const started = await withTx(ctx, async (tx) => {
    const u = await currentUpload(tx, releaseDate, true);
    if (!u) throw fail('INTEREST_UPLOAD_NOTHING', { date: releaseDate });
    if (u.status === 'CONFIRMED') return u;
    if (u.failed) throw fail('INTEREST_UPLOAD_HAS_ERRORS', { count: u.failed, date: releaseDate });
    if (!u.release_id) await setUploadRelease(tx, u.id, await openRelease(tx, ctx, releaseDate, releaseDate));
    return (await currentUpload(tx, releaseDate))!;
  });
  if (started.status !== 'CONFIRMED') {
    const releaseId = started.release_id!;
    const label = `rilis ${releaseDate} (unggah)`;
    const keyOf = (n: number) => String(n).padStart(10, '0');
    await runBatch<{ key: string; row_no: number; saving_id: string; gross: Dec; admin_fee: Dec }>({
      db: ctx.db,
      tenantId: ctx.tenantId,
      name: 'interest.upload_confirm',
      key: started.id,
      userId: ctx.userId,
      chunkSize: confirmTuning.chunkSize,
      items: async (tx, after, limit) =>
        (await validRowsAfter(tx, started.id, after ? Number(after) : 0, limit)).map((r) => ({ ...r, key: keyOf(r.row_no) })),
      processChunk: async (tx, rows) => {
        // The basis and rate of the account's terms on the date, for the reports (the figure itself came from outside).
        const terms = new Map((await interestAccounts(tx, { end: releaseDate, ids: rows.map((r) => r.saving_id) })).map((a) => [a.id, a]));
        const s = await postFigures(
          tx,
          ctx,
          { releaseId, start: releaseDate, end: releaseDate, label },
          rows.map((r) => ({
            savingId: r.saving_id,
            gross: dec(r.gross),
            adminFee: dec(r.admin_fee),
            basis: terms.get(r.saving_id)?.balance_basis ?? 'HARIAN',
            basisBalance: ZERO,
            rate: dec(terms.get(r.saving_id)?.base_rate ?? 0),
          })),
        );
        await markRowResults(
          tx,
          started.id,
          JSON.stringify(s.results.map((x) => ({ s: x.savingId, p: x.posted, t: x.tax.toFixed(2), f: x.adminFee.toFixed(2) }))),
        );
        await addToRelease(tx, releaseId, s, null);
      },
      afterChunk: ({ chunk }) => hooks?.afterChunk?.(chunk),
    });
  }
  return withTx(
    ctx,
    async (tx) => {
      const u = (await currentUpload(tx, releaseDate, true))!;
      if (u.status !== 'CONFIRMED') {
        await finishRelease(tx, u.release_id!);
        await markConfirmed(tx, u.id, u.release_id!, ctx.userId!);
        await audit(tx, ctx, {
          action: 'interest.upload_confirm',
          entity: 'interest_upload',
          entityId: u.id,
          after: { releaseDate, releaseId: u.release_id },
        });
      }
      return uploadView((await currentUpload(tx, releaseDate))!);
    },
    { idempotent: true, message: 'interest_upload.confirmed' },
  );
}
