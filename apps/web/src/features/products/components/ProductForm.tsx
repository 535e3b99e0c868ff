/**
 * Add or update a product of any kind as a stepper: general data, terms of
 * the kind, GL mapping, review and confirm. One react-hook-form holds every
 * step; "next" validates the step's fields (the per-kind rules of
 * lib/productForm.ts); saving validates everything, and the server's field
 * errors go back to their fields, taking the user to the step holding the
 * first one.
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form/useZodForm';
import { usePostableAccounts } from '../../../lib/api/accounts';
import { isApiError } from '../../../lib/api/errors';
import { messageText } from '../../../lib/i18n/messages';
import { notifyError } from '../../../lib/notify';
import { useCreateProduct } from '../api/createProduct';
import { useGlDefaults } from '../api/glDefaults';
import { useUpdateProduct } from '../api/updateProduct';
import { todayJakarta } from '../lib/dates';
import {
  createBody,
  earliestEffectiveDate,
  newProductValues,
  type ProductFormValues,
  patchBody,
  productResolver,
  productToValues,
  stepFields,
  stepOfField,
} from '../lib/productForm';
import type { ProductDetail } from '../lib/types';
import { GeneralStep } from './GeneralStep';
import { GlStep } from './GlStep';
import { ReviewStep } from './ReviewStep';
import { TermsStep } from './TermsStep';

const STEPS = ['general', 'terms', 'gl', 'review'] as const;

/** Field names with an error (nested `glAccounts.ROLE` flattened). */
function errorFields(errors: FieldErrors<ProductFormValues>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (k === 'glAccounts' && v && typeof v === 'object' && !('message' in v && typeof v.message === 'string')) {
      for (const role of Object.keys(v)) out.push(`glAccounts.${role}`);
    } else out.push(k);
  }
  return out;
}

/**
 * A new product starts from the chart's default accounts; a new saving type brings its own defaults for the roles
 * the user has not changed, and its own terms (plan fields, equity amount of a participation).
 */
function useTypeDefaults(form: UseFormReturn<ProductFormValues>, kind: ProductKind, savingType: string, editing: boolean) {
  const defaults = useGlDefaults(kind, savingType || undefined);
  const applied = useRef<Record<string, string>>({});
  const applyDefaults = (force: boolean) => {
    if (!defaults.data) return;
    const current = form.getValues('glAccounts') ?? {};
    const next = { ...current };
    for (const d of defaults.data) {
      const untouched = !current[d.role] || current[d.role] === applied.current[d.role];
      if (d.coaId && (force || untouched)) next[d.role] = d.coaId;
    }
    applied.current = Object.fromEntries(defaults.data.map((d) => [d.role, d.coaId ?? '']));
    form.setValue('glAccounts', next, { shouldDirty: true });
    if (force) form.clearErrors('glAccounts');
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the defaults of the chosen saving type arrive
  useEffect(() => {
    if (!editing) applyDefaults(false);
  }, [defaults.data, editing]);

  // A saving type brings its own terms (plan fields, equity amount of a participation).
  const firstType = useRef(savingType);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the saving type matters
  useEffect(() => {
    if (editing || savingType === firstType.current) return;
    firstType.current = savingType;
    const fresh = newProductValues(kind, savingType, form.getValues('effectiveDate'));
    if (kind === 'SAVING_EQUITY') form.setValue('amount', fresh.amount);
  }, [savingType]);
  return { defaults, applyDefaults };
}

function FormButtons(p: {
  step: number;
  editing: boolean;
  busy: boolean;
  nothingChanged: boolean;
  onCancel: () => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('products');
  const { step, editing, busy, nothingChanged } = p;
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 4, flexWrap: 'wrap' }}>
      <Button color="inherit" onClick={p.onCancel} data-testid="form-cancel">
        {t('form.cancel')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {step > 0 && (
        <Button variant="outlined" color="inherit" startIcon={<ArrowBackRounded />} onClick={p.onBack} data-testid="form-back">
          {t('form.back')}
        </Button>
      )}
      {step < 3 ? (
        <Button variant="contained" endIcon={<ArrowForwardRounded />} onClick={p.onNext} data-testid="form-next">
          {t('form.next')}
        </Button>
      ) : (
        <Button
          variant="contained"
          startIcon={<CheckRounded />}
          onClick={p.onSubmit}
          loading={busy}
          loadingPosition="start"
          disabled={nothingChanged}
          data-testid="form-submit"
        >
          {editing ? t('form.save') : t('form.create')}
        </Button>
      )}
    </Box>
  );
}

