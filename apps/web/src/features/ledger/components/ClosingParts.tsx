/** The closing page's year card (status, closed-through date, surplus, close or reopen) and its table of months. */
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import type { usePeriods } from '../api/periods';
import type { JournalRef, PeriodMonth } from '../lib/types';

type FiscalYear = NonNullable<ReturnType<typeof usePeriods>['data']>;

export function JournalRefLink({ j }: { j: JournalRef }) {
  return (
    <Link component={RouterLink} to={`/journal/general/${j.id}`} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
      {j.number}
    </Link>
  );
}

export function FiscalYearCard(p: {
  data: FiscalYear;
  yearEnded: boolean;
  canClose: boolean;
  canReopen: boolean;
  busy: boolean;
  onCloseYear: () => void;
  onReopenYear: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const { data, yearEnded, canClose, canReopen, busy, onCloseYear, onReopenYear } = p;
  return (
    <Card sx={{ mb: 3 }} data-testid="fiscal-year-card">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
        <Box>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('closing.fiscalYear')}</Typography>
          <Typography variant="h5">{data.fiscalYear}</Typography>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            {f.date(data.start)} – {f.date(data.end)}
          </Typography>
        </Box>
        <Box>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mb: 0.5 }}>{t('col.status')}</Typography>
          <Chip
            icon={data.status === 'CLOSED' ? <LockRounded /> : <LockOpenRounded />}
            color={data.status === 'CLOSED' ? 'secondary' : 'success'}
            label={t(`closing.status.${data.status}`)}
            data-testid="year-status"
          />
        </Box>
        <Box>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('closing.closedThrough')}</Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {data.closedThrough ? f.date(data.closedThrough, 'long') : t('closing.nothingClosed')}
          </Typography>
        </Box>
        {data.status === 'CLOSED' && (
          <Box>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('closing.surplus')}</Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <MoneyText value={data.surplus} colorNegative />
            </Typography>
            {data.closingJournal && (
              <Typography sx={{ fontSize: '0.8125rem' }}>
                {t('closing.closingJournal')} <JournalRefLink j={data.closingJournal} />
              </Typography>
            )}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {data.status === 'OPEN' && canClose && (
            <Button
              variant="contained"
              startIcon={<LockRounded />}
              onClick={onCloseYear}
              disabled={busy || !yearEnded}
              data-testid="close-year"
            >
              {t('closing.closeYear')}
            </Button>
          )}
          {data.status === 'CLOSED' && canReopen && (
            <Button variant="outlined" color="warning" startIcon={<LockOpenRounded />} onClick={onReopenYear} data-testid="reopen-year">
              {t('closing.reopenYear')}
            </Button>
          )}
        </Box>
      </CardContent>
      {data.status === 'OPEN' && !yearEnded && canClose && (
        <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
          {t('closing.yearNotEndedHint', { end: f.date(data.end, 'long') })}
        </Alert>
      )}
    </Card>
  );
}

export function PeriodTable(p: {
  data: FiscalYear;
  canClose: boolean;
  canReopen: boolean;
  busy: boolean;
  onCloseMonth: (m: PeriodMonth) => void;
  onReopenMonth: (periode: string) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const { data, canClose, canReopen, busy, onCloseMonth, onReopenMonth } = p;
  const thisMonth = dayjs().format('YYYY-MM');
  const monthName = (x: string) => f.date(`${x}-01`, 'month');
  return (
    <Card>
      <CardHeader title={t('closing.months')} slotProps={{ title: { variant: 'h6' } }} />
      <TableContainer>
        <Table size="small" sx={{ minWidth: 860 }} data-testid="period-table">
          <TableHead>
            <TableRow
              sx={{
                bgcolor: 'action.hover',
                '& th': { fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase', color: 'text.secondary' },
              }}
            >
              <TableCell>{t('closing.month')}</TableCell>
              <TableCell>{t('col.status')}</TableCell>
              <TableCell align="right">{t('closing.turnover')}</TableCell>
              <TableCell align="right">{t('closing.lines')}</TableCell>
              <TableCell>{t('closing.history')}</TableCell>
              <TableCell align="right">{t('col.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.months.map((m) => {
              const ended = m.periode < thisMonth;
              const closed = m.status === 'CLOSED';
              return (
                <TableRow key={m.periode} data-testid={`period-${m.periode}`}>
                  <TableCell sx={{ fontWeight: 500 }}>{monthName(m.periode)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      icon={closed ? <LockRounded /> : <LockOpenRounded />}
                      color={closed ? 'secondary' : ended ? 'warning' : 'success'}
                      variant={closed ? 'filled' : 'outlined'}
                      label={closed ? t('closing.status.CLOSED') : ended ? t('closing.status.OPEN_ENDED') : t('closing.status.OPEN')}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={m.totalDebit} />
                  </TableCell>
                  <TableCell align="right">{f.number(m.lineCount)}</TableCell>
                  <TableCell sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                    {closed && m.closedAt && (
                      <div>{t('closing.closedBy', { name: m.closedByName ?? '-', at: f.date(m.closedAt, 'dateTime') })}</div>
                    )}
                    {m.reopenedAt && (
                      <div>
                        {t('closing.reopenedBy', { name: m.reopenedByName ?? '-', at: f.date(m.reopenedAt, 'dateTime') })}
                        {m.reopenReason ? ` — ${m.reopenReason}` : ''}
                      </div>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {!closed && ended && canClose && (
                      <Button
                        size="small"
                        startIcon={<LockRounded />}
                        onClick={() => onCloseMonth(m)}
                        disabled={busy}
                        data-testid={`close-${m.periode}`}
                      >
                        {t('closing.closeUpTo')}
                      </Button>
                    )}
                    {closed && canReopen && data.status === 'OPEN' && (
                      <Button
                        size="small"
                        color="warning"
                        startIcon={<LockOpenRounded />}
                        onClick={() => onReopenMonth(m.periode)}
                        data-testid={`reopen-${m.periode}`}
                      >
                        {t('closing.reopen')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
