/**
 * The member upload (Excel): GET member/upload/template, POST member/upload
 * (multipart; answers at once with the job), GET member/upload (jobs, newest
 * first), GET member/upload/{jobId}/progress (polled while RUNNING),
 * GET member/upload/{jobId}/rows (failed and skipped rows with the spec's
 * 'Data ke {n} gagal terupload, ' messages), GET .../failed-rows (Excel).
 */
import type { memberUploadJob as uploadJob, memberUploadRowResult as uploadRowResult } from '@koperasi/contracts/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiEnvelope } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { downloadFile } from '../lib/files';
import { membersKey, uploadsKey } from './keys';

export type UploadJob = z.infer<typeof uploadJob>;
export type UploadRow = z.infer<typeof uploadRowResult>;

export const downloadTemplate = () => downloadFile('/api/member/upload/template', 'template-upload-anggota.xlsx');
export const downloadFailedRows = (jobId: string) =>
  downloadFile(`/api/member/upload/${encodeURIComponent(jobId)}/failed-rows`, 'anggota-gagal-upload.xlsx');

export function startUpload(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  // Counting the rows of a large file takes a moment; the processing itself continues on the server.
  return apiEnvelope<UploadJob>('/api/member/upload', { method: 'POST', body: form, timeoutMs: 300_000 });
}

export function useStartUpload() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: startUpload, onSuccess: () => qc.invalidateQueries({ queryKey: uploadsKey }) });
}

export const listUploads = (page: number, limit: number, signal?: AbortSignal) =>
  api<Page<UploadJob>>('/api/member/upload', { query: { page, limit }, signal });

export const uploadProgress = (jobId: string, signal?: AbortSignal) =>
  api<UploadJob>(`/api/member/upload/${encodeURIComponent(jobId)}/progress`, { signal });

/** The job, polled every second while it runs; members lists refresh when it ends. */
export function useUploadProgress(jobId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...uploadsKey, 'progress', jobId],
    queryFn: async ({ signal }) => {
      const job = await uploadProgress(jobId!, signal);
      if (job.status !== 'RUNNING') {
        void qc.invalidateQueries({ queryKey: [...membersKey, 'list'] });
        void qc.invalidateQueries({ queryKey: [...uploadsKey, 'list'] });
      }
      return job;
    },
    enabled: Boolean(jobId),
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' || !q.state.data ? 1000 : false),
    staleTime: 0,
  });
}

export const uploadRows = (jobId: string, q: { page: number; limit: number; status?: 'FAILED' | 'SKIPPED' }, signal?: AbortSignal) =>
  api<Page<UploadRow>>(`/api/member/upload/${encodeURIComponent(jobId)}/rows`, { query: q, signal });
