/** A form for one preferences section, filled from the server and saved alone. */
import type { ProfilePreferences } from '@koperasi/contracts/web';
import { useEffect } from 'react';
import type { z } from 'zod';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { usePreferences } from '../api/preferences';
import { useUpdatePreferences } from '../api/updatePreferences';

type Section = 'information' | 'social' | 'notification' | 'connections';

export function usePreferenceForm<S extends z.ZodType<any, any>>(
  section: Section,
  schema: S,
  toForm: (p: ProfilePreferences) => z.input<S>,
) {
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const form = useZodForm(schema);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the stored preferences change (toForm is a pure mapper)
  useEffect(() => {
    if (prefs.data) form.reset(toForm(prefs.data));
  }, [prefs.data, form]);
  const submit = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync({ [section]: v });
    } catch (e) {
      applyServerErrors(form, e);
    }
  });
  return { form, submit, loading: prefs.isPending, saving: update.isPending, failed: prefs.isError, retry: () => void prefs.refetch() };
}
