/** The pieces of the loan payment dialog: the loan's header, the kind, the figures of each kind, the result. */
import type { LoanPaymentKind } from '@koperasi/contracts/loans';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import type { useOutstanding } from '../api/loanDetail';
import type { PaymentResult } from '../api/payLoan';
import type { LoanDetailView } from '../api/types';
import type { nextInstallments } from '../lib/payment';
import { ReceiptButtons } from './ReceiptButtons';

export const PAYMENT_KINDS: LoanPaymentKind[] = ['INSTALLMENT', 'PARTIAL', 'OPEN_AMOUNT', 'PAYOFF'];

export function PaymentLoanHeader({ loan, due }: { loan: LoanDetailView; due: number }) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2.5 }} data-testid="payment-loan">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {loan.loanNumber} · {loan.productName}
          </Typography>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            {loan.memberName} ({loan.cifNumber})
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'end' }}>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('loan.remainingPrincipal')}</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }} data-testid="payment-remaining">
            <MoneyText value={loan.remainingPrincipal} />
          </Typography>
          <Typography sx={{ fontSize: '0.75rem', color: due > 0 ? 'error.main' : 'text.secondary' }} data-testid="payment-due">
            {t('pay.dueToday')}: <MoneyText value={due} />
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

export function KindToggle({ kind, onKind }: { kind: LoanPaymentKind; onKind: (k: LoanPaymentKind) => void }) {
  const { t } = useTranslation('loans');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={kind}
      onChange={(_e, v: LoanPaymentKind | null) => {
        if (v) onKind(v);
      }}
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('pay.kind')}
    >
      {PAYMENT_KINDS.map((k) => (
        <ToggleButton key={k} value={k} data-testid={`pay-kind-${k}`} sx={{ flex: { xs: '1 1 45%', sm: 1 } }}>
          {t(`pay.kinds.${k}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** A figures box's last line, in bold over a rule. */
function TotalRow({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700, pt: 0.75, mt: 0.5, borderTop: 1, borderColor: 'divider' }}
    >
      <span>{label}</span>
      <span data-testid={testId}>
        <MoneyText value={value} />
      </span>
    </Box>
  );
}

export function NextInstallments({ next }: { next: ReturnType<typeof nextInstallments> }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="pay-next">
      {next.rows.map((o) => (
        <Box key={o.number} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.8125rem', py: 0.25 }}>
          <span>
            {t('pay.installmentN', { n: o.number })} · {f.date(o.dueDate)}
            {o.fine > 0 ? ` · ${t('schedule.fine')} ${f.money(o.fine)}` : ''}
          </span>
          <MoneyText value={o.total} />
        </Box>
      ))}
      <TotalRow label={t('pay.total')} value={next.total} testId="pay-next-total" />
    </Box>
  );
}

export function PayoffFigures({ outstanding }: { outstanding: ReturnType<typeof useOutstanding> }) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="pay-payoff">
      {outstanding.isError ? (
        <Alert severity="error">{t('pay.outstandingMissing')}</Alert>
      ) : (
        <>
          {[
            [t('loan.remainingPrincipal'), outstanding.data?.remainingPrincipal],
            [t('outstanding.interest'), outstanding.data?.interest],
            [t('outstanding.fine'), outstanding.data?.fine],
          ].map(([label, v]) => (
            <Box key={String(label)} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.8125rem', py: 0.25 }}>
              <span>{label}</span>
              <MoneyText value={v as number | undefined} />
            </Box>
          ))}
          <TotalRow label={t('outstanding.total')} value={outstanding.data?.total} testId="pay-payoff-total" />
        </>
      )}
    </Box>
  );
}

export function PaymentDone({ result, loanId }: { result: PaymentResult; loanId: string }) {
  const { t } = useTranslation('loans');
  return (
    <DoneView
      title={result.loan.status === 'PAID_OFF' ? t('pay.donePaidOff') : t('pay.done')}
      receipt={<ReceiptButtons loanId={loanId} paymentId={result.payment.id} />}
      lines={[
        result.payment.journalNumber && { label: t('pay.journal'), value: result.payment.journalNumber, testId: 'done-journal' },
        { label: t('pay.amount'), value: <MoneyText value={result.payment.amount} />, testId: 'done-amount', strong: true },
        result.payment.fine > 0 && { label: t('schedule.fine'), value: <MoneyText value={result.payment.fine} /> },
        { label: t('schedule.interest'), value: <MoneyText value={result.payment.interest} /> },
        { label: t('schedule.principal'), value: <MoneyText value={result.payment.principal} /> },
        {
          label: t('loan.remainingPrincipal'),
          value: <MoneyText value={result.loan.remainingPrincipal} />,
          testId: 'done-remaining',
          strong: true,
        },
      ]}
    />
  );
}
