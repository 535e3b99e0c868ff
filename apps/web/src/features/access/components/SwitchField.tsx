/** A react-hook-form switch that can be read-only (the UI kit's FormSwitch has no disabled state). */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              name={field.name}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}