export function ProductForm({
  kind,
  savingTypes,
  initialSavingType,
  product,
  onSaved,
  onCancel,
}: {
  kind: ProductKind;
  savingTypes: readonly string[];
  initialSavingType?: string;
  /** Editing this product; adding otherwise. */
  product?: ProductDetail;
  onSaved: (p: ProductDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('products');
  const today = useMemo(() => todayJakarta(), []);
  const editing = Boolean(product);
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const accountCount = product?.accountCount ?? 0;
  const minEffective = product ? earliestEffectiveDate(product, today) : undefined;

  const form = useForm<ProductFormValues>({
    mode: 'onTouched',
    defaultValues: product ? productToValues(product, today) : newProductValues(kind, initialSavingType ?? savingTypes[0] ?? '', today),
    resolver: productResolver(() => ({ product, today, text: messageText })),
  });
  // Only the saving type shapes the steps; the review reads every value when it opens.
  const savingType = (useWatch({ control: form.control, name: 'savingType' }) as string | undefined) ?? '';
  const shape = { kind, savingType };

  const accounts = usePostableAccounts();
  const create = useCreateProduct();
  const update = useUpdateProduct();

  const { defaults, applyDefaults } = useTypeDefaults(form, kind, savingType, editing);

  const goTo = (i: number) => {
    setFailure(null);
    setStep(i);
  };
  const next = async () => {
    const ok = await form.trigger(stepFields(shape)[step] as never);
    if (ok) goTo(step + 1);
  };

  const jumpToErrors = (fields: string[]) => {
    const steps = fields.map((f) => stepOfField(shape, f)).filter((i) => i >= 0);
    if (steps.length) setStep(Math.min(...steps));
  };

  const submit = form.handleSubmit(
    async (v) => {
      setFailure(null);
      try {
        const saved = product ? await update.mutateAsync(patchBody(product, v)) : await create.mutateAsync(createBody(v));
        onSaved(saved.data);
      } catch (err) {
        if (applyServerErrors(form, err) && isApiError(err)) {
          jumpToErrors(err.fields.map((x) => x.field));
          setFailure(err.message);
        } else {
          setFailure(isApiError(err) ? err.message : t('form.failed'));
          notifyError(err);
        }
      }
    },
    (errors) => jumpToErrors(errorFields(errors)),
  );

  const busy = create.isPending || update.isPending;
  const reviewValues = step === 3 ? form.getValues() : null;
  const nothingChanged = product && reviewValues ? Object.keys(patchBody(product, reviewValues)).length === 1 : false;
  const stepHasError = (i: number) => {
    const names = stepFields(shape)[i] ?? [];
    return errorFields(form.formState.errors).some((f) => names.includes(f));
  };

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="product-form">
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((s, i) => (
          <Step key={s} completed={i < step}>
            <StepButton
              onClick={() => (i < step || editing ? goTo(i) : undefined)}
              disabled={!(i < step || editing)}
              data-testid={`step-${s}-button`}
              sx={stepHasError(i) ? { '& .MuiStepLabel-label': { color: 'error.main' } } : undefined}
            >
              {t(`steps.${s}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>

      {editing && accountCount > 0 && step < 3 && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="locked-hint">
          {t('form.lockedHint', { count: accountCount })}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
        {step === 0 && <GeneralStep form={form} kind={kind} savingTypes={savingTypes} editing={editing} accountCount={accountCount} />}
        {step === 1 && (
          <TermsStep
            form={form}
            kind={kind}
            savingType={savingType}
            editing={editing}
            accountCount={accountCount}
            minEffectiveDate={minEffective}
          />
        )}
        {step === 2 && (
          <GlStep
            form={form}
            kind={kind}
            accounts={accounts.data ?? []}
            accountsLoading={accounts.isPending}
            defaults={defaults.data}
            lockedCount={accountCount}
            onApplyDefaults={editing ? undefined : () => applyDefaults(true)}
          />
        )}
        {step === 3 && reviewValues && (
          <ReviewStep values={reviewValues} kind={kind} product={product} accounts={accounts.data ?? []} today={today} />
        )}

        {failure && (
          <Alert severity="error" sx={{ mt: 3 }} data-testid="form-failure">
            {failure}
          </Alert>
        )}

        <FormButtons
          step={step}
          editing={editing}
          busy={busy}
          nothingChanged={nothingChanged}
          onCancel={onCancel}
          onBack={() => goTo(step - 1)}
          onNext={() => void next()}
          onSubmit={() => void submit()}
        />
      </Box>
    </Card>
  );
}
