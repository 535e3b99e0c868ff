/**
 * Bukti pembayaran pinjaman (/transactions/loans/:id/receipt/:paymentId?paper=A5|80MM,
 * layout `blank`): the cooperative, the loan and member, the payment's kind,
 * date, journal, its allocation (principal, interest, fine), the amount in
 * figures and words, the principal remaining, source of funds, cashier and
 * signatures (A5); a cancelled payment is stamped. A5 portrait or an 80 mm
 * roll as long as the receipt. Prints itself once loaded (`?preview=1` does
 * not); the paper can be switched first. Toolbar, printing once and the
 * tab's title are the shared print layout's (components/print).
 */
import { terbilang } from '@koperasi/finance/terbilang';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PrintButtons, usePrintTitle, usePrintWhenReady } from '../../../components/print/PrintLayout';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useLoan, useLoanPayments } from '../api/loanDetail';
import type { LoanDetailView, LoanPaymentView } from '../api/types';

type Paper = 'A5' | '80MM';

/** The @page of a paper: A5 with margins, or a roll page exactly as long as the receipt. */
export function pageCss(paper: Paper, rollLengthMm?: number | null) {
  if (paper === 'A5') return { size: 'A5 portrait', margin: '8mm' };
  return { size: `80mm ${Math.max(80, Math.ceil(rollLengthMm ?? 200))}mm`, margin: '0' };
}

