/** Consolidated interest release and the interest upload API (docs/interest.md "Consolidation", "Interest upload"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { uuid } from '../../../lib/id';

export const consolidationKey = ['interest-consolidation'] as const;

export type BatchStatus = 'PROCESSED' | 'RELEASING' | 'RELEASED' | 'CANCELLED';

export interface Batch {
  id: string;
  startDate: string;
  endDate: string;
  status: BatchStatus;
  releaseId: string | null;
  releaseStatus: string | null;
  lines: number;
  members: number;
  totalGross: number;
  totalAdminFee: number;
  posted: number;
  skipped: number;
  createdDate: string;
  cancelReason: string | null;
}

export interface GroupTotal {
  name: string | null;
  lines: number;
  gross: number;
  tax: number;
  adminFee: number;
  net: number;
}

export type Review = Batch & { adjustedLines: number; totalTax: number; totalNet: number; byProduct: GroupTotal[]; byBranch: GroupTotal[] };

export interface Line {
  id: string;
  accountNumber: string;
  productName: string;
  basisBalance: number;
  computedGross: number;
  gross: number;
  tax: number;
  adminFee: number;
  net: number;
  adjusted: boolean;
  reason: string | null;
  status: 'PENDING' | 'POSTED' | 'SKIPPED';
}

export interface MemberRow {
  memberId: string;
  cifNumber: string;
  memberName: string;
  branchName: string | null;
  accounts: number;
  adjusted: number;
  gross: number;
  tax: number;
  adminFee: number;
  net: number;
  lines: Line[];
}

export const listBatches = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Batch>>('/api/consolidation/list', { query: listQuery(p), signal });
export const fetchReview = (id: string) => api<Review>('/api/consolidation/review', { query: { consolidationId: id } });
export const memberPage = (id: string) => (p: ListParams, signal?: AbortSignal) =>
  api<Page<MemberRow>>('/api/consolidation/datatable', { query: { ...listQuery(p), consolidationId: id }, signal });

function useMutationOf<B, T>(fn: (b: B) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: consolidationKey }) });
}
const post = <T>(path: string, body: unknown) =>
  apiEnvelope<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': uuid() }, timeoutMs: null });

export const useProcess = () => useMutationOf((b: { startDate: string; endDate: string }) => post<Batch>('/api/consolidation/process', b));
export const useUpdateLine = () =>
  useMutationOf((b: { id: string; gross: number; adminFee?: number; reason: string }) =>
    post<Line>(`/api/consolidation/${b.id}/update`, { gross: b.gross, adminFee: b.adminFee, reason: b.reason }),
  );
export const useCancelBatch = () =>
  useMutationOf((b: { id: string; reason: string }) => post<Batch>(`/api/consolidation/${b.id}/cancel`, { reason: b.reason }));
export const useReleaseBatch = () => useMutationOf((id: string) => post<Batch>(`/api/consolidation/${id}/release`, {}));

// ---------------------------------------------------------------- upload

export const uploadKey = ['interest-upload'] as const;

export interface CellError {
  row: number;
  column: string;
  message: string;
}

export interface Upload {
  id: string;
  releaseDate: string;
  fileName: string | null;
  rows: number;
  failed: number;
  totalGross: number;
  status: 'UPLOADED' | 'SUPERSEDED' | 'CONFIRMED';
  releaseId: string | null;
  releaseStatus: string | null;
  createdDate: string;
}

export interface UploadRow {
  row: number;
  accountNumber: string | null;
  memberName: string | null;
  gross: number | null;
  adminFee: number | null;
  tax: number | null;
  errors: CellError[];
  status: 'VALID' | 'FAILED' | 'POSTED' | 'SKIPPED';
}

export const listUploads = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Upload>>('/api/upload/v2/interest-by-date', { query: listQuery(p), signal });
export const rowsOfDate = (date: string) => (p: ListParams, signal?: AbortSignal) =>
  api<Page<UploadRow> & { upload: Upload | null; totalGross?: number; totalTax?: number; totalAdminFee?: number }>(
    '/api/upload/v2/interest-by-date',
    { query: { ...listQuery(p), releaseDate: date }, signal },
  );

export function useUploadInterest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { releaseDate: string; file: File }) => {
      const form = new FormData();
      form.append('releaseDate', b.releaseDate);
      form.append('file', b.file, b.file.name);
      return apiEnvelope<Upload & { errors: CellError[] }>('/api/upload/interest', {
        method: 'POST',
        query: { releaseDate: b.releaseDate },
        body: form,
        timeoutMs: 600_000,
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: uploadKey }),
  });
}

export function useConfirmUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (releaseDate: string) => post<Upload>('/api/upload/interest/confirm-by-date', { releaseDate }),
    onSettled: () => qc.invalidateQueries({ queryKey: uploadKey }),
  });
}
