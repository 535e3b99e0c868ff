/**
 * TanStack Query client wired to the global request status: a failing query
 * or mutation shows its error toast (unless `meta.errorToast` is false), a
 * mutation answering an envelope shows the server's success message (unless
 * `meta.successToast` is false, or a string replaces it), and each new
 * mutation clears the previous error. The header's progress bar reads
 * `useIsFetching`/`useIsMutating`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { clearLastError, notifyError, notifySuccess } from '../notify';
import { isApiError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean; successToast?: boolean | string };
  }
}

function envelopeMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'status' in data && 'message' in data) {
    const m = (data as { message: unknown }).message;
    return typeof m === 'string' ? m : null;
  }
  return null;
}

/**
 * Whether a failed query is tried again (twice at most): only what may pass on a second try, no answer or a server
 * fault; not a statement the database cancelled past its time limit (REQUEST_TIMEOUT: it would run a minute again).
 */
export function shouldRetry(count: number, error: unknown): boolean {
  return count < 2 && isApiError(error) && (error.kind === 'network' || error.status >= 500) && error.errorCode !== 'REQUEST_TIMEOUT';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onMutate: () => {
        clearLastError();
        return undefined;
      },
      onSuccess: (data, _vars, _ctx, mutation) => {
        const m = mutation.meta?.successToast;
        if (m === false) return;
        const text = typeof m === 'string' ? m : envelopeMessage(data);
        if (text) notifySuccess(text);
      },
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
