/**
 * Collateral photos uploaded but never saved on a collateral are deleted by
 * the daily job `loans.photo-cleanup` (cleanOrphanPhotos) a day after their
 * upload; a photo a collateral names, and a fresh upload whose form may still
 * be open, stay. A second run deletes nothing more.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanOrphanPhotos } from '../src/modules/loans/loans.photos.ts';
import { body } from './helpers.ts';
import { apply, loanSetup } from './loans-fixtures.ts';
import { multipart } from './members-fixtures.ts';

const L = '/api/transaction/product/loan';

describe('collateral photo clean-up', () => {
  it('deletes the photos no collateral names a day after their upload, keeps the others', async () => {
    const s = await loanSetup();
    const t = s.t;
    const loan = body<any>(await apply(t.admin, s)).data.loan;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    const upload = async () => {
      const r = await t.admin.inject({ method: 'POST', url: `${L}/${loan.id}/collateral-photo`, ...multipart('p.png', 'image/png', png) });
      expect(r.statusCode, r.body).toBe(200);
      return body<any>(r).data as { photoId: string; url: string };
    };
    const saved = await upload();
    const orphan = await upload();
    const fresh = await upload();
    const save = await t.admin.post(`${L}/update-collateral`, {
      loanId: loan.id,
      collaterals: [{ type: 'BPKB', number: 'B-9', value: 10_000_000, photos: [saved.url] }],
    });
    expect(save.statusCode, save.body).toBe(200);
    // Two of them uploaded two days ago.
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec(
        `UPDATE loan_collateral_upload SET uploaded_at = now() - interval '2 days' WHERE tenant_id = app_tenant() AND photo_id = ANY($1::uuid[])`,
        [[saved.photoId, orphan.photoId]],
      ),
    );
    expect(await cleanOrphanPhotos(t.app.db, t.app.storage, t.tenantId)).toBe(1);
    expect((await t.admin.get(orphan.url)).statusCode).toBe(404);
    expect((await t.admin.get(saved.url)).statusCode).toBe(200);
    expect((await t.admin.get(fresh.url)).statusCode).toBe(200);
    expect(await cleanOrphanPhotos(t.app.db, t.app.storage, t.tenantId)).toBe(0);
    // A day later the fresh one, still unsaved, goes too; the saved one stays.
    expect(await cleanOrphanPhotos(t.app.db, t.app.storage, t.tenantId, new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect((await t.admin.get(fresh.url)).statusCode).toBe(404);
    expect((await t.admin.get(saved.url)).statusCode).toBe(200);
  });
});
