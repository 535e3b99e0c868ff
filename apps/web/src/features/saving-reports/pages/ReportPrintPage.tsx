/**
 * The print layout of the saving reports (the paper is the shared
 * `components/print/PrintLayout`: heading, footer, A4 landscape, print dialog
 * once loaded unless `?preview=1`). Same filters as the screen (the address);
 * paged reports print up to 1,000 rows (the Excel file has them all).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PrintLayout } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { type ReportData, useReport } from '../api/report';
import { useTransactionDetail } from '../api/transactionDetail';
import { BalancesBody } from '../components/bodies/BalancesBody';
import { MovementBody } from '../components/bodies/MovementBody';
import { PeriodsBody } from '../components/bodies/PeriodsBody';
import { PlansBody } from '../components/bodies/PlansBody';
import { ProductsBody } from '../components/bodies/ProductsBody';
import { TransactionDetailBody } from '../components/bodies/TransactionDetailBody';
import { TransactionsBody } from '../components/bodies/TransactionsBody';
import { invalidFilters, PAGED, type ReportKey, reportDefaults, reportQuery, SAVING_TABS, type SavingTab } from '../lib/filters';
import { todayJakarta } from '../lib/today';
import { useUrlParams } from '../lib/useUrlParams';

/** Most rows a printout carries (the API's largest page). */
export const PRINT_LIMIT = 1000;

interface Loaded {
  query: UseQueryResult<unknown>;
  title: string;
  period: string;
  body: ReactNode;
  note?: string;
}

function useListReport(report: ReportKey): Loaded {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const today = useMemo(() => todayJakarta(), []);
  const [p] = useUrlParams(reportDefaults(report, today));
  const invalid = invalidFilters(report, p);
  const query = { ...reportQuery(report, p), ...(PAGED[report] ? { page: 0, limit: PRINT_LIMIT } : {}) };
  const q = useReport(report, query, !invalid);
  const range = (a: string, b: string) => t('range', { start: f.date(a, 'long'), end: f.date(b, 'long') });
  const total = (q.data as { totalElements?: number } | undefined)?.totalElements ?? 0;
  const note = total > PRINT_LIMIT ? t('print.truncated', { limit: f.number(PRINT_LIMIT), total: f.number(total) }) : undefined;
  const title = report === 'transactions' ? t('transactions.title') : `${t('savings.title')} · ${t(`savings.tab.${report}`)}`;
  const d = q.data;
  const base = { query: q as UseQueryResult<unknown>, title, note };
  if (!d) return { ...base, period: '', body: null };
  switch (report) {
    case 'balances': {
      const x = d as ReportData['balances'];
      return { ...base, period: t('asOf', { date: f.date(x.asOf, 'long') }), body: <BalancesBody data={x} print /> };
    }
    case 'products': {
      const x = d as ReportData['products'];
      return { ...base, period: t('asOf', { date: f.date(x.asOf, 'long') }), body: <ProductsBody data={x} print /> };
    }
    case 'periods': {
      const x = d as ReportData['periods'];
      return { ...base, period: range(x.start, x.end), body: <PeriodsBody data={x} print /> };
    }
    case 'deposits':
    case 'withdrawals': {
      const x = d as ReportData['deposits'];
      return { ...base, period: range(x.start, x.end), body: <MovementBody data={x} print /> };
    }
    case 'plans': {
      const x = d as ReportData['plans'];
      return { ...base, period: t('asOf', { date: f.date(today, 'long') }), body: <PlansBody data={x} print /> };
    }
    case 'transactions': {
      const x = d as ReportData['transactions'];
      return { ...base, period: range(x.start, x.end), body: <TransactionsBody data={x} print /> };
    }
  }
}

function PrintFrame({ loaded }: { loaded: Loaded }) {
  const { t } = useTranslation('saving-reports');
  return (
    <PrintLayout
      title={loaded.title}
      period={loaded.period}
      query={loaded.query}
      note={loaded.note}
      landscape
      labels={{ print: t('print.print'), close: t('print.close'), printedBy: (v) => t('print.printedBy', v) }}
    >
      {loaded.body}
    </PrintLayout>
  );
}

/** /reports/savings/print?tab=... and /reports/transactions/print. */
export function ListPrint({ report }: { report: 'savings' | 'transactions' }) {
  const [params] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const key: ReportKey =
    report === 'transactions' ? 'transactions' : (SAVING_TABS as readonly string[]).includes(asked) ? (asked as SavingTab) : 'balances';
  return <ListPrintOf key={key} report={key} />;
}

function ListPrintOf({ report }: { report: ReportKey }) {
  return <PrintFrame loaded={useListReport(report)} />;
}

/** /reports/transactions/:ref/print. */
export function TransactionPrint() {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const { ref } = useParams();
  const q = useTransactionDetail(ref);
  return (
    <PrintFrame
      loaded={{
        query: q as UseQueryResult<unknown>,
        title: t('detail.title'),
        period: q.data ? `${q.data.code} · ${f.date(q.data.transactionDate, 'long')}` : '',
        body: q.data && <TransactionDetailBody data={q.data} print />,
      }}
    />
  );
}

export default function ReportPrintPage({ report }: { report: 'savings' | 'transactions' | 'transaction' }) {
  return report === 'transaction' ? <TransactionPrint /> : <ListPrint report={report} />;
}
