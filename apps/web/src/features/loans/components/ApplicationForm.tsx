/**
 * Pengajuan pinjaman: the member, the loan product (its terms shown), amount,
 * tenor, due day and purpose; collateral (as many as needed), a guarantor,
 * criteria and notes. Beside it, the schedule the loan would have (the
 * product's simulation, asked again as the officer types) and what the
 * release would deduct and pay out. Warnings before sending (the member's
 * loan limit, the officer's loan request limit); a confirmation; the
 * server's refusal shown in place, and sending again reuses the same
 * Idempotency-Key.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Facts } from '../../../components/Facts';
import { FormMoneyField, FormNumberField, FormSwitch, FormTextField, useFieldError } from '../../../components/form/fields';
import { MemberField } from '../../../components/MemberField';
import { MoneyText } from '../../../components/money/MoneyText';
import { useDebounced } from '../../../components/table/useServerTable';
import type { MemberHit } from '../../../lib/api/members';
import { useMember } from '../../../lib/api/members';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { type LoanOpenResult, useApplyLoan } from '../api/applyLoan';
import { useLoanProducts } from '../api/products';
import { useSimulation } from '../api/simulation';
import type { LoanProduct } from '../api/types';
import {
  type ApplicationValues,
  aboveLimit,
  annualRate,
  applicationBody,
  applicationSchema,
  emptyCollateral,
  newApplication,
  releasePreview,
} from '../lib/application';
import { SimulationTable } from './SimulationTable';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
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

const grid2 = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' };

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

export function ApplicationForm({
  initialMember,
  onDone,
  onCancel,
}: {
  initialMember?: MemberHit | null;
  onDone: (r: LoanOpenResult) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const user = useUser();
  const err = useFieldError();
  const products = useLoanProducts();
  const apply = useApplyLoan();
  const keys = useSubmissionKeys();
  const [member, setMember] = useState<MemberHit | null>(initialMember ?? null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const termsRef = useRef<LoanProduct['terms']['loan']>(null);
  const texts = useMemo(
    () => ({
      amountMin: (n: number) => t('form.amountMin', { amount: f.money(n) }),
      amountMax: (n: number) => t('form.amountMax', { amount: f.money(n) }),
      tenorMin: (n: number) => t('form.tenorMin', { count: n }),
      tenorMax: (n: number) => t('form.tenorMax', { count: n }),
      collateralRequired: t('form.collateralRequired'),
      guarantorName: t('form.guarantorNameRequired'),
    }),
    [t, f],
  );
  const form = useForm<ApplicationValues>({
    mode: 'onTouched',
    defaultValues: newApplication(initialMember?.id ?? ''),
    resolver: (values, ctx, opts) =>
      (zodResolver(applicationSchema(termsRef.current, texts) as never) as (...a: unknown[]) => never)(values, ctx, opts),
  });
  const { control } = form;
  const collaterals = useFieldArray({ control, name: 'collaterals' });
  const [productId, amount, tenor, withGuarantor] = useWatch({ control, name: ['productId', 'amount', 'tenorInMonth', 'withGuarantor'] });
  const product = products.data?.find((p) => p.id === productId) ?? null;
  const terms = product?.terms?.loan ?? null;
  termsRef.current = terms;
  const memberDetail = useMember(member?.id);
  const loanLimit = memberDetail.data?.loanLimit ?? null;

  // The simulation follows the typed figures a moment after typing stops.
  const simInput = useDebounced(
    {
      productId: productId || undefined,
      amount: typeof amount === 'number' ? amount : undefined,
      tenorInMonth: typeof tenor === 'number' ? tenor : undefined,
      interestBaseRate: annualRate(terms) ?? undefined,
    },
    300,
  );
  const sim = useSimulation(simInput);
  const missing = !productId
    ? t('simulation.needProduct')
    : !amount
      ? t('simulation.needAmount')
      : !tenor
        ? t('simulation.needTenor')
        : null;
  const preview = releasePreview(typeof amount === 'number' ? amount : null, terms);
  const overMember = aboveLimit(amount as number | null, loanLimit);
  const overOwn = aboveLimit(amount as number | null, user.limits.loanRequest);

  const submit = async () => {
    const body = applicationBody(form.getValues());
    const ticket = keys.ticket(body);
    setRefusal(null);
    try {
      const env = await apply.mutateAsync({ body: body as never, idempotencyKey: ticket.key });
      keys.done();
      setConfirming(false);
      onDone(env.data);
    } catch (e) {
      setConfirming(false);
      setRefusal(errorMessage(e));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(() => setConfirming(true))} data-testid="application-form">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Section title={t('form.applicant')}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <MemberField
                value={member}
                autoFocus={!initialMember}
                onChange={(m) => {
                  setMember(m);
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
                value={products.data?.some((p) => p.id === productId) ? productId : ''}
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
          <Section title={t('form.loan')}>
            <Box sx={grid2}>
              <FormMoneyField control={control} name="amount" label={t('form.amount')} required />
              <FormNumberField control={control} name="tenorInMonth" label={t('form.tenor')} suffix={t('form.months')} required />
              <FormNumberField control={control} name="dueDay" label={t('form.dueDay')} helperText={t('form.dueDayHint')} />
              <FormTextField control={control} name="purpose" label={t('form.purpose')} slotProps={{ htmlInput: { maxLength: 500 } }} />
            </Box>
            {overMember && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="warn-member-limit">
                {t('form.overMemberLimit', { amount: f.money(loanLimit) })}
              </Alert>
            )}
            {overOwn && (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="warn-own-limit">
                {t('form.overOwnLimit', { amount: f.money(user.limits.loanRequest), role: user.role.name })}
              </Alert>
            )}
          </Section>
          <Section
            title={t('form.collateral')}
            action={
              <Button
                size="small"
                startIcon={<AddRounded />}
                onClick={() => collaterals.append(emptyCollateral())}
                data-testid="add-collateral"
              >
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
          <Section
            title={t('form.guarantor')}
            action={<FormSwitch control={control} name="withGuarantor" label={t('form.withGuarantor')} />}
          >
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
          <Section title={t('form.notes')}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <FormTextField control={control} name="criteria" label={t('form.criteria')} multiline minRows={2} />
              <FormTextField control={control} name="description" label={t('form.description')} />
            </Box>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, display: 'grid', gap: 3 }}>
            <Section title={t('simulation.title')}>
              <SimulationTable
                data={sim.data}
                loading={sim.isFetching}
                error={sim.isError ? sim.error : null}
                missing={missing}
                maxHeight={360}
              />
            </Section>
            <Section title={t('fees.title')}>
              <Facts
                items={[
                  { label: t('form.amount'), value: <MoneyText value={typeof amount === 'number' ? amount : 0} /> },
                  { label: t('fees.admin'), value: <MoneyText value={-preview.adminFee} colorNegative />, testId: 'fee-admin' },
                  { label: t('fees.provision'), value: <MoneyText value={-preview.provisionFee} colorNegative />, testId: 'fee-provision' },
                  preview.otherCosts > 0 && { label: t('fees.other'), value: <MoneyText value={-preview.otherCosts} colorNegative /> },
                  { label: t('fees.net'), value: <MoneyText value={preview.net} />, strong: true, testId: 'fee-net' },
                ]}
              />
            </Section>
            {refusal && (
              <Alert severity="error" data-testid="application-error">
                {refusal}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              {onCancel && (
                <Button color="inherit" onClick={onCancel}>
                  {t('common:common.cancel')}
                </Button>
              )}
              <Button type="submit" variant="contained" startIcon={<SendRounded />} data-testid="application-submit">
                {refusal ? t('form.retry') : t('form.submit')}
              </Button>
            </Box>
          </Box>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
        title={t('form.confirmTitle')}
        confirmLabel={t('form.submit')}
        message={
          <Box data-testid="application-confirm">
            <Typography sx={{ mb: 1.5, fontSize: '0.875rem' }}>
              {t('form.confirmText', {
                member: member ? `${member.fullName} (${member.cifNumber})` : '',
                product: product?.name ?? '',
              })}
            </Typography>
            <Facts
              dense
              items={[
                { label: t('form.amount'), value: <MoneyText value={amount as number} />, strong: true },
                { label: t('form.tenor'), value: t('form.tenorValue', { count: (tenor as number) ?? 0 }) },
                sim.data && { label: t('simulation.installment'), value: <MoneyText value={sim.data.installmentAmount} /> },
                { label: t('fees.net'), value: <MoneyText value={preview.net} /> },
              ]}
            />
          </Box>
        }
      />
    </Box>
  );
}
