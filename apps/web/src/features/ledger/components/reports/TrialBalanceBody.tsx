/** Neraca saldo: every account's opening, debit, credit and closing on their debit or credit side; totals that balance. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import type { TrialBalance, TrialBalanceAmounts } from '../../lib/types';

const COLS: Array<keyof TrialBalanceAmounts> = ['openingDebit', 'openingCredit', 'debit', 'credit', 'closingDebit', 'closingCredit'];

export function TrialBalanceBody({ data, print }: { data: TrialBalance; print?: boolean }) {
  const { t } = useTranslation('ledger');
  const head = {
    fontWeight: 600,
    fontSize: '0.7rem',
    textTransform: 'uppercase' as const,
    color: 'text.secondary',
    whiteSpace: 'nowrap' as const,
  };
  const cell = (v: number) =>
    v ? (
      <MoneyText value={v} />
    ) : (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        -
      </Box>
    );
  return (
    <Box data-testid="trial-balance">
      {!print && (
        <Alert severity={data.balanced ? 'success' : 'error'} sx={{ mb: 2 }} data-testid={data.balanced ? 'tb-balanced' : 'tb-unbalanced'}>
          {data.balanced ? t('report.tbBalanced') : t('report.tbUnbalanced')}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: print ? undefined : 1100, '& td': { fontSize: print ? '0.72rem' : '0.8125rem' } }}>
          <TableHead>
            <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
              <TableCell sx={head} rowSpan={2}>
                {t('col.code')}
              </TableCell>
              <TableCell sx={head} rowSpan={2}>
                {t('col.account')}
              </TableCell>
              <TableCell sx={head} align="center" colSpan={2}>
                {t('report.opening')}
              </TableCell>
              <TableCell sx={head} align="center" colSpan={2}>
                {t('report.movement')}
              </TableCell>
              <TableCell sx={head} align="center" colSpan={2}>
                {t('report.closing')}
              </TableCell>
            </TableRow>
            <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
              {COLS.map((c) => (
                <TableCell key={c} sx={head} align="right">
                  {c.endsWith('ebit') ? t('col.debit') : t('col.credit')}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {t('statement.noLines')}
                </TableCell>
              </TableRow>
            )}
            {data.rows.map((r) => (
              <TableRow key={r.id} hover={!print} sx={{ breakInside: 'avoid', opacity: r.isActive ? 1 : 0.6 }}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.code}</TableCell>
                <TableCell sx={{ minWidth: print ? 160 : 220 }}>{r.name}</TableCell>
                {COLS.map((c) => (
                  <TableCell key={c} align="right">
                    {cell(r[c])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow
              sx={{ '& td': { fontWeight: 700, color: 'text.primary', borderTop: 2, borderTopColor: 'text.primary' } }}
              data-testid="tb-totals"
            >
              <TableCell colSpan={2}>{t('col.total')}</TableCell>
              {COLS.map((c) => (
                <TableCell key={c} align="right" data-testid={`tb-total-${c}`}>
                  <MoneyText value={data.totals[c]} />
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Box>
  );
}
