/** Laporan jurnal: each journal with its lines (account, debit, credit), then the totals of the whole filter. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import type { JournalReport } from '../../lib/types';
import { JournalStatusChip, sourceLabel } from '../JournalChips';

export function JournalReportBody({ data, print, showTotals = true }: { data: JournalReport; print?: boolean; showTotals?: boolean }) {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const head = {
    fontWeight: 600,
    fontSize: '0.75rem',
    textTransform: 'uppercase' as const,
    color: 'text.secondary',
    whiteSpace: 'nowrap' as const,
  };
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="journal-report">
      <Table size="small" sx={{ minWidth: print ? undefined : 900 }}>
        <TableHead>
          <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
            <TableCell sx={{ ...head, width: 100 }}>{t('col.date')}</TableCell>
            <TableCell sx={{ ...head, width: 140 }}>{t('col.number')}</TableCell>
            <TableCell sx={{ ...head, width: 90 }}>{t('col.code')}</TableCell>
            <TableCell sx={head}>{t('col.account')}</TableCell>
            <TableCell sx={{ ...head, width: 150 }} align="right">
              {t('col.debit')}
            </TableCell>
            <TableCell sx={{ ...head, width: 150 }} align="right">
              {t('col.credit')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.content.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                {t('statement.noJournals')}
              </TableCell>
            </TableRow>
          )}
          {data.content.map((j) => (
            <Fragment key={j.id}>
              <TableRow
                sx={{
                  breakInside: 'avoid',
                  breakAfter: 'avoid',
                  bgcolor: print ? undefined : 'action.hover',
                  '& td': { borderBottom: 0, pt: 1.25 },
                }}
              >
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{f.date(j.date)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {print ? (
                    j.number
                  ) : (
                    <Link component={RouterLink} to={`/journal/general/${j.id}`} underline="hover">
                      {j.number}
                    </Link>
                  )}
                </TableCell>
                <TableCell colSpan={4}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{j.description}</Typography>
                    <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                      {[sourceLabel(t, j.sourceModule), j.referenceCode].filter(Boolean).join(' · ')}
                    </Typography>
                    {j.status !== 'POSTED' &&
                      (print ? (
                        <Typography sx={{ fontSize: '0.75rem' }}>({t(`status.${j.status}`)})</Typography>
                      ) : (
                        <JournalStatusChip status={j.status} />
                      ))}
                  </Box>
                </TableCell>
              </TableRow>
              {j.lines.map((l, i) => (
                <TableRow
                  key={l.lineNo}
                  sx={{ breakInside: 'avoid', '& td': { borderBottom: i === j.lines.length - 1 ? undefined : 0, fontSize: '0.8125rem' } }}
                >
                  <TableCell />
                  <TableCell />
                  <TableCell sx={{ fontFamily: 'monospace' }}>{l.coaCode}</TableCell>
                  <TableCell sx={{ pl: l.credit ? '40px !important' : undefined }}>
                    {l.coaName}
                    {l.description && (
                      <Typography component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                        {' '}
                        — {l.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{l.debit ? <MoneyText value={l.debit} /> : ''}</TableCell>
                  <TableCell align="right">{l.credit ? <MoneyText value={l.credit} /> : ''}</TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
        {showTotals && (
          <TableFooter>
            <TableRow
              sx={{
                '& td': { fontWeight: 700, fontSize: '0.875rem', color: 'text.primary', borderTop: 2, borderTopColor: 'text.primary' },
              }}
            >
              <TableCell colSpan={4}>{t('report.journalTotals', { count: data.totalElements })}</TableCell>
              <TableCell align="right" data-testid="jr-total-debit">
                <MoneyText value={data.totalDebit} />
              </TableCell>
              <TableCell align="right" data-testid="jr-total-credit">
                <MoneyText value={data.totalCredit} />
              </TableCell>
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}
