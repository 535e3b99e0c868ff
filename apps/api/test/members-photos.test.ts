/**
 * Member photos: accepted by content (JPEG, PNG, WebP), size-limited,
 * re-encoded to a JPEG without metadata, stored and served to signed-in
 * users who may see the member.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createActiveMember, createMember, createUser, type MemberData, multipart } from './members-fixtures.ts';

async function photoWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS 5D', Copyright: 'Rahasia Anggota', Artist: 'Budi' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' },
    })
    .toBuffer();
}

describe('member photos', () => {
  it('re-encodes an uploaded JPEG, strips EXIF (camera, GPS), bounds its size, and serves it', async () => {
    const t = await newTenant();
    const m = await createActiveMember(t.admin);
    const original = await photoWithExif(2400, 1200);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeDefined();
    expect(original.includes(Buffer.from('Rahasia Anggota'))).toBe(true);

    const up = await t.admin.inject({
      method: 'POST',
      url: `/api/member/${m.id}/photo/self`,
      ...multipart('foto.jpg', 'image/jpeg', original),
    });
    expect(up.statusCode).toBe(200);
    expect(body(up)).toMatchObject({ message: 'Foto berhasil diunggah', data: { memberId: m.id, kind: 'self' } });

    const detail = body<MemberData & { photos: { self: string; identityCard: string | null } }>(
      await t.admin.get(`/api/member/${m.id}/detail`),
    ).data;
    expect(detail.photos.self).toMatch(new RegExp(`^/api/member/${m.id}/photo/self\\?v=`));
    expect(detail.photos.identityCard).toBeNull();

    const dl = await t.admin.get(detail.photos.self);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/jpeg');
    const stored = dl.rawPayload;
    const out = await sharp(stored).metadata();
    expect(out.format).toBe('jpeg');
    expect(out.exif).toBeUndefined();
    expect(out.icc).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect([out.width, out.height]).toEqual([1600, 800]);
    expect(stored.includes(Buffer.from('Rahasia Anggota'))).toBe(false);
    expect(stored.includes(Buffer.from('Canon'))).toBe(false);

    const noAuth = await t.app.inject({ method: 'GET', url: `/api/member/${m.id}/photo/self` });
    expect(noAuth.statusCode).toBe(401);
  });

  it('accepts PNG and WebP as JPEG, replaces the old file, and keeps each kind apart', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    const a = await t.admin.inject({
      method: 'POST',
      url: `/api/member/${m.id}/photo/identity-card`,
      ...multipart('ktp.png', 'image/png', png),
    });
    expect(a.statusCode).toBe(200);
    const keyBefore = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ k: string }>('SELECT photo_identity_key AS k FROM member WHERE id = $1', [m.id]),
    );
    const b = await t.admin.inject({
      method: 'POST',
      url: `/api/member/${m.id}/photo/identity-card`,
      ...multipart('ktp.webp', 'image/webp', webp),
    });
    expect(b.statusCode).toBe(200);
    const kk = await t.admin.inject({
      method: 'POST',
      url: `/api/member/${m.id}/photo/family-card`,
      ...multipart('kk.png', 'image/png', png),
    });
    expect(kk.statusCode).toBe(200);
    const dl = await t.admin.get(`/api/member/${m.id}/photo/identity-card`);
    const meta = await sharp(dl.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 200]);
    // The replaced file is gone from storage.
    expect(await t.app.storage.get(keyBefore!.k)).toBeNull();
    const timeline = body<{ content: Array<{ action: string; after: { kind: string } }> }>(
      await t.admin.get(`/api/member/${m.id}/timeline`),
    ).data.content;
    expect(timeline.filter((e) => e.action === 'member.photo').map((e) => e.after.kind)).toEqual([
      'family-card',
      'identity-card',
      'identity-card',
    ]);
  });

  it('refuses files that are not images by content, broken images, oversized files and unknown kinds', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const url = `/api/member/${m.id}/photo/self`;
    const text = await t.admin.inject({ method: 'POST', url, ...multipart('foto.jpg', 'image/jpeg', Buffer.from('<?php echo "hi"; ?>')) });
    expect(text.statusCode).toBe(400);
    expect(body(text).message).toBe('Foto harus berformat JPEG, PNG atau WebP');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(body(await t.admin.inject({ method: 'POST', url, ...multipart('a.gif', 'image/jpeg', gif) })).message).toBe(
      'Foto harus berformat JPEG, PNG atau WebP',
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const br = await t.admin.inject({ method: 'POST', url, ...multipart('rusak.jpg', 'image/jpeg', broken) });
    expect(br.statusCode).toBe(400);
    expect(body(br).message).toBe('File foto rusak atau tidak dapat dibaca');
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024 + 10)]);
    const tooBig = await t.admin.inject({ method: 'POST', url, ...multipart('besar.jpg', 'image/jpeg', big) });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe('Ukuran foto maksimal 8 MB');
    const noFile = await t.admin.post(url, { a: 1 });
    expect(noFile.statusCode).toBe(400);
    expect(body(noFile).message).toBe('Pilih file foto untuk diunggah');
    const kind = await t.admin.inject({
      method: 'POST',
      url: `/api/member/${m.id}/photo/selfie`,
      ...multipart('a.jpg', 'image/jpeg', await photoWithExif(10, 10)),
    });
    expect(kind.statusCode).toBe(400);
    expect(body(kind).message).toBe('Jenis foto harus self, identity-card atau family-card');
    expect((await t.admin.get(url)).statusCode).toBe(404);
    expect(body(await t.admin.get(url)).message).toBe('Foto belum diunggah');
  });

  it('lets an agent photograph the applicant they registered, but not other members; other tenants get 404', async () => {
    const t = await newTenant();
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const jpeg = await photoWithExif(100, 100);
    const own = await createMember(agent.client);
    const ok = await agent.client.inject({
      method: 'POST',
      url: `/api/member/${own.id}/photo/self`,
      ...multipart('a.jpg', 'image/jpeg', jpeg),
    });
    expect(ok.statusCode).toBe(200);
    const someone = await createActiveMember(t.admin, { agentId: agent.id });
    const refused = await agent.client.inject({
      method: 'POST',
      url: `/api/member/${someone.id}/photo/self`,
      ...multipart('a.jpg', 'image/jpeg', jpeg),
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('Anda hanya dapat mengunggah foto calon anggota yang Anda daftarkan dan belum diwawancarai');
    const other = await newTenant();
    const cross = await other.admin.inject({
      method: 'POST',
      url: `/api/member/${own.id}/photo/self`,
      ...multipart('a.jpg', 'image/jpeg', jpeg),
    });
    expect(cross.statusCode).toBe(404);
    expect((await other.admin.get(`/api/member/${own.id}/photo/self`)).statusCode).toBe(404);
  });
});
