/**
 * A 6-digit code in six boxes (verification PIN, password reset OTP; spec:
 * exactly 6 digits). Typing moves on, Backspace moves back, pasting a code
 * fills every box, and `onComplete` fires once all six are there.
 */
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';

export const PIN_LENGTH = 6;

export interface PinInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  label: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
}

export function PinInput({ value, onChange, onComplete, label, error, disabled, autoFocus, length = PIN_LENGTH }: PinInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  useEffect(() => {
    if (autoFocus) refs.current[0]?.focus();
  }, [autoFocus]);

  const set = (next: string) => {
    const clean = next.replace(/\D/g, '').slice(0, length);
    onChange(clean);
    if (clean.length === length) onComplete?.(clean);
    return clean;
  };

  const onInput = (i: number, text: string) => {
    const d = text.replace(/\D/g, '');
    if (!d) return;
    if (d.length > 1) {
      const clean = set(value.slice(0, i) + d);
      refs.current[Math.min(clean.length, length - 1)]?.focus();
      return;
    }
    const arr = digits.slice();
    arr[i] = d;
    const clean = set(arr.join('').slice(0, Math.max(i + 1, value.length)));
    if (i < length - 1) refs.current[Math.min(i + 1, clean.length)]?.focus();
  };

  const onKey = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      if (digits[i]) set(value.slice(0, i) + value.slice(i + 1));
      else if (i > 0) {
        set(value.slice(0, i - 1) + value.slice(i));
        refs.current[i - 1]?.focus();
      }
    } else if (e.key === 'ArrowLeft' && i > 0) refs.current[i - 1]?.focus();
    else if (e.key === 'ArrowRight' && i < length - 1) refs.current[i + 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const clean = set(e.clipboardData.getData('text'));
    refs.current[Math.min(clean.length, length - 1)]?.focus();
  };

  return (
    <Box role="group" aria-label={label} dir="ltr" sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'center' }}>
      {digits.map((d, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position
          key={i}
          component="input"
          ref={(el: HTMLInputElement | null) => {
            refs.current[i] = el;
          }}
          value={d}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} ${i + 1}`}
          data-testid={`pin-${i}`}
          maxLength={length}
          onChange={(e) => onInput(i, (e.target as HTMLInputElement).value)}
          onKeyDown={(e) => onKey(i, e as KeyboardEvent<HTMLInputElement>)}
          onPaste={(e) => onPaste(e as ClipboardEvent<HTMLInputElement>)}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
          sx={(t) => ({
            width: { xs: 42, sm: 50 },
            height: { xs: 48, sm: 56 },
            textAlign: 'center',
            fontSize: '1.375rem',
            fontWeight: 600,
            fontFamily: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            borderRadius: 2,
            border: `1.5px solid ${error ? t.palette.error.main : d ? t.palette.primary.main : t.palette.divider}`,
            outline: 'none',
            transition: 'border-color .15s, box-shadow .15s',
            '&:focus': { borderColor: t.palette.primary.main, boxShadow: `0 0 0 3px ${alpha(t.palette.primary.main, 0.18)}` },
          })}
        />
      ))}
    </Box>
  );
}
