/** The sections of the loan application form: collateral, guarantor, notes, and the fees taken at release. */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { FormMoneyField, FormSwitch, FormTextField, useFieldError } from '../../../components/form/fields';
import { MemberField } from '../../../components/MemberField';
import { MoneyText } from '../../../components/money/MoneyText';
import type { MemberHit } from '../../../lib/api/members';
import { useFormat } from '../../../lib/format';
import type { useLoanProducts } from '../api/products';
import type { LoanProduct } from '../api/types';
import { type ApplicationValues, emptyCollateral, type releasePreview } from '../lib/application';

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>{title}</Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

export const grid2 = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' };

export function CollateralSection({ form }: { form: UseFormReturn<ApplicationValues> }) {
  const { t } = useTranslation('loans');
  const { control } = form;
  const collaterals = useFieldArray({ control, name: 'collaterals' });
  return (
    <Section
      title={t('form.collateral')}
      action={
        <Button size="small" startIcon={<AddRounded />} onClick={() => collaterals.append(emptyCollateral())} data-testid="add-collateral">
          {t('form.addCollateral')}
        </Button>
      }
    >
      {collaterals.fields.length === 0 && (
        <Typography sx={{ fontSize: '0.8125rem', color: form.formState.errors.collaterals ? 'error.main' : 'text.secondary' }}>
          {form.formState.errors.collaterals?.message ?? t('form.noCollateral')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {collaterals.fields.map((c, i) => (
          <Box key={c.id} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="collateral-row">
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, flex: 1 }}>{t('form.collateralN', { n: i + 1 })}</Typography>
              <Tooltip title={t('form.removeCollateral')}>
                <IconButton size="small" onClick={() => collaterals.remove(i)} aria-label={t('form.removeCollateral')}>
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            <Box sx={grid2}>
              <FormTextField control={control} name={`collaterals.${i}.type`} label={t('collateral.type')} placeholder="BPKB, SHM" />
              <FormTextField control={control} name={`collaterals.${i}.number`} label={t('collateral.number')} required />
              <FormMoneyField control={control} name={`collaterals.${i}.value`} label={t('collateral.value')} />
              <FormTextField control={control} name={`collaterals.${i}.detail`} label={t('collateral.detail')} />
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function GuarantorSection({ control, withGuarantor }: { control: Control<ApplicationValues>; withGuarantor: boolean }) {
  const { t } = useTranslation('loans');
  return (
    <Section title={t('form.guarantor')} action={<FormSwitch control={control} name="withGuarantor" label={t('form.withGuarantor')} />}>
      {withGuarantor ? (
        <Box sx={grid2}>
          <FormTextField control={control} name="guarantor.name" label={t('guarantor.name')} required />
          <FormTextField control={control} name="guarantor.relationship" label={t('guarantor.relationship')} />
          <FormTextField control={control} name="guarantor.phone" label={t('guarantor.phone')} />
          <FormTextField control={control} name="guarantor.identityNumber" label={t('guarantor.identityNumber')} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField control={control} name="guarantor.address" label={t('guarantor.address')} fullWidth />
          </Box>
        </Box>
      ) : (
        <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('form.noGuarantor')}</Typography>
      )}
    </Section>
  );
}

export function NotesSection({ control }: { control: Control<ApplicationValues> }) {
  const { t } = useTranslation('loans');
  return (
    <Section title={t('form.notes')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormTextField control={control} name="criteria" label={t('form.criteria')} multiline minRows={2} />
        <FormTextField control={control} name="description" label={t('form.description')} />
      </Box>
    </Section>
  );
}

/** The amount, each fee taken at release, and what the member receives. */
export function FeesSection({ amount, preview }: { amount: number; preview: ReturnType<typeof releasePreview> }) {
  const { t } = useTranslation('loans');
  return (
    <Section title={t('fees.title')}>
      <Facts
        items={[
          { label: t('form.amount'), value: <MoneyText value={amount} /> },
          { label: t('fees.admin'), value: <MoneyText value={-preview.adminFee} colorNegative />, testId: 'fee-admin' },
          { label: t('fees.provision'), value: <MoneyText value={-preview.provisionFee} colorNegative />, testId: 'fee-provision' },
          preview.otherCosts > 0 && { label: t('fees.other'), value: <MoneyText value={-preview.otherCosts} colorNegative /> },
          { label: t('fees.net'), value: <MoneyText value={preview.net} />, strong: true, testId: 'fee-net' },
        ]}
      />
    </Section>
  );
}

/** The member (with the loan limit) and the product (with its terms). */
export function ApplicantSection(p: {
  form: UseFormReturn<ApplicationValues>;
  member: MemberHit | null;
  onMember: (m: MemberHit | null) => void;
  autoFocus: boolean;
  products: ReturnType<typeof useLoanProducts>;
  product: LoanProduct | null;
  loanLimit: number | null;
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const err = useFieldError();
  const { form, member, onMember, autoFocus, products, product, loanLimit } = p;
  return (
    <Section title={t('form.applicant')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <MemberField
          value={member}
          autoFocus={autoFocus}
          onChange={(m) => {
            onMember(m);
            form.setValue('memberId', m?.id ?? '', { shouldValidate: form.formState.isSubmitted });
          }}
          error={Boolean(form.formState.errors.memberId)}
          helperText={
            form.formState.errors.memberId
              ? err(form.formState.errors.memberId.message, t('form.member'))
              : loanLimit !== null
                ? t('form.memberLimit', { amount: f.money(loanLimit) })
                : undefined
          }
        />
        <TextField
          select
          label={t('form.product')}
          value={products.data?.some((p) => p.id === product?.id) ? (product?.id ?? '') : ''}
          onChange={(e) => form.setValue('productId', e.target.value, { shouldValidate: form.formState.isSubmitted })}
          error={Boolean(form.formState.errors.productId)}
          helperText={
            form.formState.errors.productId
              ? err(form.formState.errors.productId.message, t('form.product'))
              : products.data && products.data.length === 0
                ? t('form.noProducts')
                : undefined
          }
          disabled={products.isLoading}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'product-select' } as object } }}
        >
          {(products.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id} data-testid="product-option">
              {p.code} · {p.name}
            </MenuItem>
          ))}
        </TextField>
        {product && <ProductTerms product={product} />}
      </Box>
    </Section>
  );
}

/** The product's terms an officer weighs: method, rate, bounds, fees. */
export function ProductTerms({ product }: { product: LoanProduct }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const l = product.terms?.loan ?? {};
  const fee = (v: number | undefined, type: string | undefined) => (type === 'PERCENT' ? f.percent(v ?? 0) : f.money(v ?? 0));
  return (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="product-terms">
      <Facts
        dense
        items={[
          { label: t('terms.interestMethod'), value: t(`method.${l.interestMethod ?? 'FLAT'}`) },
          { label: t('terms.interestRate'), value: t('terms.perMonth', { rate: f.percent(l.interestRate ?? 0) }) },
          { label: t('terms.tenor'), value: t('terms.tenorRange', { min: l.minTenor ?? 1, max: l.maxTenor ?? 360 }) },
          {
            label: t('terms.amount'),
            value: `${f.money(l.minAmount ?? 0)} – ${l.maxAmount ? f.money(l.maxAmount) : t('terms.noMax')}`,
          },
          { label: t('fees.admin'), value: fee(l.adminFee, l.adminFeeType) },
          { label: t('fees.provision'), value: fee(l.provisionFee, l.provisionFeeType) },
          Boolean(l.otherCosts) && { label: t('fees.other'), value: f.money(l.otherCosts) },
          l.requiresCollateral && { label: t('terms.collateral'), value: t('terms.collateralRequired') },
        ]}
      />
    </Box>
  );
}
