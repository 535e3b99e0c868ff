/**
 * Rilis jasa deposito (/interest-release/deposit): release the interest due
 * between two dates (both required), see each run's totals, cancel a run
 * (reversing journals; refused when its month is closed).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/dates/DateField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { depositsKey, listReleases, type Release, useCancelRelease, useRelease } from '../api/deposits';

export default function ReleasePage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const now = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const [from, setFrom] = useState<string | null>(`${now.slice(0, 8)}01`);
  const [to, setTo] = useState<string | null>(now);
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
      {
        field: 'totalGross',
        headerName: t('schedule.gross'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.totalGross} />,
      },
      {
        field: 'totalTax',
        headerName: t('schedule.tax'),
        width: 130,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.totalTax} />,
      },
      {
        field: 'totalNet',
        headerName: t('schedule.net'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.totalNet} />,
      },
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
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('release.explain')}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ width: 220 }}>
              <DateField
                label={t('field.fromDate')}
                value={from}
                onChange={setFrom}
                max={now}
                error={!from}
                helperText={!from ? t('release.datesRequired') : undefined}
              />
            </Box>
            <Box sx={{ width: 220 }}>
              <DateField
                label={t('field.toDate')}
                value={to}
                onChange={setTo}
                min={from ?? undefined}
                error={!to}
                helperText={!to ? t('release.datesRequired') : undefined}
              />
            </Box>
            {can('interest_release', 'add') && (
              <Button variant="contained" onClick={run} disabled={!from || !to || release.isPending} data-testid="release-submit">
                {release.isPending ? t('release.running') : t('release.submit')}
              </Button>
            )}
          </Stack>
          {last && (
            <Typography sx={{ mt: 2 }} data-testid="release-result">
              {t('release.result', { count: last.payments })} · {t('schedule.gross')}: <MoneyText value={last.totalGross} /> ·{' '}
              {t('schedule.tax')}: <MoneyText value={last.totalTax} /> · {t('schedule.net')}: <MoneyText value={last.totalNet} />
            </Typography>
          )}
        </CardContent>
      </Card>
      <ServerDataTable<Release> queryKey={[...depositsKey, 'releases']} fetchPage={listReleases} columns={columns} searchable={false} />
      {dialog}
    </>
  );
}
