/**
 * Photos of a loan's collateral: uploaded one at a time (JPEG, PNG or WebP,
 * re-encoded to JPEG like member photos, metadata stripped) into the file
 * storage under `<tenant>/loans/<loanId>-<photoId>.jpg`; the answer's `url`
 * is what update-collateral stores in a collateral's `photos` and what the
 * screens show (GET answers the image). Each upload is recorded
 * (loan_collateral_upload); the daily job `loans.photo-cleanup` deletes from
 * storage the photos that no collateral of their loan names a day after their
 * upload (`cleanOrphanPhotos`).
 */

import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { systemCtx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { reencodePhoto } from '../members/members.photos.ts';
import { isAgentCtx } from '../savings/savings.core.ts';
import { dropUploads, lockLoan, orphanUploads, recordUpload } from './loans.repo.ts';

const keyOf = (tenantId: string, loanId: string, photoId: string) => `${tenantId}/loans/${loanId}-${photoId}.jpg`;
export const collateralPhotoUrl = (loanId: string, photoId: string) =>
  `/api/transaction/product/loan/${loanId}/collateral-photo/${photoId}`;

async function assertLoan(ctx: Ctx, loanId: string) {
  await withTx(ctx, async (tx) => {
    if (!(await lockLoan(tx, loanId, isAgentCtx(ctx) ? ctx.userId : null))) throw notFound('loan.not_found');
  });
}

export async function saveCollateralPhoto(ctx: Ctx, storage: Storage, loanId: string, file: Buffer) {
  const jpeg = await reencodePhoto(file);
  await assertLoan(ctx, loanId);
  const photoId = crypto.randomUUID();
  const key = keyOf(ctx.tenantId, loanId, photoId);
  const url = collateralPhotoUrl(loanId, photoId);
  // Recorded before the file is put: a file in storage always has its row (the clean-up finds it).
  await withTx(ctx, (tx) => recordUpload(tx, { photoId, loanId, key, url, userId: ctx.userId }));
  await storage.put(key, jpeg, 'image/jpeg');
  return { loanId, photoId, url, bytes: jpeg.length };
}

export async function getCollateralPhoto(ctx: Ctx, storage: Storage, loanId: string, photoId: string) {
  await assertLoan(ctx, loanId);
  const file = await storage.get(keyOf(ctx.tenantId, loanId, photoId));
  if (!file) throw notFound('loan.photo_not_found');
  return file;
}

/** How long an upload may wait to be saved on a collateral (the officer's form may stay open). */
export const PHOTO_GRACE_MS = 24 * 3_600_000;

/**
 * The cooperative's collateral photos uploaded more than PHOTO_GRACE_MS ago and named by no collateral of their
 * loan, deleted from storage and forgotten, in chunks (each chunk's rows dropped only after its files are gone, so a
 * crash leaves nothing untracked). Answers how many files were deleted.
 */
export async function cleanOrphanPhotos(db: Db, storage: Storage, tenantId: string, now = new Date()): Promise<number> {
  const ctx = systemCtx(db, tenantId, { requestId: 'loans.photo-cleanup' });
  const before = new Date(now.getTime() - PHOTO_GRACE_MS);
  let deleted = 0;
  for (;;) {
    const n = await withTx(ctx, async (tx) => {
      const rows = await orphanUploads(tx, before, 200);
      for (const r of rows) await storage.delete(r.storage_key);
      if (rows.length)
        await dropUploads(
          tx,
          rows.map((r) => r.photo_id),
        );
      return rows.length;
    });
    deleted += n;
    if (n < 200) return deleted;
  }
}
