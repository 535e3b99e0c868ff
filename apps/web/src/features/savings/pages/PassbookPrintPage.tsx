/**
 * The passbook-style statement of an account for a period, printable
 * (/transactions/savings/accounts/:id/passbook?start&end, layout `blank`):
 * the cooperative, the account and member, the period, the opening balance,
 * every movement with its running balance (cancelled ones and reversals
 * marked), totals and the closing balance; A4 portrait, headers repeated on
 * each page. It prints itself once loaded (`?preview=1` does not). The paper
 * is the report print layout's (components/print: PrintPaper), with the
 * passbook's own heading, slightly denser cells and no footer.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { type PrintCellStyle, PrintPaper, usePrintTitle } from '../../../components/print/PrintLayout';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { usePassbook } from '../api/passbook';

/** Denser than a report's cells: seven columns on A4 portrait. */
const CELL: PrintCellStyle = { padding: '4px 6px', fontSize: '0.75rem' };

export default function PassbookPrintPage() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const user = useUser();
  const { id } = useParams();
  const [params] = useSearchParams();
  const q = usePassbook(id, { start: params.get('start'), end: params.get('end') });
  const pb = q.data;
  usePrintTitle(pb && `${t('passbook.title')} ${pb.account.accountNumber}`);

  const head = { fontWeight: 700, borderBottom: '1.5px solid #111' };
  return (
    <PrintPaper
      query={q}
      labels={{ print: t('receipt.printNow'), close: t('common:common.close') }}
      maxWidth={880}
      cell={CELL}
      testId="passbook-page"
      heading={
        pb && (
          <Box component="header" sx={{ textAlign: 'center', borderBottom: '2px solid #111', pb: 1.5, mb: 2 }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', textTransform: 'uppercase' }} data-testid="passbook-cooperative">
              {pb.cooperative.name}
            </Typography>
            {pb.cooperative.address && <Typography sx={{ fontSize: '0.8rem' }}>{pb.cooperative.address}</Typography>}
            <Typography sx={{ fontWeight: 600, fontSize: '1rem', mt: 0.5 }}>{t('passbook.title')}</Typography>
          </Box>
        )
      }
    >
      {pb && (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, fontSize: '0.8rem', mb: 2 }} data-testid="passbook-account">
            <span>
              {t('account.number')}: <b>{pb.account.accountNumber}</b> · {pb.account.productName}
            </span>
            <span style={{ textAlign: 'right' }}>
              {t('passbook.period')}: {f.date(pb.start, 'long')} – {f.date(pb.end, 'long')}
            </span>
            <span>
              {t('account.member')}: <b>{pb.account.memberName}</b> ({pb.account.cifNumber})
            </span>
            <span style={{ textAlign: 'right' }}>
              {t('passbook.printedBy', { name: user.fullName, at: f.date(new Date(), 'dateTime') })}
            </span>
          </Box>
          <Table size="small" data-testid="passbook-table">
            <TableHead>
              <TableRow>
                <TableCell sx={head}>No</TableCell>
                <TableCell sx={head}>{t('passbook.date')}</TableCell>
                <TableCell sx={head}>{t('tx.code')}</TableCell>
                <TableCell sx={head}>{t('passbook.description')}</TableCell>
                <TableCell sx={head} align="right">
                  {t('tx.debit')}
                </TableCell>
                <TableCell sx={head} align="right">
                  {t('tx.credit')}
                </TableCell>
                <TableCell sx={head} align="right">
                  {t('tx.balanceAfter')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow data-testid="passbook-opening">
                <TableCell />
                <TableCell>{f.date(pb.start)}</TableCell>
                <TableCell />
                <TableCell sx={{ fontStyle: 'italic' }}>{t('passbook.opening')}</TableCell>
                <TableCell />
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {f.money(pb.openingBalance)}
                </TableCell>
              </TableRow>
              {pb.rows.map((r) => (
                <TableRow key={`${r.no}-${r.code}`} sx={{ color: r.status === 'POSTED' ? undefined : '#777' }} data-testid="passbook-row">
                  <TableCell>{r.no}</TableCell>
                  <TableCell>{f.date(r.date)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.code}</TableCell>
                  <TableCell>
                    {r.description}
                    {r.status !== 'POSTED' && ` (${t(`txStatus.${r.status}`, { defaultValue: r.status })})`}
                  </TableCell>
                  <TableCell align="right">{r.debit ? f.money(r.debit) : ''}</TableCell>
                  <TableCell align="right">{r.credit ? f.money(r.credit) : ''}</TableCell>
                  <TableCell align="right">{f.money(r.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: '#111', borderTop: '1.5px solid #111', fontSize: '0.75rem' } }}>
                <TableCell colSpan={4}>{t('passbook.totals')}</TableCell>
                <TableCell align="right" data-testid="passbook-total-debit">
                  {f.money(pb.totalDebit)}
                </TableCell>
                <TableCell align="right" data-testid="passbook-total-credit">
                  {f.money(pb.totalCredit)}
                </TableCell>
                <TableCell align="right" data-testid="passbook-closing">
                  {f.money(pb.closingBalance)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
          {pb.rows.length === 0 && (
            <Typography sx={{ textAlign: 'center', py: 3, color: '#444', fontSize: '0.8rem' }}>{t('passbook.empty')}</Typography>
          )}
        </>
      )}
    </PrintPaper>
  );
}
