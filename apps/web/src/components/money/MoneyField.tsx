/**
 * Rupiah input: "Rp" prefix, digits grouped as typed in the language's
 * style (1.500.000 in Indonesian), at most two decimals. The value is a
 * number (or null when empty), ready to send as a JSON number.
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ChangeEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyInput, parseMoneyInput, separators } from '../../lib/money';

export interface MoneyFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  value: number | null;
  onChange: (value: number | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Allow negative amounts (adjustments). */
  allowNegative?: boolean;
}

/** Digits (and the decimal separator) before `caret` in `text`. */
function significantBefore(text: string, caret: number, decimal: string): number {
  return [...text.slice(0, caret)].filter((c) => /\d/.test(c) || c === decimal).length;
}

export function MoneyField({ value, onChange, allowNegative, inputRef, slotProps, ...rest }: MoneyFieldProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const { decimal } = separators(lang);
  const [text, setText] = useState(() => formatMoneyInput(value, lang));
  const el = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // Follow outside changes (form reset) without fighting the user's typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only outside changes of the value or language matter, not the typed text
  useEffect(() => {
    const current = parseMoneyInput(text, lang);
    if (current !== value) setText(formatMoneyInput(value, lang));
  }, [value, lang]);

  useEffect(() => {
    if (caret.current === null || !el.current) return;
    const want = caret.current;
    let seen = 0;
    let pos = 0;
    while (pos < text.length && seen < want) {
      if (/\d/.test(text[pos]!) || text[pos] === decimal) seen += 1;
      pos += 1;
    }
    el.current.setSelectionRange(pos, pos);
    caret.current = null;
  }, [text, decimal]);

  const handle = (e: ChangeEvent<HTMLInputElement>) => {
    let raw = e.target.value;
    if (!allowNegative) raw = raw.replace(/-/g, '');
    const endsWithDecimal = raw.endsWith(decimal) && raw.split(decimal).length === 2;
    const parsed = parseMoneyInput(raw, lang);
    caret.current = significantBefore(raw, e.target.selectionStart ?? raw.length, decimal);
    if (parsed === null) {
      setText(raw.trim() === '-' ? '-' : '');
      onChange(null);
      return;
    }
    const [, frac = ''] = raw.split(decimal);
    let shown = formatMoneyInput(Math.trunc(parsed), lang);
    if (parsed < 0 && Math.trunc(parsed) === 0) shown = `-${shown}`;
    if (endsWithDecimal) shown += decimal;
    else if (raw.includes(decimal)) shown += decimal + frac.replace(/\D/g, '').slice(0, 2);
    setText(shown);
    onChange(parsed);
  };

  return (
    <TextField
      {...rest}
      value={text}
      onChange={handle}
      inputRef={(node: HTMLInputElement | null) => {
        el.current = node;
        if (typeof inputRef === 'function') inputRef(node);
        else if (inputRef && typeof inputRef === 'object') (inputRef as { current: HTMLInputElement | null }).current = node;
      }}
      slotProps={{
        ...slotProps,
        // The caller's input attributes (aria-label, data-testid) kept; the money input's own win.
        htmlInput: {
          ...(slotProps?.htmlInput as object | undefined),
          inputMode: 'decimal',
          autoComplete: 'off',
          style: { fontVariantNumeric: 'tabular-nums' },
        },
        input: { startAdornment: <InputAdornment position="start">Rp</InputAdornment> },
      }}
    />
  );
}
