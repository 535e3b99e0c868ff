/** POST /api/ad-art (multipart: `file` PDF/JPEG/PNG/WebP up to 10 MB, `title`, `description`, `documentType`). */
import { apiEnvelope } from '../../../lib/api/client';
import type { AdArtDocument } from '../types';
import { accessKeys } from './keys';
import { useAccessMutation } from './mutation';

export interface AdArtUpload {
  file: File;
  title: string;
  description?: string | null;
  documentType: 'AD' | 'ART' | 'LAINNYA';
}

export const uploadAdArt = ({ file, title, description, documentType }: AdArtUpload) => {
  const form = new FormData();
  form.append('title', title);
  if (description) form.append('description', description);
  form.append('documentType', documentType);
  form.append('file', file);
  return apiEnvelope<AdArtDocument>('/api/ad-art', { method: 'POST', body: form, timeoutMs: 120_000 });
};

export const useUploadAdArt = () => useAccessMutation(uploadAdArt, { key: accessKeys.adArt });
