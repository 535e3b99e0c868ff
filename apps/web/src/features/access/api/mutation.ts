/**
 * A mutation of this area that refreshes every list of it on success. With
 * `quiet`, a failure is not toasted: the screen shows the refusal itself (a
 * dialog for the last-admin rule, the fields of a form).
 */
import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from './keys';

export function useAccessMutation<T, V>(fn: MutationFunction<T, V>, opts: { quiet?: boolean; key?: readonly unknown[] } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: opts.key ?? accessKeys.all }),
    meta: opts.quiet ? { errorToast: false } : undefined,
  });
}
