/**
 * A text field without MUI TextField's select mode (which pulls in Select,
 * Menu, Popover and Modal): outlined input, floating label, helper text.
 * Used where every kilobyte counts (the sign-in page); elsewhere use
 * TextField and the Form* fields.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export interface LightTextFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  size?: 'small' | 'medium';
}

export function LightTextField({ label, helperText, error, size = 'medium', id, fullWidth = true, ...rest }: LightTextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} size={size}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperText ? helperId : undefined} {...rest} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
