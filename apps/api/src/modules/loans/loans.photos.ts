/**
 * Photos of a loan's collateral: uploaded one at a time (JPEG, PNG or WebP,
 * re-encoded to JPEG like member photos, metadata stripped) into the file
 * storage under `<tenant>/loans/<loanId>-<photoId>.jpg`; the answer's `url`
 * is what update-collateral stores in a collateral's `photos` and what the
 * screens show (GET answers the image). A photo uploaded but never saved on
 * a collateral stays in storage unreferenced.
 */
import type { Ctx } from '../../lib/context.ts';
import { withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { reencodePhoto } from '../members/members.photos.ts';
import { isAgentCtx } from '../savings/savings.core.ts';
import { lockLoan } from './loans.repo.ts';

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
  await storage.put(keyOf(ctx.tenantId, loanId, photoId), jpeg, 'image/jpeg');
  return { loanId, photoId, url: collateralPhotoUrl(loanId, photoId), bytes: jpeg.length };
}

export async function getCollateralPhoto(ctx: Ctx, storage: Storage, loanId: string, photoId: string) {
  await assertLoan(ctx, loanId);
  const file = await storage.get(keyOf(ctx.tenantId, loanId, photoId));
  if (!file) throw notFound('loan.photo_not_found');
  return file;
}
