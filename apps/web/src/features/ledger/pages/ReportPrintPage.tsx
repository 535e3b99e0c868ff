/**
 * The print layout of the ledger reports (route layout `blank`: no menu, no
 * header): white paper whatever the theme, the cooperative's name, the
 * report and its period as the heading, table headers repeated on every
 * page, rows never split, A4 (landscape for the wide reports). It opens the
 * browser's print dialog once the report has loaded (`?preview=1` does not).
 */
import CloseRounded from '@mui/icons-material/CloseRounded';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../lib/auth/AuthProvider';
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

function usePaperTheme() {
  return useMemo(
    () =>
      createTheme({
        palette: { mode: 'light', primary: { main: '#1D8B4F' }, text: { primary: '#111', secondary: '#444' }, divider: '#bbb' },
        typography: { fontFamily: '"Poppins", "Helvetica", "Arial", sans-serif', fontSize: 12, button: { textTransform: 'none' } },
        components: { MuiTableCell: { styleOverrides: { root: { padding: '4px 8px' } } } },
      }),
    [],
  );
}

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
  const f = useFormat();
  const user = useUser();
  const theme = usePaperTheme();
  const [params] = useSearchParams();
  const loaded = useReport(report);
  const printed = useRef(false);
  const ready = Boolean(loaded.query.data);
  const title = t(`common:nav.report.${NAV_KEY[report]}`);

  useEffect(() => {
    document.title = `${title} · ${user.tenant.name}`;
  }, [title, user.tenant.name]);
  useEffect(() => {
    if (!ready || printed.current || params.has('preview')) return;
    printed.current = true;
    const id = window.setTimeout(() => window.print(), 400);
    return () => window.clearTimeout(id);
  }, [ready, params]);

  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles
        styles={{
          '@page': { size: loaded.landscape ? 'A4 landscape' : 'A4', margin: '12mm 10mm' },
          'html, body': { background: '#fff !important' },
          '@media print': {
            '.no-print': { display: 'none !important' },
            thead: { display: 'table-header-group' },
            tfoot: { display: 'table-row-group' },
            tr: { breakInside: 'avoid' },
          },
        }}
      />
      <ScopedCssBaseline sx={{ bgcolor: '#fff', color: '#111', minHeight: '100vh' }}>
        <Box sx={{ maxWidth: loaded.landscape ? 1120 : 860, mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }} data-testid="print-page">
          <Box className="no-print" sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mb: 2 }}>
            <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!ready}>
              {t('print.print')}
            </Button>
            <Button variant="outlined" color="inherit" startIcon={<CloseRounded />} onClick={() => window.close()}>
              {t('common.close')}
            </Button>
          </Box>
          <Box component="header" sx={{ textAlign: 'center', borderBottom: '2px solid #111', pb: 1.5, mb: 2 }}>
            <Typography
              sx={{ fontWeight: 700, fontSize: '1.25rem', textTransform: 'uppercase', letterSpacing: 0.5 }}
              data-testid="print-cooperative"
            >
              {user.tenant.name}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: '1.05rem' }} data-testid="print-title">
              {title}
            </Typography>
            <Typography sx={{ fontSize: '0.875rem' }} data-testid="print-period">
              {loaded.period}
            </Typography>
          </Box>
          {loaded.query.isError ? (
            <Alert severity="error">{(loaded.query.error as Error | null)?.message ?? t('common:empty.loadFailed')}</Alert>
          ) : !ready ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress />
            </Box>
          ) : (
            <>
              {loaded.note && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {loaded.note}
                </Alert>
              )}
              {loaded.body}
            </>
          )}
          <Box
            component="footer"
            sx={{
              mt: 3,
              pt: 1,
              borderTop: '1px solid #bbb',
              display: 'flex',
              justifyContent: 'space-between',
              fontSize: '0.75rem',
              color: '#444',
            }}
          >
            <span>{t('print.printedBy', { name: user.fullName, at: f.date(new Date(), 'dateTime') })}</span>
            <span>{user.tenant.name}</span>
          </Box>
        </Box>
      </ScopedCssBaseline>
    </ThemeProvider>
  );
}
