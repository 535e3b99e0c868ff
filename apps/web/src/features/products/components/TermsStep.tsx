/** Step 2 of the product form: the terms of the kind, grouped, with the effective date of the (new) terms. */
import type { ProductKind } from '@koperasi/contracts/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/dates/DateField';
import { FormMoneyField, FormNumberField, FormSelect, FormSwitch } from '../../../components/form/fields';
import { useFormat } from '../../../lib/format';
import type { ProductFormValues } from '../lib/productForm';
import { FEE_TYPES, type TermField, termFields } from '../lib/terms';
import { ENUM_OF, enumKey } from '../lib/useTermText';

export function TermsStep({
  form,
  kind,
  savingType,
  editing,
  accountCount,
  minEffectiveDate,
}: {
  form: UseFormReturn<ProductFormValues>;
  kind: ProductKind;
  savingType: string;
  editing: boolean;
  accountCount: number;
  minEffectiveDate?: string;
}) {
  const { t } = useTranslation('products');
  const f = useFormat();
  const { control } = form;
  const feeTypes = useWatch({ control, name: ['adminFeeType', 'provisionFeeType', 'fineMethod'] }) as string[];
  const feeType = (name: string) => feeTypes[['adminFeeType', 'provisionFeeType', 'fineMethod'].indexOf(name)];
  const fields = termFields(kind, savingType);
  const groups = [...new Set(fields.map((x) => x.group))];
  const locked = (x: TermField) => editing && Boolean(x.lockedWithAccounts) && accountCount > 0;

  const label = (x: TermField) =>
    x.name === 'amount' && savingType === 'PARTICIPATION' ? t('termsHint.amountPARTICIPATION') : t(`terms.${x.name}`);
  const hint = (x: TermField): string | undefined => {
    if (locked(x)) return t('termsHint.period');
    if (x.name === 'amount') return t(`termsHint.amount${savingType}`, { defaultValue: '' }) || undefined;
    if (x.name === 'fine') return t('termsHint.fine');
    if (x.type === 'fee') return t('termsHint.fee');
    return t(`termsHint.${x.name}`, { defaultValue: '' }) || undefined;
  };
  const options = (x: TermField) =>
    (x.options ?? []).map((o) => ({ value: o, label: t(`enum.${ENUM_OF[x.name]}.${enumKey(o)}`, { defaultValue: o }) }));

  const input = (x: TermField) => {
    const common = { control, name: x.name, label: label(x), helperText: hint(x), disabled: locked(x) } as const;
    switch (x.type) {
      case 'money':
      case 'moneyOptional':
        return <FormMoneyField {...common} />;
      case 'percent':
        return <FormNumberField {...common} suffix="%" />;
      case 'int':
      case 'intOptional':
        return <FormNumberField {...common} />;
      case 'enum':
        return <FormSelect {...common} options={options(x)} slotProps={{ htmlInput: { 'data-testid': `field-${x.name}` } }} />;
      case 'bool':
        return <FormSwitch control={control} name={x.name} label={label(x)} />;
      case 'fee': {
        const percent = feeType(x.typeField!) === 'PERCENT';
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 130px', gap: 1 }}>
            {percent ? <FormNumberField {...common} suffix="%" /> : <FormMoneyField {...common} />}
            <FormSelect
              control={control}
              name={x.typeField!}
              label={t('form.feeType')}
              options={FEE_TYPES.map((o) => ({ value: o, label: t(`enum.feeType.${o}`) }))}
            />
          </Box>
        );
      }
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="step-terms">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <FormDateField
          control={control}
          name="effectiveDate"
          label={t('fields.effectiveDate')}
          min={editing ? minEffectiveDate : undefined}
        />
        <Alert severity="info" sx={{ py: 0.25 }} data-testid="effective-hint">
          {editing ? t('form.effectiveEdit', { date: f.date(minEffectiveDate ?? null, 'long') }) : t('form.effectiveCreate')}
        </Alert>
      </Box>
      {groups.map((g) => (
        <Box key={g}>
          <Typography sx={{ fontWeight: 600, fontSize: '0.875rem', mb: 1.5 }}>{t(`group.${g}`)}</Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              gap: 2,
              alignItems: 'start',
            }}
          >
            {fields
              .filter((x) => x.group === g)
              .map((x) => (
                <Box key={x.name} data-testid={`input-${x.name}`}>
                  {input(x)}
                </Box>
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
