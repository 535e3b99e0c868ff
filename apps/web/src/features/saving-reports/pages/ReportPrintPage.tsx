/**
 * The print layout of the saving reports (route layout `blank`: no menu, no
 * header): white paper whatever the theme, the cooperative's name, the
 * report and its period as the heading, table headers repeated on every
 * page, rows never split, A4 landscape. Same filters as the screen (the
 * address); paged reports print up to 1,000 rows (the Excel file has them
 * all). It opens the browser's print dialog once loaded (`?preview=1` does not).
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
import { useParams, useSearchParams } from 'react-router';
import { useUser } from '../../../lib/auth/AuthProvider';
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
  const f = useFormat();
  const user = useUser();
  const theme = usePaperTheme();
  const [params] = useSearchParams();
  const printed = useRef(false);
  const ready = Boolean(loaded.query.data);

  useEffect(() => {
    document.title = `${loaded.title} · ${user.tenant.name}`;
  }, [loaded.title, user.tenant.name]);
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
          '@page': { size: 'A4 landscape', margin: '12mm 10mm' },
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
        <Box sx={{ maxWidth: 1120, mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }} data-testid="print-page">
          <Box className="no-print" sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mb: 2 }}>
            <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!ready}>
              {t('print.print')}
            </Button>
            <Button variant="outlined" color="inherit" startIcon={<CloseRounded />} onClick={() => window.close()}>
              {t('print.close')}
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
              {loaded.title}
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
