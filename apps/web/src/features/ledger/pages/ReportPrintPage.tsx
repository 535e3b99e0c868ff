/**
 * The print layout of the ledger reports (the paper is the shared
 * `components/print/PrintLayout`: heading, footer, A4 — landscape for the
 * wide reports —, print dialog once loaded unless `?preview=1`).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintLayout } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { useBalanceSheet } from '../api/balanceSheet';
import { useJournalReport } from '../api/journalReport';
import { useLedgerReport } from '../api/ledgerReport';
import { useProfitAndLoss } from '../api/profitAndLoss';
import { useTrialBalance } from '../api/trialBalance';
import { BalanceSheetBody } from '../components/reports/BalanceSheetBody';
import { JournalReportBody } from '../components/reports/JournalReportBody';
import { ProfitLossBody } from '../components/reports/ProfitLossBody';
import { TrialBalanceBody } from '../components/reports/TrialBalanceBody';
import { StatementTable } from '../components/StatementTable';
import { useReportParams } from '../lib/useReportParams';
import { balanceSheetDefaults, balanceSheetQuery } from './BalanceSheetPage';
import { journalReportDefaults } from './JournalReportPage';
import { ledgerDefaults } from './LedgerReportPage';
import { profitLossDefaults, profitLossQuery } from './ProfitLossPage';
import { trialBalanceDefaults, trialBalanceQuery } from './TrialBalancePage';

export type PrintableReport = 'balance-sheet' | 'profit-loss' | 'trial-balance' | 'ledger' | 'journal';

const NAV_KEY: Record<PrintableReport, string> = {
  'balance-sheet': 'balance_sheet',
  'profit-loss': 'profit_loss',
  'trial-balance': 'trial_balance',
  ledger: 'ledger',
  journal: 'journal',
};

/** Most lines a printout carries (the Excel download has them all). */
const PRINT_LIMIT = { ledger: 5000, journal: 1000 };

interface Loaded {
  query: UseQueryResult<unknown>;
  period: string;
  body: ReactNode;
  note?: string;
  landscape?: boolean;
}

function useReport(report: PrintableReport): Loaded {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const [bs] = useReportParams(balanceSheetDefaults());
  const [pl] = useReportParams(profitLossDefaults());
  const [tb] = useReportParams(trialBalanceDefaults());
  const [lg] = useReportParams(ledgerDefaults());
  const [jr] = useReportParams(journalReportDefaults());
  const qBs = useBalanceSheet(balanceSheetQuery(bs), report === 'balance-sheet');
  const qPl = useProfitAndLoss(profitLossQuery(pl), report === 'profit-loss');
  const qTb = useTrialBalance(trialBalanceQuery(tb), report === 'trial-balance');
  const qLg = useLedgerReport({
    coaId: report === 'ledger' ? lg.coa || null : null,
    start: lg.start,
    end: lg.end,
    page: 0,
    limit: PRINT_LIMIT.ledger,
  });
  const qJr = useJournalReport({
    start: report === 'journal' ? jr.start : null,
    end: jr.end,
    search: jr.search,
    sourceModule: jr.source,
    isAdjustment: jr.adjustment,
    page: 0,
    limit: PRINT_LIMIT.journal,
  });
  const range = (a: string, b: string) => t('print.range', { start: f.date(a, 'long'), end: f.date(b, 'long') });
  switch (report) {
    case 'balance-sheet':
      return {
        query: qBs,
        period: qBs.data ? t('report.asOf', { date: f.date(qBs.data.asOf, 'long') }) : '',
        body: qBs.data && <BalanceSheetBody data={qBs.data} print />,
      };
    case 'profit-loss':
      return {
        query: qPl,
        period: qPl.data ? range(qPl.data.start, qPl.data.end) : '',
        body: qPl.data && <ProfitLossBody data={qPl.data} print />,
      };
    case 'trial-balance':
      return {
        query: qTb,
        period: qTb.data ? range(qTb.data.start, qTb.data.end) : '',
        body: qTb.data && <TrialBalanceBody data={qTb.data} print />,
        landscape: true,
      };
    case 'ledger':
      return {
        query: qLg,
        period: qLg.data ? `${qLg.data.account.code} · ${qLg.data.account.name} — ${range(qLg.data.start, qLg.data.end)}` : '',
        body: qLg.data && <StatementTable data={qLg.data} print showAccount={!qLg.data.account.isPostable} />,
        note: qLg.data && qLg.data.totalElements > PRINT_LIMIT.ledger ? t('print.truncated', { limit: PRINT_LIMIT.ledger }) : undefined,
        landscape: true,
      };
    case 'journal':
      return {
        query: qJr,
        period: range(jr.start, jr.end),
        body: qJr.data && <JournalReportBody data={qJr.data} print />,
        note: qJr.data && qJr.data.totalElements > PRINT_LIMIT.journal ? t('print.truncated', { limit: PRINT_LIMIT.journal }) : undefined,
      };
  }
}

export default function ReportPrintPage({ report }: { report: PrintableReport }) {
  const { t } = useTranslation(['ledger', 'common']);
  const loaded = useReport(report);
  return (
    <PrintLayout
      title={t(`common:nav.report.${NAV_KEY[report]}`)}
      period={loaded.period}
      query={loaded.query}
      note={loaded.note}
      landscape={loaded.landscape}
      labels={{ print: t('print.print'), close: t('common.close'), printedBy: (v) => t('print.printedBy', v) }}
    >
      {loaded.body}
    </PrintLayout>
  );
}
