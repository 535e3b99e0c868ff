/**
 * react-hook-form with a zod schema from packages/contracts. Error messages
 * of those schemas are catalogue keys; the Form* fields translate them.
 *
 *   const form = useZodForm(registerTenantBody, { defaultValues: {...} });
 *   <FormTextField control={form.control} name="email" label={t('auth:email')} />
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/errors';

export function useZodForm<S extends z.ZodType<any, any>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>, 'resolver'> = {},
): UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return useForm<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/** Put the server's per-field messages on the form's fields; true when at least one matched a field. */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!isApiError(error) || error.fields.length === 0) return false;
  const values = form.getValues() as Record<string, unknown>;
  let matched = false;
  for (const f of error.fields) {
    const name = f.field.split('.')[0];
    if (name in values) {
      form.setError(f.field as Path<T>, { type: 'server', message: f.message });
      matched = true;
    }
  }
  return matched;
}
