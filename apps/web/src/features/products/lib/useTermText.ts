/** How a terms value reads (detail, review, list, history): rupiah, percent, months, choices in words. */
import type { ProductKind } from '@koperasi/contracts/enums';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { TERM_FIELDS, type TermField } from './terms';

/** The `enum.<name>` group of a field's choices. */
export const ENUM_OF: Record<string, string> = {
  balanceBasis: 'balanceBasis',
  period: 'period',
  interestMethod: 'interestMethod',
  installmentPayMethod: 'installmentPayMethod',
  billType: 'billType',
  adminFeeType: 'feeType',
  provisionFeeType: 'feeType',
  fineMethod: 'feeType',
  penaltyBasis: 'penaltyBasis',
  dayCount: 'dayCount',
  rolloverType: 'rolloverType',
  firstInstallmentRule: 'firstInstallmentRule',
  roundingMultiple: 'roundingMultiple',
};

/** i18n key of a choice (`POKOK & JASA` → `POKOK_JASA`). */
export const enumKey = (v: string) => v.replace(/[^A-Za-z0-9]+/g, '_');

const NO_LIMIT = new Set(['interestMaxBalance', 'maxDeposit', 'maxAmount']);

export function fieldOf(kind: ProductKind, name: string): TermField | undefined {
  return TERM_FIELDS[kind].find((f) => f.name === name || f.typeField === name);
}

export function useTermText() {
  const { t } = useTranslation('products');
  const f = useFormat();
  /** `values` gives the fee type beside a fee. */
  return useCallback(
    (kind: ProductKind, name: string, value: unknown, values: Record<string, unknown> = {}): string => {
      const choice = (n: string, v: unknown) =>
        v === null || v === undefined || v === '' ? t('none') : t(`enum.${ENUM_OF[n]}.${enumKey(String(v))}`, { defaultValue: String(v) });
      const field = fieldOf(kind, name);
      if (!field) return value === null || value === undefined ? t('none') : String(value);
      if (name !== field.name) return choice(name, value); // a fee type
      const empty = value === null || value === undefined || value === '';
      switch (field.type) {
        case 'money':
          return f.money(value as number);
        case 'moneyOptional':
          return empty ? (NO_LIMIT.has(name) ? t('noLimit') : t('none')) : f.money(value as number);
        case 'percent':
          return empty ? t('none') : f.percent(value as number);
        case 'int':
        case 'intOptional':
          if (empty) return t('none');
          return name.endsWith('Tenor') || name === 'planTargetMonths' ? t('months', { count: Number(value) }) : f.number(value as number);
        case 'enum':
          return choice(name, value);
        case 'bool':
          return value ? t('yes') : t('no');
        case 'fee':
          if (empty) return t('none');
          return values[field.typeField!] === 'PERCENT' ? f.percent(value as number) : f.money(value as number);
      }
    },
    [t, f],
  );
}