function Row({ label, value, testId, bold }: { label: string; value: ReactNode; testId?: string; bold?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, alignItems: 'baseline' }}>
      <Box component="span" sx={{ color: '#333', flexShrink: 0 }}>
        {label}
      </Box>
      <Box component="span" sx={{ textAlign: 'end', fontWeight: bold ? 700 : 500, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}

export function LoanReceipt({ loan, payment: p, paper }: { loan: LoanDetailView; payment: LoanPaymentView; paper: Paper }) {
  const { t, i18n } = useTranslation('loans');
  const f = useFormat();
  const user = useUser();
  const thermal = paper === '80MM';
  const rule = thermal ? '1px dashed #000' : '1px solid #000';
  const cancelled = p.status === 'CANCELLED';
  const words = terbilang(p.amount, i18n.language === 'id' ? 'id' : 'en');
  return (
    <Box
      data-testid="receipt"
      data-paper={paper}
      sx={{
        position: 'relative',
        color: '#000',
        fontFamily: thermal ? '"Courier New", ui-monospace, monospace' : '"Poppins", "Helvetica", "Arial", sans-serif',
        fontSize: thermal ? '11px' : '12px',
        lineHeight: 1.45,
        width: thermal ? '72mm' : '132mm',
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: thermal ? 0.75 : 1.25,
      }}
    >
      {cancelled && (
        <Box
          data-testid="receipt-cancelled"
          sx={{
            position: 'absolute',
            top: '35%',
            left: '50%',
            transform: 'translate(-50%, -50%) rotate(-18deg)',
            border: '3px solid #c62828',
            color: '#c62828',
            px: 2,
            py: 0.5,
            fontWeight: 800,
            fontSize: thermal ? '18px' : '26px',
            letterSpacing: 2,
            opacity: 0.75,
          }}
        >
          {t('receipt.cancelled')}
        </Box>
      )}
      <Box sx={{ textAlign: 'center', borderBottom: rule, pb: 1 }}>
        <Box sx={{ fontWeight: 700, fontSize: thermal ? '13px' : '15px', textTransform: 'uppercase' }} data-testid="receipt-cooperative">
          {user.tenant.name}
        </Box>
        <Box sx={{ fontWeight: 600, mt: 0.5 }} data-testid="receipt-title">
          {t('receipt.title')}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Row label={t('pay.journal')} value={p.journalNumber ?? '-'} testId="receipt-journal" />
        <Row label={t('payments.date')} value={f.date(p.createdDate, 'dateTime')} />
        <Row label={t('loan.member')} value={`${loan.memberName} (${loan.cifNumber})`} testId="receipt-member" />
        <Row label={t('loan.number')} value={loan.loanNumber} testId="receipt-loan" />
        <Row label={t('form.product')} value={loan.productName} />
        <Row label={t('pay.kind')} value={t(`pay.kinds.${p.kind}`)} />
      </Box>
      <Box sx={{ display: 'grid', gap: 0.25, borderTop: rule, pt: 1 }}>
        <Row label={t('schedule.principal')} value={f.money(p.principal)} testId="receipt-principal" />
        <Row label={t('schedule.interest')} value={f.money(p.interest)} testId="receipt-interest" />
        {p.fine > 0 && <Row label={t('schedule.fine')} value={f.money(p.fine)} />}
        <Box sx={{ borderTop: rule, pt: 0.5, mt: 0.5 }}>
          <Row label={t('receipt.total')} value={f.money(p.amount)} testId="receipt-amount" bold />
        </Box>
        <Box sx={{ fontStyle: 'italic', textAlign: 'end' }} data-testid="receipt-words">
          {words}
        </Box>
        <Row label={t('loan.remainingPrincipal')} value={f.money(loan.remainingPrincipal)} testId="receipt-remaining" />
        <Row label={t('pay.from')} value={t(`source.${p.source}`)} />
        <Row label={t('receipt.cashier')} value={p.createdByName ?? user.fullName} />
        {p.description && <Row label={t('form.description')} value={p.description} />}
      </Box>
      {!thermal && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, mt: 4, textAlign: 'center' }}>
          {[t('receipt.payer'), t('receipt.officer')].map((who, i) => (
            <Box key={who}>
              <Box>{who}</Box>
              <Box sx={{ height: 56 }} />
              <Box sx={{ borderTop: '1px solid #000', pt: 0.5 }}>{i === 0 ? loan.memberName : (p.createdByName ?? user.fullName)}</Box>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ textAlign: 'center', borderTop: rule, pt: 1, mt: 1, fontSize: thermal ? '10px' : '11px' }}>{t('receipt.thanks')}</Box>
    </Box>
  );
}

export default function ReceiptPrintPage() {
  const { t } = useTranslation('loans');
  const { id, paymentId } = useParams();
  const [params, setParams] = useSearchParams();
  const paper: Paper = params.get('paper')?.toUpperCase() === '80MM' ? '80MM' : 'A5';
  const loan = useLoan(id);
  const payments = useLoanPayments(id, { page: 0, limit: 100 });
  const payment = payments.data?.content.find((p) => p.id === paymentId) ?? null;
  const notFound = payments.isSuccess && !payment;
  const failed = loan.isError || payments.isError || notFound;
  const paperRef = useRef<HTMLDivElement | null>(null);
  const [rollMm, setRollMm] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (paper !== '80MM' || !payment || !loan.data || !paperRef.current) {
      setRollMm(null);
      return;
    }
    setRollMm((paperRef.current.getBoundingClientRect().height * 25.4) / 96);
  }, [paper, payment, loan.data]);
  const ready = Boolean(loan.data && payment) && (paper === 'A5' || rollMm !== null);
  const theme = useMemo(
    () =>
      createTheme({
        palette: { mode: 'light', primary: { main: '#1D8B4F' } },
        typography: { fontFamily: '"Poppins", "Helvetica", "Arial", sans-serif', fontSize: 13, button: { textTransform: 'none' } },
      }),
    [],
  );
  usePrintTitle(loan.data && payment ? `${t('receipt.title')} ${loan.data.loanNumber} ${payment.journalNumber ?? ''}`.trim() : null);
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
            <ToggleButton value="A5">A5</ToggleButton>
            <ToggleButton value="80MM">{t('receipt.thermal')}</ToggleButton>
          </ToggleButtonGroup>
          <PrintButtons ready={ready} labels={{ print: t('print.print'), close: t('print.close') }} printTestId="receipt-print" />
        </Box>
        {failed ? (
          <Alert severity="error" sx={{ maxWidth: 480, mx: 'auto' }}>
            {notFound ? t('receipt.notFound') : ((loan.error ?? payments.error) as Error | null)?.message}
          </Alert>
        ) : !loan.data || !payment ? (
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
            <LoanReceipt loan={loan.data} payment={payment} paper={paper} />
          </Box>
        )}
      </ScopedCssBaseline>
    </ThemeProvider>
  );
}
