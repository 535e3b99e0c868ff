/**
 * Jadwal angsuran (/transactions/loans/:id/schedule, layout `blank`): the
 * loan's schedule on A4 with the cooperative, the loan and the member as
 * heading, what was paid per installment, totals and "printed by"; prints
 * itself once loaded (`?preview=1` does not).
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { PrintLayout } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { useLoan } from '../api/loanDetail';
import { ScheduleTable } from '../components/ScheduleTable';
import { scheduleTotals } from '../lib/schedule';

export default function SchedulePrintPage() {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const { id } = useParams();
  const q = useLoan(id);
  const l = q.data;
  return (
    <PrintLayout
      title={l ? `${t('schedule.title')} ${l.loanNumber}` : t('schedule.title')}
      period={l ? `${l.memberName} (${l.cifNumber}) · ${l.productName}` : ''}
      query={q}
      landscape
      labels={{ print: t('print.print'), close: t('print.close'), printedBy: (v) => t('print.printedBy', v) }}
    >
      {l && (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="schedule-print">
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 6 }}>
            <Facts
              dense
              items={[
                { label: t('loan.amount'), value: <MoneyText value={l.amount} /> },
                { label: t('loan.tenor'), value: t('form.tenorValue', { count: l.tenorInMonth }) },
                {
                  label: t('loan.rate'),
                  value: `${t(`method.${l.interestMethod}`)} · ${t('terms.perMonth', { rate: f.percent(l.interestRate) })}`,
                },
              ]}
            />
            <Facts
              dense
              items={[
                { label: t('loan.installment'), value: <MoneyText value={l.installmentAmount} /> },
                { label: t('loan.releaseDate'), value: f.date(l.releaseDate, 'long') },
                { label: t('loan.remainingPrincipal'), value: <MoneyText value={l.remainingPrincipal} /> },
              ]}
            />
          </Box>
          <ScheduleTable rows={l.installments} withPayments={l.status !== 'APPROVED'} totals={scheduleTotals(l.installments)} print />
        </Box>
      )}
    </PrintLayout>
  );
}
