/**
 * Simpanan per periode (report/saving-product-periode): per product and
 * month, opening + deposits - withdrawals + corrections = closing. The
 * totals add each flow over every row; the opening is the first month's,
 * the closing the last month's.
 */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import { sumMoney } from '../../../../lib/money';
import type { SavingPeriodReport } from '../../lib/types';
import { Money } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, ReportTable } from '../ReportTable';

type Row = SavingPeriodReport['rows'][number];

/** Totals of the period: flows over every row, opening of the first month, closing of the last. */
export function periodTotals(rows: Row[]) {
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const first = months[0];
  const last = months.at(-1);
  return {
    opening: sumMoney(rows.filter((r) => r.month === first).map((r) => r.opening)),
    deposits: sumMoney(rows.map((r) => r.deposits)),
    withdrawals: sumMoney(rows.map((r) => r.withdrawals)),
    corrections: sumMoney(rows.map((r) => r.corrections)),
    closing: sumMoney(rows.filter((r) => r.month === last).map((r) => r.closing)),
  };
}

export function PeriodsBody({ data, print }: { data: SavingPeriodReport; print?: boolean }) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const totals = periodTotals(data.rows);
  const month = (m: string) => f.date(`${m}-01`, 'month');
  const columns: Column<Row>[] = [
    { key: 'month', header: t('col.month'), nowrap: true, render: (r) => month(r.month) },
    { key: 'product', header: t('col.product'), minWidth: 180, render: (r) => `${r.code} · ${r.name}` },
    { key: 'opening', header: t('col.opening'), align: 'right', render: (r) => <Money value={r.opening} /> },
    { key: 'deposits', header: t('col.deposits'), align: 'right', render: (r) => <Money value={r.deposits} /> },
    { key: 'withdrawals', header: t('col.withdrawals'), align: 'right', render: (r) => <Money value={r.withdrawals} /> },
    { key: 'corrections', header: t('col.corrections'), align: 'right', render: (r) => <Money value={r.corrections} signed /> },
    { key: 'closing', header: t('col.closing'), align: 'right', render: (r) => <Money value={r.closing} strong /> },
  ];
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.opening'), value: f.money(totals.opening), testId: 'fig-opening' },
            { label: t('fig.deposits'), value: f.money(totals.deposits), testId: 'fig-deposits' },
            { label: t('fig.withdrawals'), value: f.money(totals.withdrawals), testId: 'fig-withdrawals' },
            { label: t('fig.corrections'), value: f.money(totals.corrections) },
            { label: t('fig.closing'), value: f.money(totals.closing), testId: 'fig-closing' },
          ]}
        />
      }
      <ReportTable
        testId="report-periods"
        framed
        columns={columns}
        rows={data.rows}
        rowKey={(r) => `${r.productId}-${r.month}`}
        print={print}
        footer={{
          month: t('col.total'),
          opening: <Money value={totals.opening} strong />,
          deposits: <Money value={totals.deposits} strong />,
          withdrawals: <Money value={totals.withdrawals} strong />,
          corrections: <Money value={totals.corrections} strong />,
          closing: <Money value={totals.closing} strong />,
        }}
      />
    </>
  );
}
