/** Dashboard: installments falling due today and in the next seven days, with what is owed on each (call the member before). */
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import { useReminderLoans } from '../../api/home';
import { LoanListWidget } from './LoanListWidget';

export default function ReminderLoansWidget() {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const q = useReminderLoans(6, 7);
  const d = q.data;
  return (
    <LoanListWidget
      testId="widget-reminder-loans"
      rowTestId="reminder-loan-row"
      title={t('widgets.reminders')}
      subheader={d && t('widgets.remindersSubtitle', { count: d.totalElements })}
      query={q}
      empty={t('widgets.remindersNone')}
      detail={(r) => [r.loanNumber, r.phone?.replace(/^\+62/, '0')].filter(Boolean).join(' · ')}
      memberHeader={t('loan.member')}
      columns={[
        { header: t('schedule.dueDate'), cell: (r) => `${f.date(r.dueDate)} · #${r.number}` },
        { header: t('widgets.amountDue'), align: 'right', strong: true, cell: (r) => <MoneyText value={r.amount} /> },
      ]}
    />
  );
}
