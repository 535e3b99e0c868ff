/**
 * Rilis jasa simpanan sukarela (/interest-release/saving): release the voluntary savings interest of a period
 * (both dates required), see each run's totals, cancel a run
 * (reversing journals; refused when its month is closed).
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PeriodCard, usePeriod } from '../../../components/dates/PeriodCard';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import {
  interestKey,
  listSavingReleases,
  type SavingRelease as Release,
  useCancelSavingRelease as useCancelRelease,
  useSavingRelease as useRelease,
} from '../api/interest';
import { SimulationCard } from '../components/SimulationCard';

export default function ReleasePage() {
  const { t } = useTranslation('interest-release');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  // The last full month by default: a period must have ended before it is released.
  const period = usePeriod();
  const { from, to } = period;
  const release = useRelease();
  const cancel = useCancelRelease();
  const [last, setLast] = useState<Release | null>(null);

  const run = async () => {
    if (!from || !to) return;
    const r = await release.mutateAsync({ startDate: from, endDate: to }).catch(() => null);
    if (r) setLast((r as { data: Release }).data);
  };
  const cancelRun = async (r: Release) => {
    if (
      !(await confirm({
        title: t('cancelTitle'),
        message: t('cancelText', { from: f.date(r.startDate), to: f.date(r.endDate) }),
      }))
    )
      return;
    await cancel.mutateAsync({ id: r.id, reason: t('cancelReason') }).catch(notifyError);
  };
  const cancelRef = useRef(cancelRun);
  cancelRef.current = cancelRun;
  const columns = useMemo<GridColDef<Release>[]>(
    () => [
      { field: 'createdDate', headerName: t('runAt'), width: 170, valueFormatter: (v) => f.date(v as string, 'dateTime') },
      {
        field: 'startDate',
        headerName: t('window'),
        width: 220,
        sortable: false,
        valueGetter: (_v, r) => `${f.date(r.startDate)} – ${f.date(r.endDate)}`,
      },
      { field: 'accounts', headerName: t('accounts'), width: 110, align: 'right', headerAlign: 'right' },
      moneyColumn<Release>('totalGross', t('gross')),
      moneyColumn<Release>('totalTax', t('tax'), 130),
      moneyColumn<Release>('totalAdminFee', t('adminFee'), 130),
      moneyColumn<Release>('totalNet', t('net')),
      {
        field: 'status',
        headerName: t('statusLabel'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'RELEASED' ? 'success' : row.status === 'RUNNING' ? 'info' : 'default'}
            label={t(`status.${row.status}`)}
          />
        ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 120,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'RELEASED' && row.accounts > 0 && can('interest_release', 'update') ? (
            <Button size="small" color="error" onClick={() => cancelRef.current(row)}>
              {t('cancel')}
            </Button>
          ) : null,
      },
    ],
    [t, f, can],
  );
  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('section') }, { label: t('title') }]} />
      <PeriodCard
        period={period}
        max={period.today}
        labels={{ from: t('fromDate'), to: t('toDate'), required: t('datesRequired') }}
        explain={t('explain')}
        action={
          can('interest_release', 'add')
            ? { label: t('submit'), busyLabel: t('running'), busy: release.isPending, onRun: run, testId: 'release-submit' }
            : null
        }
      >
        {last && (
          <Typography sx={{ mt: 2 }} data-testid="release-result">
            {t('result', { count: last.accounts })} · {t('gross')}: <MoneyText value={last.totalGross} /> · {t('tax')}:{' '}
            <MoneyText value={last.totalTax} /> · {t('adminFee')}: <MoneyText value={last.totalAdminFee} /> · {t('net')}:{' '}
            <MoneyText value={last.totalNet} />
          </Typography>
        )}
      </PeriodCard>
      {can('interest_simulation', 'view') && <SimulationCard from={from} to={to} />}
      <ServerDataTable<Release>
        queryKey={[...interestKey, 'releases']}
        fetchPage={listSavingReleases}
        columns={columns}
        searchable={false}
      />
      {dialog}
    </>
  );
}
