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
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Facts } from '../../../components/Facts';
import { FormMoneyField, FormNumberField, FormTextField } from '../../../components/form/fields';
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
  newApplication,
  releasePreview,
} from '../lib/application';
import { ApplicantSection, CollateralSection, FeesSection, GuarantorSection, grid2, NotesSection, Section } from './ApplicationSections';
import { SimulationTable } from './SimulationTable';

/** The simulation follows the typed figures a moment after typing stops. */
function useApplicationSimulation(productId: string, amount: unknown, tenor: unknown, terms: LoanProduct['terms']['loan'] | null) {
  const simInput = useDebounced(
    {
      productId: productId || undefined,
      amount: typeof amount === 'number' ? amount : undefined,
      tenorInMonth: typeof tenor === 'number' ? tenor : undefined,
      interestBaseRate: annualRate(terms) ?? undefined,
    },
    300,
  );
  return useSimulation(simInput);
}

function ConfirmText(p: {
  member: MemberHit | null;
  product: LoanProduct | null;
  amount: number;
  tenor: number;
  sim: ReturnType<typeof useSimulation>['data'];
  net: number;
}) {
  const { t } = useTranslation('loans');
  const { member, product, amount, tenor, sim, net } = p;
  return (
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
          { label: t('form.amount'), value: <MoneyText value={amount} />, strong: true },
          { label: t('form.tenor'), value: t('form.tenorValue', { count: tenor }) },
          sim && { label: t('simulation.installment'), value: <MoneyText value={sim.installmentAmount} /> },
          { label: t('fees.net'), value: <MoneyText value={net} /> },
        ]}
      />
    </Box>
  );
}

/** The validation messages of the application schema, in the user's language. */
function useSchemaTexts() {
  const { t } = useTranslation('loans');
  const f = useFormat();
  return useMemo(
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
  const products = useLoanProducts();
  const apply = useApplyLoan();
  const keys = useSubmissionKeys();
  const [member, setMember] = useState<MemberHit | null>(initialMember ?? null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const termsRef = useRef<LoanProduct['terms']['loan']>(null);
  const texts = useSchemaTexts();
  const form = useForm<ApplicationValues>({
    mode: 'onTouched',
    defaultValues: newApplication(initialMember?.id ?? ''),
    resolver: (values, ctx, opts) =>
      (zodResolver(applicationSchema(termsRef.current, texts) as never) as (...a: unknown[]) => never)(values, ctx, opts),
  });
  const { control } = form;
  const [productId, amount, tenor, withGuarantor] = useWatch({ control, name: ['productId', 'amount', 'tenorInMonth', 'withGuarantor'] });
  const product = products.data?.find((p) => p.id === productId) ?? null;
  const terms = product?.terms?.loan ?? null;
  termsRef.current = terms;
  const memberDetail = useMember(member?.id);
  const loanLimit = memberDetail.data?.loanLimit ?? null;

  const sim = useApplicationSimulation(productId, amount, tenor, terms);
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
          <ApplicantSection
            form={form}
            member={member}
            onMember={setMember}
            autoFocus={!initialMember}
            products={products}
            product={product}
            loanLimit={loanLimit}
          />
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
          <CollateralSection form={form} />
          <GuarantorSection control={control} withGuarantor={Boolean(withGuarantor)} />
          <NotesSection control={control} />
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
            <FeesSection amount={typeof amount === 'number' ? amount : 0} preview={preview} />
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
          <ConfirmText
            member={member}
            product={product}
            amount={amount as number}
            tenor={(tenor as number) ?? 0}
            sim={sim.data}
            net={preview.net}
          />
        }
      />
    </Box>
  );
}
