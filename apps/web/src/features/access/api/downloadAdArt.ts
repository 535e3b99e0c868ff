/** GET /api/ad-art/{id}/download: the stored file, saved under its own name. */
import { downloadBlob } from '../../../components/excel';
import type { AdArtDocument } from '../types';
import { fetchBlob } from './blob';

export async function downloadAdArt(doc: Pick<AdArtDocument, 'id' | 'fileName'>): Promise<void> {
  const blob = await fetchBlob(`/api/ad-art/${encodeURIComponent(doc.id)}/download`);
  downloadBlob(blob, doc.fileName);
}
