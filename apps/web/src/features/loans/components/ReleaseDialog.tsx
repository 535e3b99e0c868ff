/**
 * Pencairan: pays an approved loan out to cash (a cash or bank account) or
 * into the member's savings, less the fees the product deducts (admin,
 * provision, other costs, as the loan carries them); the release date
 * (today by default, never later) and, optionally, the first installment's
 * date. The confirmation shows what the member receives; the server's
 * refusal (release flag, collateral or guarantor not verified) stays in the
 * dialog. "Tolak pencairan" refuses the disbursement with a reason.
 */

import { dec } from '@koperasi/finance/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { FundSource, type FundSourceValue, useFundSourceName } from '../../../components/FundSource';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { type ReleaseInput, useReleaseLoan } from '../api/releaseLoan';
import type { LoanDetailView, LoanView } from '../api/types';
import { todayWib } from '../lib/dates';

/** What the release deducts and pays out, from the loan's own figures. */
export function releaseFigures(loan: Pick<LoanView, 'amount' | 'adminFee' | 'provisionFee' | 'otherCosts'>) {
  const deductions = dec(loan.adminFee).plus(dec(loan.provisionFee)).plus(dec(loan.otherCosts));
  return { deductions: deductions.toNumber(), net: dec(loan.amount).minus(deductions).toNumber() };
}

function LoanHeader({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2.5 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {loan.loanNumber} · {loan.productName}
      </Typography>
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
        {loan.memberName} ({loan.cifNumber}) · {t('form.tenorValue', { count: loan.tenorInMonth })}
      </Typography>
    </Box>
  );
}

