/**
 * Form fields bound to react-hook-form. Each takes `control`, `name` and the
 * usual MUI props; validation messages (catalogue keys from the contracts
 * schemas, or server messages) are shown translated under the field.
 */
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/i18n/messages';
import { MoneyField } from '../money/MoneyField';
import { PinInput } from '../PinInput';

interface Bound<T extends FieldValues> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
}

/** Translated text of a field error: catalogue key with {field}, or a server sentence as it is. */
export function useFieldError() {
  const msg = useMessageText();
  return (message: string | undefined, label?: ReactNode) =>
    message ? msg(message, { field: typeof label === 'string' ? label : '' }) : undefined;
}

export type FormTextFieldProps<T extends FieldValues> = Bound<T> & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>;

export function FormTextField<T extends FieldValues>({ control, name, helperText, label, ...rest }: FormTextFieldProps<T>) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={err(fieldState.error?.message, label) ?? helperText}
        />
      )}
    />
  );
}

export function FormPasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                edge="end"
                size="small"
                aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
              >
                {visible ? <VisibilityOffOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface Option {
  value: string;
  label: ReactNode;
}

export function FormSelect<T extends FieldValues>({ options, ...props }: FormTextFieldProps<T> & { options: Option[] }) {
  return (
    <FormTextField {...props} select>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** A number (percent, months): the form holds a number or null; `suffix` shows e.g. "%". */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  suffix,
  ...rest
}: FormTextFieldProps<T> & { suffix?: ReactNode }) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          name={field.name}
          type="text"
          value={field.value ?? ''}
          onChange={(e) => {
            const raw = e.target.value.replace(',', '.');
            if (raw === '') field.onChange(null);
            else if (/^-?\d*\.?\d*$/.test(raw)) field.onChange(raw.endsWith('.') || raw === '-' ? raw : Number(raw));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={err(fieldState.error?.message, label) ?? helperText}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : undefined,
            // With a placeholder the label sits above, like the money fields beside it.
            inputLabel: rest.placeholder ? { shrink: true } : undefined,
          }}
        />
      )}
    />
  );
}

export function FormMoneyField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  ...rest
}: Bound<T> & { label: ReactNode; helperText?: ReactNode; disabled?: boolean; required?: boolean; placeholder?: string }) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyField
          {...rest}
          label={label}
          name={field.name}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={err(fieldState.error?.message, label) ?? helperText}
        />
      )}
    />
  );
}

export function FormCheckbox<T extends FieldValues>({ control, name, label }: Bound<T> & { label: ReactNode }) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
            label={label}
          />
          {fieldState.error && <FormHelperText sx={{ mt: -0.5 }}>{err(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

export function FormSwitch<T extends FieldValues>({ control, name, label }: Bound<T> & { label: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
          label={label}
        />
      )}
    />
  );
}

/** A 6-digit code (verification PIN, OTP). */
export function FormPinField<T extends FieldValues>({
  control,
  name,
  label,
  onComplete,
  autoFocus,
}: Bound<T> & { label: string; onComplete?: (code: string) => void; autoFocus?: boolean }) {
  const err = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} fullWidth>
          <PinInput
            value={field.value ?? ''}
            onChange={field.onChange}
            onComplete={onComplete}
            label={label}
            error={Boolean(fieldState.error)}
            autoFocus={autoFocus}
          />
          {fieldState.error && <FormHelperText sx={{ textAlign: 'center' }}>{err(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
