/**
 * Date input bound to the API's date text (`YYYY-MM-DD`), and its
 * react-hook-form twin. Range 1900-2099 (the picker library's default).
 */
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldError } from '../form/fields';
import { DatesProvider } from './DatesProvider';
import { dayjs } from './dayjsLocale';

export const API_DATE = 'YYYY-MM-DD';

export interface DateFieldProps extends Omit<DatePickerProps, 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: boolean;
  helperText?: ReactNode;
  /** `YYYY-MM-DD` bounds. */
  min?: string;
  max?: string;
  name?: string;
}

export function DateField({ value, onChange, error, helperText, min, max, name, ...rest }: DateFieldProps) {
  return (
    <DatesProvider>
      <DatePicker
        {...rest}
        value={value ? dayjs(value, API_DATE) : null}
        onChange={(d) => onChange(d?.isValid() ? d.format(API_DATE) : null)}
        minDate={dayjs(min ?? '1900-01-01')}
        maxDate={dayjs(max ?? '2099-12-31')}
        format="DD/MM/YYYY"
        slotProps={{ textField: { error, helperText, fullWidth: true, size: 'small', name }, ...rest.slotProps }}
      />
    </DatesProvider>
  );
}

export function FormDateField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  ...rest
}: {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
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
          {...rest}
          label={label}
          name={field.name}
          value={field.value ?? null}
          onChange={field.onChange}
          error={Boolean(fieldState.error)}
          helperText={err(fieldState.error?.message, label) ?? helperText}
        />
      )}
    />
  );
}
