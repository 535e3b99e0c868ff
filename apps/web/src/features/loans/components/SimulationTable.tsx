/**
 * The installment schedule a loan would have (the simulation's answer):
 * what is paid each month, the totals (principal, interest, payment) and the
 * remaining principal after each installment, with Excel of the table. The
 * table stays while a new answer loads (a thin bar shows it), says what is
 * missing before the first answer, and shows the server's refusal (an
 * amount or tenor outside the product's bounds) in place.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import { MoneyText } from '../../../components/money/MoneyText';
import { errorMessage } from '../../../lib/notify';
import type { Simulation, SimulationRow } from '../api/types';
import { ScheduleTable } from './ScheduleTable';

export function SimulationSummary({ data }: { data: Simulation }) {
  const { t } = useTranslation('loans');
  const items: Array<[string, number, string]> = [
    [t('simulation.installment'), data.installmentAmount, 'sim-installment'],
    [t('simulation.totalPrincipal'), data.totalPrincipal, 'sim-total-principal'],
    [t('simulation.totalInterest'), data.totalInterest, 'sim-total-interest'],
    [t('simulation.totalPayment'), data.totalPayment, 'sim-total-payment'],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 1.5 }}>
      {items.map(([label, value, id], i) => (
        <Box
          key={id}
          sx={(th) => ({
            p: 1.5,
            borderRadius: 2,
            minWidth: 0,
            bgcolor: i === 0 ? alpha(th.palette.primary.main, 0.1) : th.palette.action.hover,
          })}
        >
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: i === 0 ? '1.125rem' : '0.9375rem' }} data-testid={id} noWrap>
            <MoneyText value={value} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function SimulationTable({
  data,
  loading,
  error,
  missing,
  fileName = 'simulasi-angsuran',
  maxHeight = 420,
}: {
  data: Simulation | undefined;
  /** A request is running (first or a new one). */
  loading: boolean;
  error: unknown;
  /** What the officer still has to fill in (shown instead of the table before any answer). */
  missing?: string | null;
  fileName?: string;
  maxHeight?: number;
}) {
  const { t } = useTranslation('loans');
  const columns = [
    { header: t('schedule.number'), value: 'number' as const, type: 'number' as const, width: 6 },
    { header: t('schedule.dueDate'), value: 'dueDate' as const, type: 'date' as const, width: 14 },
    { header: t('schedule.principal'), value: 'principal' as const, type: 'money' as const, width: 16 },
    { header: t('schedule.interest'), value: 'interest' as const, type: 'money' as const, width: 16 },
    { header: t('schedule.total'), value: 'total' as const, type: 'money' as const, width: 16 },
    { header: t('schedule.remaining'), value: 'remainingPrincipal' as const, type: 'money' as const, width: 18 },
  ];
  return (
    <Box data-testid="simulation" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {error != null && (
        <Alert severity="error" data-testid="simulation-error">
          {errorMessage(error)}
        </Alert>
      )}
      {!data && !loading && error == null && (
        <EmptyState compact kind="noData" title={t('simulation.emptyTitle')} description={missing ?? t('simulation.emptyText')} />
      )}
      {!data && loading && (
        <Box sx={{ display: 'grid', gap: 1 }} data-testid="simulation-loading">
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={220} />
        </Box>
      )}
      {data && (
        <>
          <SimulationSummary data={data} />
          <Box sx={{ position: 'relative' }}>
            {loading && (
              <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} data-testid="simulation-refreshing" />
            )}
            <ScheduleTable rows={data.installments} maxHeight={maxHeight} totals={data} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ExportExcelButton<SimulationRow>
              rows={data.installments}
              fileName={fileName}
              title={t('simulation.title')}
              columns={columns}
              buttonProps={{ size: 'small' }}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
