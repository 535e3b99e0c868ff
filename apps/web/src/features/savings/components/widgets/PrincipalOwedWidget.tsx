/** Dashboard: members who have not paid the principal saving (simpanan pokok), CIF ascending, with what remains. */
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import { usePrincipalOwed } from '../../api/home';
import { MemberListWidget } from './MemberListWidget';

export default function PrincipalOwedWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const q = usePrincipalOwed(6);
  const d = q.data;
  return (
    <MemberListWidget
      testId="widget-principal-owed"
      rowTestId="principal-owed-row"
      title={t('widgets.principalOwed')}
      subheader={d && t('widgets.principalOwedSubtitle', { count: d.totalElements, amount: f.money(d.totalRemaining) })}
      query={q}
      empty={t('widgets.principalAllPaid')}
      columns={[
        { header: t('member.cif'), mono: true, cell: (r) => r.cifNumber },
        { header: t('account.member'), memberDetail: (r) => t('widgets.joined', { date: f.date(r.joinDate) }) },
        { header: t('widgets.paid'), align: 'right', cell: (r) => <MoneyText value={r.paid} /> },
        { header: t('widgets.remaining'), align: 'right', strong: true, cell: (r) => <MoneyText value={r.remaining} /> },
      ]}
    />
  );
}
