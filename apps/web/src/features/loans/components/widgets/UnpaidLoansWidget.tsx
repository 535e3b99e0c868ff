/** Dashboard: running loans with an installment past due (oldest due first), days late and remaining principal. */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useUnpaidLoans } from '../../api/home';
import { LoanListWidget } from './LoanListWidget';

export default function UnpaidLoansWidget() {
  const { t } = useTranslation('loans');
  const q = useUnpaidLoans(6);
  const d = q.data;
  return (
    <LoanListWidget
      testId="widget-unpaid-loans"
      rowTestId="unpaid-loan-row"
      title={t('widgets.unpaid')}
      subheader={d && t('widgets.unpaidSubtitle', { count: d.totalElements })}
      query={{ ...q, data: d && { content: d.content.map((l) => ({ ...l, loanId: l.id })) } }}
      empty={t('widgets.unpaidNone')}
      detail={(l) => `${l.cifNumber} · ${l.loanNumber}`}
      more={{ label: t('widgets.all'), to: '/transactions/loans?tab=all' }}
      memberHeader={t('loan.member')}
      columns={[
        {
          header: t('widgets.late'),
          cell: (l) => (
            <Box component="span" sx={{ color: 'error.main' }}>
              {t('installment.daysLate', { count: l.daysLate })}
            </Box>
          ),
        },
        { header: t('loan.remainingPrincipal'), align: 'right', strong: true, cell: (l) => <MoneyText value={l.remainingPrincipal} /> },
      ]}
    />
  );
}
