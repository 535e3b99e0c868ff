/**
 * Buka rekening: a saving or equity product the member may hold (audience,
 * members-only equity, one live account per equity product), an optional
 * first deposit (not for products that need approval), the plan of a plan
 * saving (defaults from the product), a tag.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { FormMoneyField, FormTextField, useFieldError } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/useZodForm';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useCashAccounts } from '../api/cashAccounts';
import { useOpenAccount } from '../api/openAccount';
import { useSavingProducts } from '../api/products';
import type { MemberHit, OpenResult, Product, SavingAccount } from '../api/types';
import { addMonths, todayWib } from '../lib/dates';
import { type OpenFormIn, openForm } from '../lib/forms';
import { CashAccountSelect } from './CashAccountSelect';
import { ReceiptButtons } from './ReceiptButtons';

/** Products this member may open now. */
export function openableProducts(products: Product[], member: Pick<MemberHit, 'memberType'>, accounts: SavingAccount[]): Product[] {
  return products.filter((p) => {
    if (!p.isActive) return false;
    if (member.memberType === 'PROSPECTIVE') return false;
    if (p.kind === 'SAVING_EQUITY') {
      if (member.memberType !== 'MEMBER') return false;
      return !accounts.some((a) => a.productId === p.id && (a.status === 'ACTIVE' || a.status === 'PENDING'));
    }
    if (p.audience === 'MEMBER') return member.memberType === 'MEMBER';
    if (p.audience === 'NON_MEMBER') return member.memberType === 'NON_MEMBER';
    return true;
  });
}

type OpenFormApi = ReturnType<typeof useZodForm<typeof openForm>>;

/** The request body: the cash account only with a deposit, the plan only for a plan saving. */
function openBody(memberId: string, v: OpenFormIn, plan: boolean) {
  return {
    memberId,
    productId: v.productId,
    initialDeposit: v.initialDeposit,
    coaId: v.initialDeposit ? v.coaId || null : null,
    tag: v.tag?.trim() || null,
    planMonthlyAmount: plan ? v.planMonthlyAmount : null,
    planTargetBalance: plan ? v.planTargetBalance : null,
    planTargetDate: plan ? v.planTargetDate : null,
    description: v.description?.trim() || null,
  };
}

