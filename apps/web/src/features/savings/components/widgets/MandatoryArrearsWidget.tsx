/** Dashboard: members behind on the mandatory saving (simpanan wajib), largest arrears first, with unpaid periods. */
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import { useMandatoryArrears } from '../../api/home';
import { MemberListWidget } from './MemberListWidget';

export default function MandatoryArrearsWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const q = useMandatoryArrears(6);
  const d = q.data;
  return (
    <MemberListWidget
      testId="widget-mandatory-arrears"
      rowTestId="mandatory-arrears-row"
      title={t('widgets.mandatoryArrears')}
      subheader={d && t('widgets.mandatoryArrearsSubtitle', { count: d.totalElements, amount: f.money(d.totalArrears) })}
      query={q}
      empty={t('widgets.mandatoryAllPaid')}
      columns={[
        {
          header: t('account.member'),
          memberDetail: (r) => (
            <>
              {r.cifNumber}
              {r.oldestUnpaid
                ? ` · ${t('widgets.since', { date: f.date(r.oldestUnpaid, d?.product?.period === 'HARIAN' ? 'date' : 'month') })}`
                : ''}
            </>
          ),
        },
        { header: t('widgets.periodsUnpaid'), align: 'right', cell: (r) => f.number(r.periodsUnpaid) },
        { header: t('widgets.arrears'), align: 'right', strong: true, cell: (r) => <MoneyText value={r.arrears} /> },
      ]}
    />
  );
}
