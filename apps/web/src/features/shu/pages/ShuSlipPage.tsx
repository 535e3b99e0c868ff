/** A member's SHU slip (/shu/slip/:memberId?year=): A4 paper from components/print, printed once loaded. */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PrintPaper, usePrintTitle } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { useShuSlip } from '../api/shu';

export default function ShuSlipPage() {
  const { t } = useTranslation('shu');
  const f = useFormat();
  const { memberId = '' } = useParams();
  const [params] = useSearchParams();
  const year = Number(params.get('year')) || new Date().getFullYear() - 1;
  const q = useShuSlip(year, memberId);
  const s = q.data;
  usePrintTitle(s ? `${t('slip.title', { year })} ${s.cifNumber}` : t('slip.title', { year }));
  const rows: Array<[string, string]> = s
    ? [
        [t('slip.member'), `${s.memberName} (${s.cifNumber})`],
        [t('slip.surplus'), f.money(s.surplus)],
        [t('members.equityBasis'), `${f.money(s.equityBasis)} / ${f.money(s.totalEquityBasis)}`],
        [t('members.equityShare'), f.money(s.equityShare)],
        [t('members.transactionBasis'), `${f.money(s.transactionBasis)} / ${f.money(s.totalTransactionBasis)}`],
        [t('members.transactionShare'), f.money(s.transactionShare)],
        [t('members.gross'), f.money(s.gross)],
        [t('slip.tax', { percent: f.number(s.taxPercent) }), f.money(s.tax)],
        [t('members.net'), f.money(s.net)],
        [t('slip.inWords'), s.netInWords],
        [t('slip.paidTo'), s.status === 'CREDITED' ? t('slip.credited', { account: s.accountNumber ?? '' }) : t(`status.${s.status}`)],
      ]
    : [];
  return (
    <PrintPaper
      query={q}
      labels={{ print: t('slip.print'), close: t('slip.close') }}
      maxWidth={720}
      testId="shu-slip"
      heading={
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>{s?.cooperativeName}</Typography>
          <Typography sx={{ fontWeight: 600 }}>{t('slip.title', { year })}</Typography>
          {s?.distributionDate && <Typography variant="body2">{f.date(s.distributionDate, 'long')}</Typography>}
        </Box>
      }
    >
      <Table size="small">
        <TableBody>
          {rows.map(([k, v], i) => (
            <TableRow key={k} sx={i === 8 ? { '& td': { fontWeight: 700, borderTop: '2px solid #333' } } : undefined}>
              <TableCell sx={{ width: '45%' }}>{k}</TableCell>
              <TableCell align={i === 9 || i === 0 || i === 10 ? 'left' : 'right'}>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6, px: 4 }}>
        <Typography variant="body2">{t('slip.received')}</Typography>
        <Typography variant="body2">{t('slip.treasurer')}</Typography>
      </Box>
    </PrintPaper>
  );
}