function ProductField({ form, list, product }: { form: OpenFormApi; list: Product[]; product: Product | null }) {
  const { t } = useTranslation('savings');
  const fieldError = useFieldError();
  return (
    <TextField
      select
      required
      label={t('open.product')}
      value={form.watch('productId')}
      onChange={(e) => form.setValue('productId', e.target.value, { shouldValidate: true })}
      error={Boolean(form.formState.errors.productId)}
      helperText={fieldError(form.formState.errors.productId?.message, t('open.product')) ?? product?.description ?? undefined}
      slotProps={{
        htmlInput: { 'data-testid': 'open-product' },
        select: { SelectDisplayProps: { 'data-testid': 'open-product-select' } as object },
      }}
    >
      {list.map((p) => (
        <MenuItem key={p.id} value={p.id} data-testid={`product-option-${p.code}`}>
          {p.code} · {p.name}
          {p.requiresApproval ? ` — ${t('open.needsApproval')}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

function MemberHeader({ member }: { member: MemberHit }) {
  const { t } = useTranslation('savings');
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{member.fullName}</Typography>
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
        {member.cifNumber} · {t(`memberType.${member.memberType}`)}
      </Typography>
    </Box>
  );
}

export function OpenAccountDialog({ member, accounts, onClose }: { member: MemberHit; accounts: SavingAccount[]; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const products = useSavingProducts();
  const cash = useCashAccounts();
  const open = useOpenAccount();
  const keys = useSubmissionKeys();
  const posting = usePosting<OpenResult>();
  const form = useZodForm(openForm, {
    defaultValues: {
      productId: '',
      initialDeposit: null,
      coaId: '',
      tag: '',
      planMonthlyAmount: null,
      planTargetBalance: null,
      planTargetDate: null,
      description: '',
    } as OpenFormIn,
  });
  const list = useMemo(() => openableProducts(products.data ?? [], member, accounts), [products.data, member, accounts]);
  const productId = form.watch('productId');
  const product = list.find((p) => p.id === productId) ?? null;
  const plan = product?.savingType === 'PLAN';
  const deposit = form.watch('initialDeposit') as number | null;
  const coaId = form.watch('coaId');
  const targetDate = form.watch('planTargetDate');

  // A plan saving starts from the product's plan.
  useEffect(() => {
    if (!product) return;
    form.setValue('planMonthlyAmount', plan ? (product.terms?.planMonthlyAmount ?? null) : null);
    form.setValue('planTargetBalance', plan ? (product.terms?.planTargetBalance ?? null) : null);
    form.setValue('planTargetDate', plan && product.terms?.planTargetMonths ? addMonths(todayWib(), product.terms.planTargetMonths) : null);
    if (product.requiresApproval) form.setValue('initialDeposit', null);
  }, [product, plan, form]);

  const confirm = () =>
    posting.run(async () => {
      const body = openBody(member.id, form.getValues(), plan);
      const ticket = keys.ticket(body);
      const env = await open.mutateAsync({ body, idempotencyKey: ticket.key });
      keys.done();
      return env.data;
    });

  const r = posting.result;
  const cashName = cash.data?.find((c) => c.id === coaId);
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('open.title')}
      testId="open-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      header={<MemberHeader member={member} />}
      onContinue={form.handleSubmit(() => posting.toConfirm())}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('open.confirm')}
      continueDisabled={products.isLoading}
      form={
        <>
          {products.isError && <Alert severity="error">{t('open.productsFailed')}</Alert>}
          {!products.isLoading && !products.isError && list.length === 0 && (
            <Alert severity="info" data-testid="open-none">
              {t('open.none')}
            </Alert>
          )}
          <ProductField form={form} list={list} product={product} />
          {product?.requiresApproval ? (
            <Alert severity="info">{t('open.approvalNote')}</Alert>
          ) : (
            <>
              <FormMoneyField
                control={form.control}
                name="initialDeposit"
                label={t('open.initialDeposit')}
                helperText={
                  product?.terms?.minBalance ? t('open.minBalance', { amount: f.money(product.terms.minBalance) }) : t('open.optional')
                }
              />
              {Boolean(deposit) && <CashAccountSelect value={coaId} onChange={(id) => form.setValue('coaId', id)} />}
            </>
          )}
          {plan && (
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormMoneyField control={form.control} name="planMonthlyAmount" label={t('open.planMonthly')} />
              <FormMoneyField control={form.control} name="planTargetBalance" label={t('open.planTarget')} />
              <DateField
                label={t('open.planTargetDate')}
                value={targetDate}
                onChange={(v) => form.setValue('planTargetDate', v)}
                min={todayWib()}
              />
            </Box>
          )}
          <FormTextField
            control={form.control}
            name="tag"
            label={t('flags.tag')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'open-tag' } }}
          />
        </>
      }
      summary={[
        { label: t('account.member'), value: `${member.fullName} (${member.cifNumber})` },
        product && { label: t('open.product'), value: `${product.code} · ${product.name}`, testId: 'summary-product' },
        Boolean(deposit) && {
          label: t('open.initialDeposit'),
          value: <MoneyText value={deposit} />,
          strong: true,
          testId: 'summary-deposit',
        },
        Boolean(deposit) && {
          label: t('form.cashAccount'),
          value: cashName ? `${cashName.code} · ${cashName.name}` : t('form.cashDefault'),
        },
        plan && { label: t('open.planMonthly'), value: <MoneyText value={form.getValues('planMonthlyAmount') as number | null} /> },
        plan && { label: t('open.planTarget'), value: <MoneyText value={form.getValues('planTargetBalance') as number | null} /> },
        plan && { label: t('open.planTargetDate'), value: f.date(targetDate, 'long') },
        form.getValues('tag') ? { label: t('flags.tag'), value: form.getValues('tag') } : null,
      ]}
      summaryNote={product?.requiresApproval ? <Alert severity="info">{t('open.approvalNote')}</Alert> : undefined}
      done={
        r && (
          <DoneView
            title={r.status === 'WAITING_APPROVAL' ? t('open.waiting') : t('open.done')}
            waiting={r.status === 'WAITING_APPROVAL'}
            receipt={r.transaction?.id ? <ReceiptButtons transactionId={r.transaction?.id} /> : null}
            lines={[
              { label: t('account.number'), value: r.account.accountNumber, testId: 'done-account' },
              { label: t('open.product'), value: r.account.productName },
              { label: t('account.balance'), value: <MoneyText value={r.account.balance} />, testId: 'done-balance', strong: true },
            ]}
          />
        )
      }
    />
  );
}
