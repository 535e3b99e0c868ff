/** A date field of a react-hook-form form that can be marked required (the kit's FormDateField has no asterisk). */
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField } from '../../../components/dates/DateField';
import { useFieldError } from '../../../components/form/fields';

export function MemberDateField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required,
  min,
  max,
  disabled,
}: {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  min?: string;
  max?: string;
  disabled?: boolean;
}) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          name={field.name}
          value={field.value ?? null}
          onChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
          min={min}
          max={max}
          disabled={disabled}
          slotProps={{
            textField: {
              error: Boolean(fieldState.error),
              helperText: err(fieldState.error?.message, label) ?? helperText,
              required,
              fullWidth: true,
              size: 'small',
              name: field.name,
              onBlur: field.onBlur,
            },
          }}
        />
      )}
    />
  );
}
