/** Step 1 of the product form: saving type, code, name, description, audience, approval and active flag. */
import type { ProductKind } from '@koperasi/contracts/enums';
import { PRODUCT_AUDIENCES } from '@koperasi/contracts/products';
import Box from '@mui/material/Box';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/form/fields';
import type { ProductFormValues } from '../lib/productForm';

export function GeneralStep({
  form,
  kind,
  savingTypes,
  editing,
  accountCount,
}: {
  form: UseFormReturn<ProductFormValues>;
  kind: ProductKind;
  savingTypes: readonly string[];
  editing: boolean;
  accountCount: number;
}) {
  const { t } = useTranslation('products');
  const { control } = form;
  const equity = kind === 'SAVING_EQUITY';
  const codeLocked = editing && accountCount > 0;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="step-general">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}>
        {savingTypes.length > 0 && (
          <FormSelect
            control={control}
            name="savingType"
            label={t('fields.savingType')}
            options={savingTypes.map((s) => ({ value: s, label: t(`savingType.${s}`) }))}
            disabled={editing || savingTypes.length === 1}
            helperText={editing ? t('form.savingTypeLocked') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'field-savingType' } }}
          />
        )}
        <FormTextField
          control={control}
          name="code"
          label={t('fields.code')}
          disabled={codeLocked}
          helperText={codeLocked ? t('form.codeLocked') : editing ? undefined : t('form.codeHint')}
          slotProps={{ htmlInput: { maxLength: 20, style: { textTransform: 'uppercase' } } }}
        />
        <FormTextField control={control} name="name" label={t('fields.name')} required />
        <FormSelect
          control={control}
          name="audience"
          label={t('fields.audience')}
          options={PRODUCT_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
          disabled={equity}
          helperText={equity ? t('form.audienceEquity') : undefined}
        />
      </Box>
      <FormTextField control={control} name="description" label={t('fields.description')} multiline minRows={2} />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <FormSwitch control={control} name="requiresApproval" label={t('fields.requiresApproval')} />
        <FormSwitch control={control} name="isActive" label={t('fields.isActive')} />
      </Box>
    </Box>
  );
}
