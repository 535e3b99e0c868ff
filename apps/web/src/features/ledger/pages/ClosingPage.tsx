import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useClosePeriod } from '../api/closePeriod';
import { useCloseYear } from '../api/closeYear';
import { useFiscalYears } from '../api/fiscalYears';
import { usePeriods } from '../api/periods';
import { useReopenPeriod } from '../api/reopenPeriod';
import { useReopenYear } from '../api/reopenYear';
import { FiscalYearCard, JournalRefLink, PeriodTable } from '../components/ClosingParts';
import { ReasonDialog } from '../components/ReasonDialog';
import type { PeriodMonth } from '../lib/types';

type Outcome = { severity: 'success' | 'info'; text: ReactNode };

type Reopening = { kind: 'month'; periode: string } | { kind: 'year'; year: number };

/** Close a month (and those before it) or the year, reopen either; each says its outcome. */
function useClosingActions(
  data: ReturnType<typeof usePeriods>['data'],
  reopening: Reopening | null,
  setReopening: (r: Reopening | null) => void,
  setOutcome: (o: Outcome) => void,
) {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const closeMonth = useClosePeriod();
  const reopenMonth = useReopenPeriod();
  const closeYear = useCloseYear();
  const reopenYear = useReopenYear();
  const { confirm, dialog } = useConfirm();
  const monthName = (p: string) => f.date(`${p}-01`, 'month');

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
  const reopenBusy = reopenMonth.isPending || reopenYear.isPending;
  return { onCloseMonth, onCloseYear, onReopen, busy, reopenBusy, dialog };
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
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reopening, setReopening] = useState<Reopening | null>(null);
  const canClose = can('general_journal', 'update');
  const canReopen = can('general_journal', 'delete');
  const monthName = (p: string) => f.date(`${p}-01`, 'month');

  const data = periods.data;
  const yearEnded = data ? data.end < dayjs().format('YYYY-MM-DD') : false;

  const { onCloseMonth, onCloseYear, onReopen, busy, reopenBusy, dialog } = useClosingActions(data, reopening, setReopening, setOutcome);
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
          <FiscalYearCard
            data={data}
            yearEnded={yearEnded}
            canClose={canClose}
            canReopen={canReopen}
            busy={busy}
            onCloseYear={onCloseYear}
            onReopenYear={() => setReopening({ kind: 'year', year: data.fiscalYear })}
          />
          <PeriodTable
            data={data}
            canClose={canClose}
            canReopen={canReopen}
            busy={busy}
            onCloseMonth={onCloseMonth}
            onReopenMonth={(periode) => setReopening({ kind: 'month', periode })}
          />
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
          busy={reopenBusy}
          onClose={() => setReopening(null)}
          onConfirm={onReopen}
        />
      )}
      {dialog}
    </>
  );
}
