/**
 * Closing the books (tutup buku): the fiscal years, the months of the chosen
 * year open or closed (who, when, reopened why), closing up to a month,
 * reopening a month (reason, general_journal:delete), closing a fiscal year
 * (explained before it posts the closing entries) and reopening it. Each
 * action's result stays on screen.
 */
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
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useClosePeriod } from '../api/closePeriod';
import { useCloseYear } from '../api/closeYear';
import { useFiscalYears } from '../api/fiscalYears';
import { usePeriods } from '../api/periods';
import { useReopenPeriod } from '../api/reopenPeriod';
import { useReopenYear } from '../api/reopenYear';
import { ReasonDialog } from '../components/ReasonDialog';
import type { JournalRef, PeriodMonth } from '../lib/types';

type Outcome = { severity: 'success' | 'info'; text: ReactNode };

function JournalRefLink({ j }: { j: JournalRef }) {
  return (
    <Link component={RouterLink} to={`/journal/general/${j.id}`} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
      {j.number}
    </Link>
  );
}

export default function ClosingPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const years = useFiscalYears();
  const yearParam = Number(params.get('year')) || null;
  const year = yearParam ?? years.data?.[0]?.fiscalYear ?? null;
  const periods = usePeriods(year);
  const closeMonth = useClosePeriod();
  const reopenMonth = useReopenPeriod();
  const closeYear = useCloseYear();
  const reopenYear = useReopenYear();
  const { confirm, dialog } = useConfirm();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reopening, setReopening] = useState<{ kind: 'month'; periode: string } | { kind: 'year'; year: number } | null>(null);
  const canClose = can('general_journal', 'update');
  const canReopen = can('general_journal', 'delete');
  const thisMonth = dayjs().format('YYYY-MM');
  const monthName = (p: string) => f.date(`${p}-01`, 'month');

  const data = periods.data;
  const yearEnded = data ? data.end < dayjs().format('YYYY-MM-DD') : false;

  const onCloseMonth = async (m: PeriodMonth) => {
    const ok = await confirm({
      title: t('closing.closeMonthTitle', { month: monthName(m.periode) }),
      message: t('closing.closeMonthExplain', { month: monthName(m.periode) }),
      confirmLabel: t('closing.closeMonth'),
    });
    if (!ok) return;
    closeMonth.mutate(m.periode, {
      onSuccess: (env) =>
        setOutcome({
          severity: 'success',
          text: t('closing.closedMonths', { months: env.data.closedMonths.map(monthName).join(', ') || monthName(m.periode) }),
        }),
    });
  };

  const onCloseYear = async () => {
    if (!data) return;
    const ok = await confirm({
      title: t('closing.closeYearTitle', { year: data.fiscalYear }),
      message: (
        <Box component="ul" sx={{ pl: 2.5, m: 0, display: 'grid', gap: 0.75 }}>
          <li>{t('closing.closeYearEffect1', { end: f.date(data.end, 'long') })}</li>
          <li>{t('closing.closeYearEffect2')}</li>
          <li>{t('closing.closeYearEffect3')}</li>
          <li>{t('closing.closeYearEffect4')}</li>
        </Box>
      ),
      confirmLabel: t('closing.closeYear'),
      destructive: true,
      requireText: String(data.fiscalYear),
    });
    if (!ok) return;
    closeYear.mutate(data.fiscalYear, {
      onSuccess: (env) =>
        setOutcome({
          severity: 'success',
          text: (
            <>
              {t('closing.yearClosed', { year: env.data.year, surplus: f.money(env.data.surplus) })}{' '}
              {env.data.closingJournal && (
                <>
                  {t('closing.closingJournal')} <JournalRefLink j={env.data.closingJournal} />
                </>
              )}
            </>
          ),
        }),
    });
  };

  const onReopen = (reason: string) => {
    if (!reopening) return;
    if (reopening.kind === 'month') {
      reopenMonth.mutate(
        { periode: reopening.periode, reason },
        {
          onSuccess: (env) => {
            setReopening(null);
            setOutcome({
              severity: 'info',
              text: t('closing.reopenedMonths', { months: env.data.reopenedMonths.map(monthName).join(', ') }),
            });
          },
        },
      );
    } else {
      reopenYear.mutate(
        { year: reopening.year, reason },
        {
          onSuccess: (env) => {
            setReopening(null);
            setOutcome({
              severity: 'info',
              text: (
                <>
                  {t('closing.yearReopened', { year: env.data.year })}{' '}
                  {env.data.reversal && (
                    <>
                      {t('closing.reversalJournal')} <JournalRefLink j={env.data.reversal} />
                    </>
                  )}
                </>
              ),
            });
          },
        },
      );
    }
  };

  const busy = closeMonth.isPending || closeYear.isPending;
  return (
    <>
      <PageHeader
        title={t('common:nav.general_journal.closing')}
        subtitle={t('closing.subtitle')}
        breadcrumbs={[
          { label: t('common:nav.general_journal.title'), to: '/journal/general' },
          { label: t('common:nav.general_journal.closing') },
        ]}
        actions={
          <TextField
            select
            size="small"
            label={t('closing.fiscalYear')}
            value={year ?? ''}
            onChange={(e) => {
              setOutcome(null);
              setParams({ year: e.target.value });
            }}
            fullWidth={false}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'closing-year' } }}
          >
            {(years.data ?? []).map((y) => (
              <MenuItem key={y.fiscalYear} value={y.fiscalYear}>
                {y.fiscalYear}
              </MenuItem>
            ))}
            {year && !(years.data ?? []).some((y) => y.fiscalYear === year) && <MenuItem value={year}>{year}</MenuItem>}
          </TextField>
        }
      />
      {outcome && (
        <Alert severity={outcome.severity} sx={{ mb: 3 }} onClose={() => setOutcome(null)} data-testid="closing-outcome">
          {outcome.text}
        </Alert>
      )}
      {periods.isError ? (
        <Card>
          <EmptyState kind="loadFailed" onRetry={() => void periods.refetch()} />
        </Card>
      ) : !data ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <>
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
                  <Button
                    variant="outlined"
                    color="warning"
                    startIcon={<LockOpenRounded />}
                    onClick={() => setReopening({ kind: 'year', year: data.fiscalYear })}
                    data-testid="reopen-year"
                  >
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
                              onClick={() => setReopening({ kind: 'month', periode: m.periode })}
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
        </>
      )}
      {reopening && (
        <ReasonDialog
          title={
            reopening.kind === 'month'
              ? t('closing.reopenMonthTitle', { month: monthName(reopening.periode) })
              : t('closing.reopenYearTitle', { year: reopening.year })
          }
          message={reopening.kind === 'month' ? t('closing.reopenMonthExplain') : t('closing.reopenYearExplain')}
          confirmLabel={reopening.kind === 'month' ? t('closing.reopen') : t('closing.reopenYear')}
          busy={reopenMonth.isPending || reopenYear.isPending}
          onClose={() => setReopening(null)}
          onConfirm={onReopen}
        />
      )}
      {dialog}
    </>
  );
}
