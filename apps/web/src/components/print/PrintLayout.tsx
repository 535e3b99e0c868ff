/**
 * The paper of a report's print layout (route layout `blank`: no menu, no
 * header), shared by the ledger and saving reports: white paper whatever the
 * theme, A4 (landscape for wide reports), table headers repeated on every
 * page and rows never split; a toolbar (print, close) that does not print;
 * the cooperative's name, the report's title and period as the heading; a
 * spinner until the report has loaded, its error message when it failed, a
 * warning note above the body; "printed by" and the cooperative as the
 * footer. It sets the tab's title and opens the browser's print dialog once
 * the report has loaded (`?preview=1` does not).
 *
 *   <PrintLayout title={t('title')} period={period} query={q} note={note} landscape
 *     labels={{ print: t('print.print'), close: t('print.close'), printedBy: (v) => t('print.printedBy', v) }}>
 *     {q.data && <ReportBody data={q.data} print />}
 *   </PrintLayout>
 *
 * Its parts serve print views that are not reports:
 * - `PrintPaper`: the same A4 paper with the area's own heading and footer
 *   (or none), width, table cells and test id (the savings passbook);
 * - `PrintButtons` (print, close), `usePrintWhenReady` (the print dialog once
 *   loaded, not for `?preview=1`) and `usePrintTitle` (the tab's title, which
 *   names a saved PDF) for a view with its own paper (the savings receipt).
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
import { useUser } from '../../lib/auth/AuthProvider';
import { useFormat } from '../../lib/format';

/** The area's own words for the toolbar and the footer. */
export interface PrintLabels {
  print: string;
  close: string;
  printedBy: (v: { name: string; at: string }) => string;
}

export interface PrintLayoutProps {
  title: string;
  period: string;
  /** The report's query: a spinner until it has data, its error's message when it failed. */
  query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'error'>;
  /** A warning above the body (e.g. the printout holds only the first rows). */
  note?: string;
  /** A4 landscape and a wider sheet (default A4 portrait). */
  landscape?: boolean;
  labels: PrintLabels;
  children?: ReactNode;
}

/** Table cells of the paper: padding (default 4px 8px) and font size. Pass a constant (the theme is made once per value). */
export interface PrintCellStyle {
  padding?: string;
  fontSize?: string;
}

export interface PrintPaperProps {
  /** The printed data's query: a spinner until it has data, its error's message when it failed. */
  query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'error'>;
  labels: Pick<PrintLabels, 'print' | 'close'>;
  /** Above the body, below the toolbar (shown while loading too, if given). */
  heading?: ReactNode;
  /** Below the body (shown while loading and on failure too, if given). */
  footer?: ReactNode;
  /** A warning above the body. */
  note?: string;
  /** A4 landscape and a wider sheet (default A4 portrait). */
  landscape?: boolean;
  /** The sheet's width on screen in px (default 860, landscape 1120). */
  maxWidth?: number;
  cell?: PrintCellStyle;
  /** data-testid of the sheet (default print-page). */
  testId?: string;
  children?: ReactNode;
}

function usePaperTheme(cell?: PrintCellStyle) {
  return useMemo(
    () =>
      createTheme({
        palette: { mode: 'light', primary: { main: '#1D8B4F' }, text: { primary: '#111', secondary: '#444' }, divider: '#bbb' },
        typography: { fontFamily: '"Poppins", "Helvetica", "Arial", sans-serif', fontSize: 12, button: { textTransform: 'none' } },
        components: { MuiTableCell: { styleOverrides: { root: { padding: '4px 8px', ...cell } } } },
      }),
    [cell],
  );
}

/**
 * Opens the browser's print dialog once, `delayMs` after `ready` first turns
 * true (fonts and images settle); never for `?preview=1`.
 */
export function usePrintWhenReady(ready: boolean, delayMs = 400): void {
  const [params] = useSearchParams();
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current || params.has('preview')) return;
    printed.current = true;
    const id = window.setTimeout(() => window.print(), delayMs);
    return () => window.clearTimeout(id);
  }, [ready, params, delayMs]);
}

/** Sets the tab's title (the name a "save as PDF" proposes) once `title` is known. */
export function usePrintTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** The toolbar's print button (disabled until `ready`) and close button. */
export function PrintButtons({
  ready,
  labels,
  printTestId,
}: {
  ready: boolean;
  labels: Pick<PrintLabels, 'print' | 'close'>;
  printTestId?: string;
}) {
  return (
    <>
      <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!ready} data-testid={printTestId}>
        {labels.print}
      </Button>
      <Button variant="outlined" color="inherit" startIcon={<CloseRounded />} onClick={() => window.close()}>
        {labels.close}
      </Button>
    </>
  );
}

function PrintHeader({ cooperative, title, period }: { cooperative: string; title: string; period: string }) {
  return (
    <Box component="header" sx={{ textAlign: 'center', borderBottom: '2px solid #111', pb: 1.5, mb: 2 }}>
      <Typography
        sx={{ fontWeight: 700, fontSize: '1.25rem', textTransform: 'uppercase', letterSpacing: 0.5 }}
        data-testid="print-cooperative"
      >
        {cooperative}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: '1.05rem' }} data-testid="print-title">
        {title}
      </Typography>
      <Typography sx={{ fontSize: '0.875rem' }} data-testid="print-period">
        {period}
      </Typography>
    </Box>
  );
}

function PrintFooter({ printedBy, cooperative }: { printedBy: string; cooperative: string }) {
  return (
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
      <span>{printedBy}</span>
      <span>{cooperative}</span>
    </Box>
  );
}

/** The A4 paper with its toolbar, the area's heading and footer, and the body once loaded; prints once loaded. */
export function PrintPaper({
  query,
  labels,
  heading,
  footer,
  note,
  landscape = false,
  maxWidth,
  cell,
  testId = 'print-page',
  children,
}: PrintPaperProps) {
  const { t } = useTranslation('common');
  const theme = usePaperTheme(cell);
  const ready = Boolean(query.data);
  usePrintWhenReady(ready);

  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles
        styles={{
          '@page': { size: landscape ? 'A4 landscape' : 'A4', margin: '12mm 10mm' },
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
        <Box sx={{ maxWidth: maxWidth ?? (landscape ? 1120 : 860), mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }} data-testid={testId}>
          <Box className="no-print" sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mb: 2 }}>
            <PrintButtons ready={ready} labels={labels} />
          </Box>
          {heading}
          {query.isError ? (
            <Alert severity="error">{(query.error as Error | null)?.message ?? t('empty.loadFailed')}</Alert>
          ) : !ready ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress />
            </Box>
          ) : (
            <>
              {note && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {note}
                </Alert>
              )}
              {children}
            </>
          )}
          {footer}
        </Box>
      </ScopedCssBaseline>
    </ThemeProvider>
  );
}

/** A report's print layout: the paper with the cooperative, title and period as heading and "printed by" as footer. */
export function PrintLayout({ title, period, query, note, landscape = false, labels, children }: PrintLayoutProps) {
  const f = useFormat();
  const user = useUser();
  usePrintTitle(`${title} · ${user.tenant.name}`);

  return (
    <PrintPaper
      query={query}
      note={note}
      landscape={landscape}
      labels={labels}
      heading={<PrintHeader cooperative={user.tenant.name} title={title} period={period} />}
      footer={
        <PrintFooter printedBy={labels.printedBy({ name: user.fullName, at: f.dateTimeWib(new Date()) })} cooperative={user.tenant.name} />
      }
    >
      {children}
    </PrintPaper>
  );
}
