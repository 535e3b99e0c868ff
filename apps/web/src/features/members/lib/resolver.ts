/**
 * A react-hook-form resolver that maps the form's values to the API body and
 * validates it with the server's contracts schema, so the form shows the
 * catalogue messages the server would answer. Empty values get "{field} wajib
 * diisi" (or "wajib dipilih" for choices) instead of zod's generic type error.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A catalogue key (`member.nik_16_digits`), not one of zod's own sentences ("Invalid input: …"). */
const CATALOGUE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;

/** Catalogue key to show for a zod issue on a field. */
export function issueMessage(message: string, value: unknown, choice: boolean): string {
  if (CATALOGUE_KEY.test(message)) return message;
  if (isEmpty(value)) return choice ? 'validation.must_choose' : 'validation.required';
  return 'validation.invalid';
}

export function bodyResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => Record<string, unknown>,
  choices: readonly string[] = [],
): Resolver<V, unknown, z.output<S>> {
  return async (values) => {
    const body = toBody(values);
    const r = schema.safeParse(body);
    if (r.success) return { values: r.data as z.output<S>, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of r.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || errors[field]) continue;
      errors[field] = { type: issue.code, message: issueMessage(issue.message, body[field], choices.includes(field)) };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