/** The amount, each fee taken off it, and what reaches the member. */
function ReleaseFigures({ loan, net }: { loan: LoanDetailView; net: number }) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, display: 'grid', gap: 0.5 }} data-testid="release-figures">
      {[
        [t('loan.amount'), loan.amount],
        [t('fees.admin'), -loan.adminFee],
        [t('fees.provision'), -loan.provisionFee],
        [t('fees.other'), -loan.otherCosts],
      ].map(([label, v]) => (
        <Box key={String(label)} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.8125rem' }}>
          <span>{label}</span>
          <MoneyText value={v as number} colorNegative />
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <span>{t('fees.net')}</span>
        <span data-testid="release-net">
          <MoneyText value={net} />
        </span>
      </Box>
    </Box>
  );
}

function ReleaseDone(p: { result: LoanView; reject: boolean; net: number; toCash: boolean; fundName: ReactNode }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const { result, reject, net, toCash, fundName } = p;
  return (
    <DoneView
      title={reject ? t('release.rejected') : t('release.done')}
      lines={
        reject
          ? undefined
          : [
              { label: t('fees.net'), value: <MoneyText value={net} />, strong: true },
              { label: toCash ? t('source.cashAccount') : t('source.savingTo'), value: fundName },
              result.firstInstallmentDate && { label: t('release.firstInstallment'), value: f.date(result.firstInstallmentDate, 'long') },
              { label: t('loan.installment'), value: <MoneyText value={result.installmentAmount} /> },
            ]
      }
    />
  );
}

export function ReleaseDialog({ loan, onClose }: { loan: LoanDetailView; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<LoanView>();
  const release = useReleaseLoan();
  const today = todayWib();
  const [decision, setDecision] = useState<'ACCEPTED' | 'REJECTED'>('ACCEPTED');
  const [fund, setFund] = useState<FundSourceValue>({ source: 'SAVING', coaId: '', memberSavingId: '' });
  const [releaseDate, setReleaseDate] = useState<string | null>(today);
  const [firstDate, setFirstDate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const onFund = useCallback((v: FundSourceValue) => setFund(v), []);
  const fundName = useFundSourceName(fund, loan.memberId);
  const figures = releaseFigures(loan);
  const reject = decision === 'REJECTED';

  const body = (): ReleaseInput =>
    reject
      ? { loanId: loan.id, status: 'REJECTED', reason: reason.trim() }
      : {
          loanId: loan.id,
          status: 'ACCEPTED',
          destination: fund.source,
          ...(fund.source === 'CASH' ? { coaId: fund.coaId || null } : { memberSavingId: fund.memberSavingId || null }),
          ...(releaseDate && releaseDate !== today ? { releaseDate } : {}),
          ...(firstDate ? { firstInstallmentDate: firstDate } : {}),
          ...(description.trim() ? { description: description.trim() } : {}),
        };

  const toConfirm = () => {
    setFormError(null);
    if (reject && !reason.trim()) return setFormError(t('release.reasonRequired'));
    if (!reject && fund.source === 'SAVING' && !fund.memberSavingId) return setFormError(t('source.savingRequired'));
    if (!reject && releaseDate && releaseDate > today) return setFormError(t('release.future'));
    if (!reject && firstDate && releaseDate && firstDate <= releaseDate) return setFormError(t('release.firstBeforeRelease'));
    posting.toConfirm();
  };
  const confirm = () =>
    posting.run(async () => {
      const b = body();
      const ticket = keys.ticket(b);
      const env = await release.mutateAsync({ body: b, idempotencyKey: ticket.key });
      keys.done();
      const d = env.data as LoanView | { loan: LoanView };
      return 'loan' in d ? d.loan : d;
    });

  const r = posting.result;
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('release.title')}
      testId="release-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      destructive={reject}
      confirmLabel={reject ? t('release.rejectConfirm') : t('release.confirm')}
      header={<LoanHeader loan={loan} />}
      form={
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={decision}
            onChange={(_e, v) => v && setDecision(v)}
            color={reject ? 'error' : 'primary'}
          >
            <ToggleButton value="ACCEPTED" data-testid="release-accept">
              {t('release.accept')}
            </ToggleButton>
            <ToggleButton value="REJECTED" data-testid="release-reject">
              {t('release.reject')}
            </ToggleButton>
          </ToggleButtonGroup>
          {reject ? (
            <TextField
              label={t('decision.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'release-reason' } }}
            />
          ) : (
            <>
              <FundSource value={fund} onChange={onFund} memberId={loan.memberId} direction="out" />
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <DateField label={t('release.date')} value={releaseDate} onChange={setReleaseDate} max={today} />
                <DateField
                  label={t('release.firstInstallment')}
                  value={firstDate}
                  onChange={setFirstDate}
                  min={releaseDate ?? today}
                  helperText={t('release.firstInstallmentHint')}
                />
              </Box>
              <TextField label={t('form.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
              <ReleaseFigures loan={loan} net={figures.net} />
            </>
          )}
          {formError && (
            <Alert severity="error" data-testid="release-form-error">
              {formError}
            </Alert>
          )}
        </>
      }
      summary={
        reject
          ? [
              { label: t('loan.number'), value: loan.loanNumber },
              { label: t('loan.member'), value: `${loan.memberName} (${loan.cifNumber})` },
              { label: t('decision.reason'), value: reason.trim() },
            ]
          : [
              { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.productName}` },
              { label: t('loan.member'), value: `${loan.memberName} (${loan.cifNumber})` },
              { label: t('loan.amount'), value: <MoneyText value={loan.amount} /> },
              { label: t('fees.deductions'), value: <MoneyText value={-figures.deductions} colorNegative /> },
              { label: t('fees.net'), value: <MoneyText value={figures.net} />, strong: true, testId: 'summary-net' },
              {
                label: fund.source === 'CASH' ? t('source.cashAccount') : t('source.savingTo'),
                value: fundName,
                testId: 'summary-destination',
              },
              { label: t('release.date'), value: f.date(releaseDate ?? today, 'long') },
              firstDate && { label: t('release.firstInstallment'), value: f.date(firstDate, 'long') },
            ]
      }
      done={r && <ReleaseDone result={r} reject={reject} net={figures.net} toCash={fund.source === 'CASH'} fundName={fundName} />}
    />
  );
}
