/**
 * The receipt's print view (/transactions/receipt/:id?paper=A5|80MM, layout
 * `blank`): the receipt on white paper with its own page size — A5 portrait,
 * or an 80 mm roll of any length — and nothing else printed. It opens the
 * browser's print dialog once the receipt (and the logo) have loaded;
 * `?preview=1` does not. The paper can be switched before printing. The
 * print buttons, printing once loaded and the tab's title are the print
 * layout's (components/print); the paper, its theme and page are its own.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PrintButtons, usePrintTitle, usePrintWhenReady } from '../../../components/print/PrintLayout';
import { useLogo } from '../api/logo';
import { type Paper, useReceipt } from '../api/receipt';
import { ReceiptDocument } from '../components/ReceiptDocument';

/**
 * The @page rule of a paper: A5 portrait with margins, or a page of the
 * 80 mm roll exactly as long as the receipt (`size: 80mm auto` is not valid
 * CSS and browsers drop it; a single length would make an 80 mm square).
 */
export function pageCss(paper: Paper, rollLengthMm?: number | null) {
  if (paper === 'A5') return { size: 'A5 portrait', margin: '8mm' };
  return { size: `80mm ${Math.max(80, Math.ceil(rollLengthMm ?? 200))}mm`, margin: '0' };
}

/** CSS pixels (96 per inch) to millimetres. */
export const pxToMm = (px: number) => (px * 25.4) / 96;

export default function ReceiptPrintPage() {
  const { t } = useTranslation('savings');
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const paper: Paper = params.get('paper')?.toUpperCase() === '80MM' ? '80MM' : 'A5';
  const q = useReceipt(id, paper);
  const logo = useLogo(q.data?.cooperative.logoUrl);
  const paperRef = useRef<HTMLDivElement | null>(null);
  const [rollMm, setRollMm] = useState<number | null>(null);
  // The roll's page is as long as the receipt: measured once it has rendered.
  useLayoutEffect(() => {
    if (paper !== '80MM' || !q.data || !logo.settled || !paperRef.current) {
      setRollMm(null);
      return;
    }
    setRollMm(pxToMm(paperRef.current.getBoundingClientRect().height));
  }, [paper, q.data, logo.settled]);
  const ready = Boolean(q.data) && logo.settled && (paper === 'A5' || rollMm !== null);
  // Paper is white whatever the app's theme.
  const theme = useMemo(
    () =>
      createTheme({
        palette: { mode: 'light', primary: { main: '#1D8B4F' } },
        typography: { fontFamily: '"Poppins", "Helvetica", "Arial", sans-serif', fontSize: 13, button: { textTransform: 'none' } },
      }),
    [],
  );

  usePrintTitle(q.data && `${q.data.title} ${q.data.code}`);
  usePrintWhenReady(ready, 300);

  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles
        styles={{
          '@page': pageCss(paper, rollMm),
          'html, body': { background: '#eef0f2 !important' },
          '@media print': {
            'html, body': { background: '#fff !important' },
            '.no-print': { display: 'none !important' },
            // A5: the page margin replaces the sheet's padding; the roll keeps its 4 mm (its page has no margin).
            '.paper':
              paper === 'A5'
                ? { boxShadow: 'none !important', padding: '0 !important', margin: '0 !important', width: 'auto !important' }
                : { boxShadow: 'none !important', margin: '0 !important' },
          },
        }}
      />
      <ScopedCssBaseline sx={{ bgcolor: 'transparent', minHeight: '100vh', py: 3, px: 2 }} data-testid="receipt-page">
        <Box
          className="no-print"
          sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mb: 2.5, alignItems: 'center' }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={paper}
            onChange={(_e, v: Paper | null) => {
              if (!v) return;
              const next = new URLSearchParams(params);
              next.set('paper', v);
              next.set('preview', '1');
              setParams(next, { replace: true });
            }}
            aria-label={t('receipt.paper')}
          >
            <ToggleButton value="A5" data-testid="paper-a5">
              A5
            </ToggleButton>
            <ToggleButton value="80MM" data-testid="paper-80mm">
              {t('receipt.thermal')}
            </ToggleButton>
          </ToggleButtonGroup>
          <PrintButtons
            ready={ready}
            labels={{ print: t('receipt.printNow'), close: t('common:common.close') }}
            printTestId="receipt-print"
          />
        </Box>
        {q.isError ? (
          <Alert severity="error" sx={{ maxWidth: 520, mx: 'auto' }} data-testid="receipt-error">
            {(q.error as Error).message}
          </Alert>
        ) : !q.data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
            <CircularProgress />
          </Box>
        ) : (
          <Box
            ref={paperRef}
            className="paper"
            sx={{
              bgcolor: '#fff',
              mx: 'auto',
              boxShadow: '0 2px 12px rgba(0,0,0,.15)',
              width: paper === '80MM' ? '80mm' : '148mm',
              p: paper === '80MM' ? '4mm' : '8mm',
            }}
          >
            <ReceiptDocument receipt={q.data} logoUrl={logo.url} />
          </Box>
        )}
      </ScopedCssBaseline>
    </ThemeProvider>
  );
}
