/** Laporan saldo simpanan (report/saving): every account with its balance on a day, and the total of the whole filter. */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import type { SavingReport } from '../../lib/types';
import { Member, Money, StatusChip } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, type Paging, ReportTable, type Sort } from '../ReportTable';

type Row = SavingReport['content'][number];

export function BalancesBody({
  data,
  paging,
  sort,
  onSort,
  print,
}: {
  data: SavingReport;
  paging?: Paging;
  sort?: Sort | null;
  onSort?: (s: Sort | null) => void;
  print?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const columns: Column<Row>[] = [
    { key: 'account', header: t('col.account'), sortKey: 'account_number', nowrap: true, render: (r) => r.accountNumber },
    {
      key: 'member',
      header: t('col.member'),
      sortKey: 'member_name',
      minWidth: 180,
      render: (r) => <Member name={r.memberName} cif={r.cifNumber} />,
    },
    { key: 'product', header: t('col.product'), sortKey: 'product', render: (r) => r.productName },
    { key: 'status', header: t('col.status'), render: (r) => <StatusChip value={r.status} group="account" print={print} /> },
    { key: 'openDate', header: t('col.openDate'), nowrap: true, render: (r) => f.date(r.openDate) },
    {
      key: 'blocked',
      header: t('col.blocked'),
      align: 'right',
      render: (r) => (r.blockedAmount ? <Money value={r.blockedAmount} /> : '-'),
    },
    { key: 'balance', header: t('col.balance'), align: 'right', sortKey: 'balance', render: (r) => <Money value={r.balanceOn} /> },
  ];
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.asOf'), value: f.date(data.asOf, 'long') },
            { label: t('fig.accounts'), value: f.number(data.totalElements), testId: 'fig-accounts' },
            { label: t('fig.members'), value: f.number(data.memberCount), testId: 'fig-members' },
            { label: t('fig.totalBalance'), value: f.money(data.totalBalance), testId: 'fig-total-balance' },
          ]}
        />
      }
      <ReportTable
        testId="report-balances"
        framed
        columns={columns}
        rows={data.content}
        rowKey={(r) => r.id}
        paging={paging}
        sort={sort}
        onSort={onSort}
        print={print}
        footer={{ account: t('col.total'), balance: <Money value={data.totalBalance} strong /> }}
      />
    </>
  );
}
