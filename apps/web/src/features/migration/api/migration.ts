/**
 * The data migration wizard's calls (spec section 7 "Migration"): uploads
 * (multipart, with the upload's progress through XMLHttpRequest, time-out
 * 600 s), staged rows, the opening balance sheet, review, check, confirm
 * (no time-out), reset-data, reset-confirm-step-{n} (300 s).
 */
import type {
  MigrationCheck,
  MigrationDataType,
  MigrationNeraca,
  MigrationReview,
  MigrationStagedRow,
  MigrationStepType,
  MigrationUploadResult,
} from '@koperasi/contracts/migration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope, envelopeOf } from '../../../lib/api/client';
import { downloadServerExcel } from '../../../lib/api/download';
import { ApiError } from '../../../lib/api/errors';
import type { Page } from '../../../lib/api/list';
import { CSRF_HEADER, csrfToken } from '../../../lib/auth/token';
import { currentLanguage } from '../../../lib/i18n';

export const migrationKey = ['migration'] as const;

export const useCheck = () =>
  useQuery({ queryKey: [...migrationKey, 'check'], queryFn: ({ signal }) => api<MigrationCheck>('/api/migration/check', { signal }) });

export const useStaged = (type: MigrationDataType, page: number, limit: number, status?: string) =>
  useQuery({
    queryKey: [...migrationKey, 'rows', type, page, limit, status ?? ''],
    queryFn: ({ signal }) => api<Page<MigrationStagedRow>>(`/api/migration/data-${type}`, { query: { page, limit, status }, signal }),
  });

export const useNeraca = () =>
  useQuery({
    queryKey: [...migrationKey, 'neraca'],
    queryFn: ({ signal }) => api<MigrationNeraca>('/api/migration/data-coa-format-neraca', { query: { type: 'json' }, signal }),
  });

export const useReview = () =>
  useQuery({
    queryKey: [...migrationKey, 'review'],
    queryFn: ({ signal }) => api<MigrationReview>('/api/migration/review', { method: 'POST', body: {}, signal }),
  });

export const downloadTemplate = (type: MigrationDataType) =>
  downloadServerExcel(`/api/migration/template/${type}`, {}, `template-migrasi-${type}`);
export const downloadNeraca = () => downloadServerExcel('/api/migration/data-coa-format-neraca', { type: 'xlsx' }, 'neraca-awal-migrasi');
export const downloadFailed = (type: MigrationDataType) =>
  downloadServerExcel(`/api/migration/data-${type}`, { status: 'FAILED' }, `migrasi-${type}-gagal`);

/** POST a file with the upload's progress (0-100 while sending; the server then checks the rows). */
export function uploadFile<T>(path: string, file: File, onProgress: (percent: number) => void): Promise<{ data: T; message: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = 600_000;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const csrf = csrfToken();
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      try {
        const env = envelopeOf<T>(new Response(null, { status: xhr.status }), json);
        resolve({ data: env.data, message: env.message });
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => reject(new ApiError('Network error', 'network', 0));
    xhr.ontimeout = () => reject(new ApiError('Timeout', 'timeout', 0));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const uploadData = (type: MigrationDataType, file: File, onProgress: (p: number) => void) =>
  uploadFile<MigrationUploadResult>(`/api/migration/${type}`, file, onProgress);
export const uploadNeraca = (file: File, onProgress: (p: number) => void) =>
  uploadFile<{ accounts: number; balanced: boolean }>('/api/migration/data-coa-format-neraca', file, onProgress);

export function useConfirmStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: MigrationStepType) =>
      apiEnvelope(`/api/migration/confirm`, { method: 'POST', query: { type }, body: {}, timeoutMs: null }),
    onSettled: () => qc.invalidateQueries({ queryKey: migrationKey }),
  });
}

export function useResetData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiEnvelope('/api/migration/reset-data', { method: 'POST', body: {} }),
    onSettled: () => qc.invalidateQueries({ queryKey: migrationKey }),
  });
}

export function useResetStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, n }: { type: MigrationStepType; n: number }) =>
      apiEnvelope(`/api/migration/${type}/reset-confirm-step-${n}`, { method: 'POST', body: {}, timeoutMs: 300_000 }),
    onSettled: () => qc.invalidateQueries({ queryKey: migrationKey }),
  });
}
