/**
 * Member photos (self, identity card, family card). The file is accepted only
 * when its first bytes say JPEG, PNG or WebP (the name and the declared type
 * are not trusted), then decoded and re-encoded by sharp as a JPEG of at most
 * 1600 px on its longer side, rotated upright from its EXIF orientation, with
 * every metadata block (EXIF with GPS position and camera, XMP, ICC, IPTC)
 * dropped: what is stored is only pixels. Decoding is bounded to 40
 * megapixels so a crafted image cannot exhaust memory.
 */

import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp';

export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const PHOTO_MAX_SIDE = 1600;

/** A clean JPEG from an uploaded image, or a 400 with a clear message. */
export async function reencodePhoto(buf: Buffer): Promise<Buffer> {
  if (!sniffImage(buf)) throw badRequest('PHOTO_TYPE', 'member.photo_type');
  try {
    return await sharp(buf, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest('PHOTO_UNREADABLE', 'member.photo_unreadable');
  }
}

/** Storage column of each photo kind. */
export const PHOTO_COLUMNS = {
  self: 'photo_self_key',
  'identity-card': 'photo_identity_key',
  'family-card': 'photo_family_card_key',
} as const;
