/**
 * The printable session report (/teller/sessions/:id/print, blank layout):
 * opening, cash in and out by kind, handovers, expected, counted by
 * denomination, difference with its reason and journal, and the signatures of
 * the teller and the supervisor. `?own=1` reads it through the teller's own
 * route (datatable-teller).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PrintLayout } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { type SessionDetail, useSessionDetail } from '../api/teller';
import { useModuleLabel } from '../components/Parts';

export default function SessionPrintPage() {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const { id } = useParams();
  const [params] = useSearchParams();
  const q = useSessionDetail(id, params.get('own') === '1');
  const s = q.data;
  return (
    <PrintLayout
      title={t('report.title')}
      period={s ? `${f.date(s.date, 'long')} · ${s.tellerName} · ${s.coa.code} ${s.coa.name}` : ''}
      query={q}
      labels={{ print: t('report.print'), close: t('report.close'), printedBy: (v) => t('report.printedBy', v) }}
    >
      {s && <ReportBody s={s} />}
    </PrintLayout>
  );
}

function ReportBody({ s }: { s: SessionDetail }) {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const label = useModuleLabel();
  const m = (v: number | null | undefined) => f.money(v ?? 0);
  return (
    <Box data-testid="session-report">
      <Table size="small" sx={{ mb: 2 }}>
        <TableBody>
          <TableRow>
            <TableCell>{t('session.openedAt', { time: f.date(s.openedAt, 'dateTime') })}</TableCell>
            <TableCell align="right">
              {s.closedAt ? t('report.closedAt', { time: f.date(s.closedAt, 'dateTime') }) : t('status.OPEN')}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('session.movements')}</Typography>
      <Table size="small" sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('report.kind')}</TableCell>
            <TableCell align="right">{t('report.count')}</TableCell>
            <TableCell align="right">{t('session.cashIn')}</TableCell>
            <TableCell align="right">{t('session.cashOut')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{t('session.opening')}</TableCell>
            <TableCell />
            <TableCell align="right">{m(s.openingBalance)}</TableCell>
            <TableCell />
          </TableRow>
          {s.movements.map((x) => (
            <TableRow key={x.module}>
              <TableCell>{label(x.module)}</TableCell>
              <TableCell align="right">{f.number(x.count)}</TableCell>
              <TableCell align="right">{m(x.cashIn)}</TableCell>
              <TableCell align="right">{m(x.cashOut)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('session.expected')}</TableCell>
            <TableCell />
            <TableCell align="right" colSpan={2} sx={{ fontWeight: 700 }} data-testid="report-expected">
              {m(s.expectedCash)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {s.handovers.length > 0 && (
        <>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('handover.title')}</Typography>
          <Table size="small" sx={{ mb: 2 }}>
            <TableBody>
              {s.handovers.map((h) => (
                <TableRow key={h.id}>
                  <TableCell>
                    {h.from.coa.code} → {h.to.coa.code} {h.to.name ?? h.to.coa.name}
                  </TableCell>
                  <TableCell>{t(`status.${h.status}`)}</TableCell>
                  <TableCell align="right">{m(h.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {s.denominations && (
        <>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('report.cashCount')}</Typography>
          <Table size="small" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('report.denomination')}</TableCell>
                <TableCell align="right">{t('report.pieces')}</TableCell>
                <TableCell align="right">{t('report.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.denominations.map((d) => (
                <TableRow key={d.denomination}>
                  <TableCell>{m(d.denomination)}</TableCell>
                  <TableCell align="right">{f.number(d.count)}</TableCell>
                  <TableCell align="right">{m(d.total)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('close.counted')}</TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="report-counted">
                  {m(s.countedCash)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('close.difference')}</TableCell>
                <TableCell>{s.closeReason ?? ''}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="report-difference">
                  {m(s.difference)}
                  {s.differenceJournalNumber ? ` (${s.differenceJournalNumber})` : ''}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, mt: 6, textAlign: 'center', breakInside: 'avoid' }}>
        {[t('report.signTeller'), t('report.signSupervisor')].map((who, i) => (
          <Box key={who}>
            <Typography variant="body2">{who}</Typography>
            <Box sx={{ height: 64 }} />
            <Typography variant="body2" sx={{ borderTop: '1px solid #999', pt: 0.5 }}>
              {i === 0 ? s.tellerName : s.closedByName && s.closedByName !== s.tellerName ? s.closedByName : '\u00a0'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
