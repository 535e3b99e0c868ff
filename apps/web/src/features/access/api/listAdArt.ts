/** GET /api/ad-art/datatable: the cooperative's AD/ART documents (documentType filter). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { AdArtDocument } from '../types';

export const listAdArt = (p: ListParams, signal?: AbortSignal) =>
  api<Page<AdArtDocument>>('/api/ad-art/datatable', { query: listQuery(p), signal });
