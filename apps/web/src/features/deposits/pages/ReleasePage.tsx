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
import { monthStart } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { depositsKey, listReleases, type Release, useCancelRelease, useRelease } from '../api/deposits';

export default function ReleasePage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  // This month so far by default: the interest due between the two dates (both required).
  const period = usePeriod((today) => ({ from: monthStart(today), to: today }));
  const { from, to } = period;
  const release = useRelease();
  const cancel = useCancelRelease();
  const [last, setLast] = useState<Release | null>(null);

  const run = async () => {
    if (!from || !to) return;
    const r = await release.mutateAsync({ fromDate: from, toDate: to }).catch(() => null);
    if (r) setLast((r as { data: Release }).data);
  };
  const cancelRun = async (r: Release) => {
    if (
      !(await confirm({
        title: t('release.cancelTitle'),
        message: t('release.cancelText', { from: f.date(r.fromDate), to: f.date(r.toDate) }),
      }))
    )
      return;
    await cancel.mutateAsync({ id: r.id, reason: t('release.cancelReason') }).catch(notifyError);
  };
  const cancelRef = useRef(cancelRun);
  cancelRef.current = cancelRun;
  const columns = useMemo<GridColDef<Release>[]>(
    () => [
      { field: 'createdDate', headerName: t('release.runAt'), width: 170, valueFormatter: (v) => f.date(v as string, 'dateTime') },
      {
        field: 'fromDate',
        headerName: t('release.window'),
        width: 220,
        sortable: false,
        valueGetter: (_v, r) => `${f.date(r.fromDate)} – ${f.date(r.toDate)}`,
      },
      { field: 'payments', headerName: t('release.payments'), width: 110, align: 'right', headerAlign: 'right' },
      moneyColumn<Release>('totalGross', t('schedule.gross')),
      moneyColumn<Release>('totalTax', t('schedule.tax'), 130),
      moneyColumn<Release>('totalNet', t('schedule.net')),
      {
        field: 'status',
        headerName: t('field.status'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'RELEASED' ? 'success' : row.status === 'RUNNING' ? 'info' : 'default'}
            label={t(`release.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 120,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'RELEASED' && row.payments > 0 && can('interest_release', 'update') ? (
            <Button size="small" color="error" onClick={() => cancelRef.current(row)}>
              {t('release.cancel')}
            </Button>
          ) : null,
      },
    ],
    [t, f, can],
  );
  return (
    <>
      <PageHeader title={t('release.title')} breadcrumbs={[{ label: t('release.section') }, { label: t('release.title') }]} />
      <PeriodCard
        period={period}
        max={period.today}
        labels={{ from: t('field.fromDate'), to: t('field.toDate'), required: t('release.datesRequired') }}
        explain={t('release.explain')}
        action={
          can('interest_release', 'add')
            ? { label: t('release.submit'), busyLabel: t('release.running'), busy: release.isPending, onRun: run, testId: 'release-submit' }
            : null
        }
      >
        {last && (
          <Typography sx={{ mt: 2 }} data-testid="release-result">
            {t('release.result', { count: last.payments })} · {t('schedule.gross')}: <MoneyText value={last.totalGross} /> ·{' '}
            {t('schedule.tax')}: <MoneyText value={last.totalTax} /> · {t('schedule.net')}: <MoneyText value={last.totalNet} />
          </Typography>
        )}
      </PeriodCard>
      <ServerDataTable<Release> queryKey={[...depositsKey, 'releases']} fetchPage={listReleases} columns={columns} searchable={false} />
      {dialog}
    </>
  );
}
