/**
 * Running debit and credit totals and their difference, kept in view at the
 * bottom of the journal form while lines are typed, with the submit button.
 */
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import type { Totals } from '../lib/lines';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ minWidth: 130 }}>
      <Typography sx={{ fontSize: '0.6875rem', textTransform: 'uppercase', color: 'text.secondary', letterSpacing: 0.4 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1rem' }} data-testid={testId} component="div">
        {children}
      </Typography>
    </Box>
  );
}

export function TotalsBar({ totals, message, actions }: { totals: Totals; message?: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('ledger');
  const balanced = totals.balanced;
  const started = totals.debitCents > 0n || totals.creditCents > 0n;
  return (
    <Paper
      elevation={6}
      sx={{
        position: 'sticky',
        bottom: 12,
        mt: 3,
        px: { xs: 1.5, md: 3 },
        py: { xs: 1.25, md: 1.75 },
        zIndex: 5,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'auto auto auto minmax(0, 1fr) auto' },
        alignItems: 'center',
        columnGap: { xs: 1.5, md: 4 },
        rowGap: 1,
        borderRadius: 3,
        borderTop: 3,
        borderColor: !started ? 'divider' : balanced ? 'success.main' : 'error.main',
      }}
      data-testid="totals-bar"
    >
      <Figure label={t('editor.totalDebit')} testId="total-debit">
        <MoneyText value={totals.totalDebit} />
      </Figure>
      <Figure label={t('editor.totalCredit')} testId="total-credit">
        <MoneyText value={totals.totalCredit} />
      </Figure>
      <Figure label={t('editor.difference')} testId="total-difference">
        <Box component="span" sx={{ color: !started ? 'text.secondary' : balanced ? 'success.main' : 'error.main' }}>
          <MoneyText value={Math.abs(totals.difference)} />
        </Box>
      </Figure>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, gridColumn: { xs: '1 / -1', md: 'auto' } }} data-testid="balance-state">
        {started && (balanced ? <CheckCircleRounded color="success" /> : <ErrorOutlineRounded color="error" />)}
        <Typography sx={{ fontSize: '0.8125rem', color: started && !balanced ? 'error.main' : 'text.secondary' }} component="div">
          {message ?? (balanced ? t('editor.balanced') : t('editor.startTyping'))}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', gridColumn: { xs: '1 / -1', md: 'auto' } }}>{actions}</Box>
    </Paper>
  );
}
