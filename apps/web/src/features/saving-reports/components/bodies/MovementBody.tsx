/**
 * Setoran / penarikan simpanan per produk (report/topup-saving-product and
 * withdraw-saving-product): the totals per product of the period, then the
 * movements themselves (standing ones only).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import type { MovementReport } from '../../lib/types';
import { Member, Money, TwoLine } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, type Paging, ReportTable, type Sort } from '../ReportTable';

type Summary = MovementReport['byProduct'][number];
type Row = MovementReport['content'][number];

export function MovementBody({
  data,
  paging,
  sort,
  onSort,
  onRowClick,
  print,
}: {
  data: MovementReport;
  paging?: Paging;
  sort?: Sort | null;
  onSort?: (s: Sort | null) => void;
  onRowClick?: (r: Row) => void;
  print?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const count = data.byProduct.reduce((s, b) => s + b.count, 0);
  const summary: Column<Summary>[] = [
    { key: 'code', header: t('col.code'), nowrap: true, render: (r) => r.code },
    { key: 'name', header: t('col.product'), minWidth: 200, render: (r) => r.name },
    { key: 'count', header: t('col.transactions'), align: 'right', render: (r) => f.number(r.count) },
    { key: 'total', header: t('col.total'), align: 'right', render: (r) => <Money value={r.total} /> },
  ];
  const rows: Column<Row>[] = [
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
      render: (r) => <TwoLine main={r.productName} sub={r.accountNumber} mono />,
    },
    {
      key: 'activity',
      header: t('col.activity'),
      render: (r) => (
        <TwoLine
          main={t(`activity.${r.activity}`, { defaultValue: r.activity })}
          sub={t(`channel.${r.channel}`, { defaultValue: r.channel })}
        />
      ),
    },
    { key: 'amount', header: t('col.amount'), align: 'right', sortKey: 'amount', nowrap: true, render: (r) => <Money value={r.amount} /> },
    { key: 'teller', header: t('col.teller'), render: (r) => r.tellerName ?? '-' },
  ];
  const block = (title: string, body: ReactNode) =>
    print ? (
      <Box sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: 600, fontSize: '0.9rem', mb: 1 }}>{title}</Typography>
        {body}
      </Box>
    ) : (
      <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 3 }}>
        <Typography sx={{ fontWeight: 600, mb: 1.5, px: 0.5 }}>{title}</Typography>
        {body}
      </Card>
    );
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.period'), value: t('range', { start: f.date(data.start), end: f.date(data.end) }) },
            { label: t('fig.transactions'), value: f.number(count), testId: 'fig-count' },
            {
              label: data.direction === 'TOPUP' ? t('fig.deposits') : t('fig.withdrawals'),
              value: f.money(data.total),
              testId: 'fig-total',
            },
          ]}
        />
      }
      {block(
        t('movement.byProduct'),
        <ReportTable
          testId="report-by-product"
          columns={summary}
          rows={data.byProduct}
          rowKey={(r) => r.productId}
          print={print}
          minWidth={480}
          footer={{ code: t('col.total'), count: f.number(count), total: <Money value={data.total} strong /> }}
        />,
      )}
      {block(
        t('movement.rows'),
        <ReportTable
          testId="report-rows"
          columns={rows}
          rows={data.content}
          rowKey={(r) => r.id}
          paging={paging}
          sort={sort}
          onSort={onSort}
          onRowClick={onRowClick}
          print={print}
        />,
      )}
    </>
  );
}
