/**
 * The one place that tells the user how a request went (spec section 4,
 * "global request status"): success and error toasts through notistack. A
 * new request clears the previous error, as the spec's status slice does.
 * notistack and the toaster (app/Toaster) are loaded with the first toast,
 * so the sign-in page stays small: the first call asks the app to mount the
 * toaster (`useToasterWanted`) and waits until it has (`toasterMounted`).
 */
import type { SnackbarKey, VariantType } from 'notistack';
import { useSyncExternalStore } from 'react';
import { isApiError } from './api/errors';
import { messageText } from './i18n/messages';

let notistack: Promise<typeof import('notistack')> | null = null;
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** True once a toast was asked for: the app then mounts its toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by the toaster once mounted: toasts asked for before then are shown. */
export function toasterMounted(): void {
  markMounted();
}

const load = () => {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  notistack ??= import('notistack');
  return Promise.all([notistack, mounted]).then(([n]) => n);
};
let lastError: Promise<SnackbarKey> | null = null;

export function errorMessage(e: unknown): string {
  if (isApiError(e)) return e.message;
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'string' && e) return e;
  return messageText('common.generic_error');
}

function show(message: string, variant: VariantType, extra: { preventDuplicate?: boolean; autoHideDuration?: number } = {}) {
  return load().then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant, ...extra }));
}

export function notifySuccess(message: string): void {
  if (message) void show(message, 'success');
}

export function notifyInfo(message: string): void {
  if (message) void show(message, 'info');
}

export function notifyWarning(message: string): void {
  if (message) void show(message, 'warning');
}

export function notifyError(e: unknown): void {
  clearLastError();
  lastError = show(errorMessage(e), 'error', { preventDuplicate: true, autoHideDuration: 8000 });
}

export function clearLastError(): void {
  const prior = lastError;
  lastError = null;
  if (prior) void Promise.all([prior, load()]).then(([key, { closeSnackbar }]) => closeSnackbar(key));
}
