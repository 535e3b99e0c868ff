/**
 * The lines of one account over a period (mutation, buku besar): the
 * opening balance, each line with its running balance, the closing balance,
 * and the totals of debit and credit. Used on screen and in print.
 */
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import type { AccountStatement } from '../lib/types';
import { SourceChip } from './JournalChips';

export function StatementTable({
  data,
  print,
  /** Whether this page holds the first / last lines (opening and closing rows). */
  first = true,
  last = true,
  showAccount,
}: {
  data: AccountStatement;
  print?: boolean;
  first?: boolean;
  last?: boolean;
  /** A header account gathers lines of several accounts: show each line's account code. */
  showAccount?: boolean;
}) {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const head = {
    fontWeight: 600,
    fontSize: '0.75rem',
    textTransform: 'uppercase' as const,
    color: 'text.secondary',
    whiteSpace: 'nowrap' as const,
  };
  const strong = { fontWeight: 700, fontSize: '0.8125rem', color: 'text.primary' };
  const cols = showAccount ? 8 : 7;
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: print ? undefined : 900 }} data-testid="statement-table">
        <TableHead>
          <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
            <TableCell sx={{ ...head, width: 100 }}>{t('col.date')}</TableCell>
            <TableCell sx={{ ...head, width: 130 }}>{t('col.number')}</TableCell>
            {showAccount && <TableCell sx={{ ...head, width: 80 }}>{t('col.code')}</TableCell>}
            <TableCell sx={head}>{t('col.description')}</TableCell>
            {!print && <TableCell sx={{ ...head, width: 150 }}>{t('col.source')}</TableCell>}
            {print && <TableCell sx={{ ...head, width: 110 }}>{t('col.reference')}</TableCell>}
            <TableCell sx={{ ...head, width: 140 }} align="right">
              {t('col.debit')}
            </TableCell>
            <TableCell sx={{ ...head, width: 140 }} align="right">
              {t('col.credit')}
            </TableCell>
            <TableCell sx={{ ...head, width: 150 }} align="right">
              {t('col.balance')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {first && (
            <TableRow data-testid="opening-row">
              <TableCell sx={{ ...strong, whiteSpace: 'nowrap' }}>{f.date(data.start)}</TableCell>
              <TableCell colSpan={cols - 2} sx={strong}>
                {t('statement.opening')}
              </TableCell>
              <TableCell align="right" sx={strong}>
                <MoneyText value={data.openingBalance} colorNegative />
              </TableCell>
            </TableRow>
          )}
          {data.content.length === 0 && (
            <TableRow>
              <TableCell colSpan={cols} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                {t('statement.noLines')}
              </TableCell>
            </TableRow>
          )}
          {data.content.map((l) => (
            <TableRow key={`${l.journalId}-${l.lineNo}`} hover={!print} sx={{ breakInside: 'avoid' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.date(l.date)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
                {print ? (
                  l.number
                ) : (
                  <Link component={RouterLink} to={`/journal/general/${l.journalId}`} underline="hover">
                    {l.number}
                  </Link>
                )}
              </TableCell>
              {showAccount && <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>{l.coaCode}</TableCell>}
              <TableCell>
                <Typography sx={{ fontSize: '0.8125rem' }}>{l.description || l.journalDescription}</Typography>
                {!print && l.referenceCode && (
                  <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>{l.referenceCode}</Typography>
                )}
              </TableCell>
              {!print && (
                <TableCell>
                  <SourceChip module={l.sourceModule} />
                </TableCell>
              )}
              {print && <TableCell sx={{ fontSize: '0.75rem' }}>{l.referenceCode ?? ''}</TableCell>}
              <TableCell align="right">{l.debit ? <MoneyText value={l.debit} /> : ''}</TableCell>
              <TableCell align="right">{l.credit ? <MoneyText value={l.credit} /> : ''}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 500 }}>
                <MoneyText value={l.balance} colorNegative />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        {last && (
          <TableFooter>
            <TableRow sx={{ '& td': strong }}>
              <TableCell colSpan={cols - 3}>{t('statement.totals')}</TableCell>
              <TableCell align="right" data-testid="statement-total-debit">
                <MoneyText value={data.totalDebit} />
              </TableCell>
              <TableCell align="right" data-testid="statement-total-credit">
                <MoneyText value={data.totalCredit} />
              </TableCell>
              <TableCell />
            </TableRow>
            <TableRow sx={{ '& td': { ...strong, borderBottom: 0 } }} data-testid="closing-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.date(data.end)}</TableCell>
              <TableCell colSpan={cols - 2}>{t('statement.closing')}</TableCell>
              <TableCell align="right" data-testid="statement-closing">
                <MoneyText value={data.closingBalance} colorNegative />
              </TableCell>
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
