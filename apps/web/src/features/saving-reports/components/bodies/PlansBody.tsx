/** Tabungan berencana (report/saving-product/with-plan): each plan's target, expected balance, shortfall and progress. */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import type { PlanReport } from '../../lib/types';
import { Member, Money, StatusChip, TwoLine } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, type Paging, ReportTable, type Sort } from '../ReportTable';

type Row = PlanReport['content'][number];

export function PlansBody({
  data,
  paging,
  sort,
  onSort,
  print,
}: {
  data: PlanReport;
  paging?: Paging;
  sort?: Sort | null;
  onSort?: (s: Sort | null) => void;
  print?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const columns: Column<Row>[] = [
    { key: 'account', header: t('col.account'), nowrap: true, render: (r) => r.accountNumber },
    {
      key: 'member',
      header: t('col.member'),
      sortKey: 'member_name',
      minWidth: 160,
      render: (r) => <Member name={r.memberName} cif={r.cifNumber} />,
    },
    { key: 'product', header: t('col.product'), render: (r) => r.productName },
    { key: 'monthly', header: t('col.monthly'), align: 'right', nowrap: true, render: (r) => <Money value={r.plan.planMonthlyAmount} /> },
    {
      key: 'target',
      header: t('col.target'),
      align: 'right',
      sortKey: 'plan_target_date',
      nowrap: true,
      render: (r) => <TwoLine main={<Money value={r.plan.planTargetBalance} />} sub={f.date(r.plan.planTargetDate)} />,
    },
    {
      key: 'balance',
      header: t('col.balance'),
      align: 'right',
      sortKey: 'balance',
      nowrap: true,
      render: (r) => <Money value={r.balance} />,
    },
    {
      key: 'expected',
      header: t('col.expected'),
      align: 'right',
      nowrap: true,
      render: (r) => (
        <TwoLine
          main={<Money value={r.plan.expectedBalance} />}
          sub={r.plan.shortfall ? t('plan.shortfall', { amount: f.money(r.plan.shortfall) }) : undefined}
        />
      ),
    },
    {
      key: 'progress',
      header: t('col.progress'),
      align: 'right',
      minWidth: 100,
      render: (r) => (
        <Box>
          {f.percent(r.plan.progressPercent)}
          {!print && (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, r.plan.progressPercent)}
              color={r.plan.status === 'BEHIND' ? 'warning' : 'success'}
              sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
            />
          )}
        </Box>
      ),
    },
    { key: 'status', header: t('col.status'), render: (r) => <StatusChip value={r.plan.status} group="plan" print={print} /> },
  ];
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.accounts'), value: f.number(data.totals.accounts), testId: 'fig-accounts' },
            { label: t('fig.totalBalance'), value: f.money(data.totals.balance), testId: 'fig-total-balance' },
            { label: t('fig.target'), value: f.money(data.totals.target) },
            { label: t('fig.reached'), value: f.number(data.totals.reached), tone: 'success' },
            { label: t('fig.behind'), value: f.number(data.totals.behind), tone: data.totals.behind ? 'error' : undefined },
          ]}
        />
      }
      <ReportTable
        testId="report-plans"
        framed
        columns={columns}
        rows={data.content}
        rowKey={(r) => r.id}
        paging={paging}
        sort={sort}
        onSort={onSort}
        print={print}
        minWidth={980}
        footer={{
          account: t('col.total'),
          target: <Money value={data.totals.target} strong />,
          balance: <Money value={data.totals.balance} strong />,
        }}
      />
    </>
  );
}
