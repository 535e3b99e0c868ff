/**
 * Member photos: POST /api/member/{id}/photo/{self|identity-card|family-card}
 * (multipart, one file; re-encoded to JPEG and stripped of metadata by the
 * server) and the photo itself (GET the same path, bearer token) as an object URL.
 */
import type { MemberPhotoKind } from '@koperasi/contracts/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiEnvelope } from '../../../lib/api/client';
import { fetchFile } from '../lib/files';
import { memberKey, membersKey } from './keys';

export interface PhotoAnswer {
  memberId: string;
  kind: MemberPhotoKind;
  url: string;
  bytes: number;
}

export function uploadPhoto({ memberId, kind, file }: { memberId: string; kind: MemberPhotoKind; file: Blob }) {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : `${kind}.jpg`);
  return apiEnvelope<PhotoAnswer>(`/api/member/${encodeURIComponent(memberId)}/photo/${kind}`, { method: 'POST', body: form });
}

export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (env) =>
      qc.invalidateQueries({ queryKey: memberKey(env.data.memberId) }).then(() => qc.invalidateQueries({ queryKey: membersKey })),
  });
}

/** An object URL of a photo (`url` from the member detail, versioned), revoked when it changes. */
export function usePhotoUrl(url: string | null | undefined): { src: string | null; isLoading: boolean; isError: boolean } {
  const q = useQuery({
    queryKey: [...membersKey, 'photo', url],
    queryFn: async ({ signal }) => (await fetchFile(url!, signal)).blob,
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) {
      setSrc(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return { src, isLoading: q.isLoading, isError: q.isError };
}
