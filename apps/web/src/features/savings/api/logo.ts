/** The cooperative's logo for a printout (behind the session, read as a blob; null when there is none or it fails). */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

async function fetchLogo(path: string, signal?: AbortSignal): Promise<string | null> {
  const res = await fetch(path, { signal, credentials: 'same-origin' });
  if (!res.ok) return null;
  return URL.createObjectURL(await res.blob());
}

export function useLogo(path: string | null | undefined) {
  const q = useQuery({
    queryKey: ['savings', 'logo', path],
    queryFn: ({ signal }) => fetchLogo(path!, signal).catch(() => null),
    enabled: Boolean(path),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { errorToast: false },
  });
  const url = q.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url: path ? (q.data ?? null) : null, settled: !path || q.isFetched };
}
