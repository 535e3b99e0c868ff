/**
 * Laporan transaksi simpanan (report/transactions): every member movement of
 * a period with its balance after; the totals in, out and net count standing
 * movements only (a cancelled movement and its reversal cancel out).
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import type { TransactionsReport } from '../../lib/types';
import { Member, Money, StatusChip, TwoLine } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, type Paging, ReportTable, type Sort } from '../ReportTable';

type Row = TransactionsReport['content'][number];

export function TransactionsBody({
  data,
  paging,
  sort,
  onSort,
  onRowClick,
  print,
}: {
  data: TransactionsReport;
  paging?: Paging;
  sort?: Sort | null;
  onSort?: (s: Sort | null) => void;
  onRowClick?: (r: Row) => void;
  print?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const columns: Column<Row>[] = [
    {
      key: 'date',
      header: t('col.dateCode'),
      sortKey: 'transaction_date',
      nowrap: true,
      render: (r) => <TwoLine main={f.date(r.transactionDate)} sub={r.code} mono />,
    },
    {
      key: 'member',
      header: t('col.member'),
      sortKey: 'member_name',
      minWidth: 160,
      render: (r) => <Member name={r.memberName} cif={r.cifNumber} />,
    },
    {
      key: 'product',
      header: t('col.productAccount'),
      sortKey: 'product_name',
      minWidth: 150,
      render: (r) => <TwoLine main={r.productName} sub={r.accountNumber} mono />,
    },
    {
      key: 'activity',
      header: t('col.activity'),
      sortKey: 'activity',
      render: (r) => (
        <TwoLine
          main={t(`activity.${r.activity}`, { defaultValue: r.activity })}
          sub={t(`channel.${r.channel}`, { defaultValue: r.channel })}
        />
      ),
    },
    {
      key: 'amount',
      header: t('col.amount'),
      align: 'right',
      sortKey: 'amount',
      nowrap: true,
      render: (r) => (
        <Box component="span" sx={{ color: r.signedAmount < 0 ? 'error.main' : 'success.main', fontWeight: 600 }}>
          {r.signedAmount < 0 ? '−' : '+'}
          {f.money(r.amount)}
        </Box>
      ),
    },
    { key: 'balanceAfter', header: t('col.balanceAfter'), align: 'right', nowrap: true, render: (r) => <Money value={r.balanceAfter} /> },
    { key: 'teller', header: t('col.teller'), render: (r) => r.tellerName ?? '-' },
    {
      key: 'status',
      header: t('col.status'),
      render: (r) => <StatusChip value={r.isReversal ? 'REVERSAL' : r.status} group="tx" print={print} />,
    },
  ];
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.period'), value: t('range', { start: f.date(data.start), end: f.date(data.end) }) },
            { label: t('fig.transactions'), value: f.number(data.totals.count), testId: 'fig-count' },
            { label: t('fig.credit'), value: f.money(data.totals.credit), testId: 'fig-credit', tone: 'success' },
            { label: t('fig.debit'), value: f.money(data.totals.debit), testId: 'fig-debit', tone: 'error' },
            { label: t('fig.net'), value: f.money(data.totals.net), testId: 'fig-net' },
          ]}
        />
      }
      <ReportTable
        testId="report-transactions"
        framed
        columns={columns}
        rows={data.content}
        rowKey={(r) => r.id}
        paging={paging}
        sort={sort}
        onSort={onSort}
        onRowClick={onRowClick}
        print={print}
        minWidth={980}
      />
    </>
  );
}
