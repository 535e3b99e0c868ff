/**
 * Reading one uploaded file (multipart/form-data) with its text fields, and
 * telling its real type from its first bytes (never from the name or the
 * client's content type). Images are re-encoded with sharp before they are
 * stored: that proves they decode, drops metadata (GPS in EXIF) and any
 * payload hidden after the image data.
 */
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors.ts';

export interface Upload {
  buffer: Buffer;
  filename: string;
  fields: Record<string, string>;
}

export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

export function sniff(buf: Buffer): SniffedType | null {
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const MB = 1024 * 1024;

/** The first file of the request (further files are ignored) and every text field. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('FILE_REQUIRED', 'settings.file_required');
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!file && buffer.length > 0) file = { buffer, filename: part.filename || 'file' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'settings.file_too_large', { max: Math.round(maxBytes / MB) });
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('TOO_MANY_FILES', 'settings.file_required');
    throw err;
  }
  if (!file) throw badRequest('FILE_REQUIRED', 'settings.file_required');
  return { ...file, fields };
}

/** Re-encode an image in its own format (PNG for `toPng`); 400 when it does not decode. */
export async function reencodeImage(
  buf: Buffer,
  type: 'image/jpeg' | 'image/png' | 'image/webp',
  opts: { maxSide?: number; toPng?: boolean } = {},
): Promise<{ buffer: Buffer; contentType: string; width: number; height: number }> {
  try {
    let img = sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
    if (opts.maxSide) img = img.resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true });
    const target = opts.toPng ? 'image/png' : type;
    if (target === 'image/png') img = img.png({ compressionLevel: 9 });
    else if (target === 'image/webp') img = img.webp({ quality: 85 });
    else img = img.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return { buffer: data, contentType: target, width: info.width, height: info.height };
  } catch {
    throw badRequest('IMAGE_INVALID', 'settings.image_invalid');
  }
}

/** A safe file name for Content-Disposition (ASCII fallback plus RFC 5987 UTF-8). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
