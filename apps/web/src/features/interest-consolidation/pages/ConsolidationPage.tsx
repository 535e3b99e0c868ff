/**
 * Konsolidasi jasa (/interest-release/consolidation): process a period's computed savings interest of every product
 * and branch into one batch, review it per member with totals (tax estimated until released), correct a line with
 * a reason, release it (posted once, resumable) or cancel it before the release; Excel of the batch.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PeriodCard, usePeriod } from '../../../components/dates/PeriodCard';
import { PageHeader } from '../../../components/PageHeader';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { downloadServerExcel } from '../../../lib/api/download';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  type Batch,
  consolidationKey,
  fetchReview,
  listBatches,
  type MemberRow,
  memberPage,
  useCancelBatch,
  useProcess,
  useReleaseBatch,
} from '../api/consolidation';
import { MemberLinesDialog } from '../components/MemberLinesDialog';
import { ReviewCard, statusColor } from '../components/ReviewCard';

export default function ConsolidationPage() {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const period = usePeriod();
  const { from, to } = period;
  const [picked, setPicked] = useState<string | null>(null);
  const [member, setMember] = useState<MemberRow | null>(null);
  const process = useProcess();
  const release = useReleaseBatch();
  const cancel = useCancelBatch();

  const newest = useQuery({ queryKey: [...consolidationKey, 'newest'], queryFn: () => listBatches({ page: 0, limit: 1 }) });
  const selected = picked ?? newest.data?.content[0]?.id ?? null;
  const review = useQuery({
    queryKey: [...consolidationKey, 'review', selected],
    queryFn: () => fetchReview(selected!),
    enabled: !!selected,
  });

  const run = async () => {
    if (!from || !to) return;
    const r = await process.mutateAsync({ startDate: from, endDate: to }).catch(notifyError);
    if (r) {
      setPicked(r.data.id);
      notifySuccess(r.message);
    }
  };
  const doRelease = async (b: Batch) => {
    if (!(await confirm({ title: t('releaseTitle'), message: t('releaseText', { from: f.date(b.startDate), to: f.date(b.endDate) }) })))
      return;
    const r = await release.mutateAsync(b.id).catch(notifyError);
    if (r) notifySuccess(r.message);
  };
  const doCancel = async (b: Batch) => {
    if (!(await confirm({ title: t('cancelTitle'), message: t('cancelText'), destructive: true }))) return;
    await cancel.mutateAsync({ id: b.id, reason: t('cancelReason') }).catch(notifyError);
  };

  const r = review.data;
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
            ? { label: t('process'), busyLabel: t('processing'), busy: process.isPending, onRun: run, testId: 'consolidation-process' }
            : null
        }
      />
      {r && (
        <ReviewCard
          review={r}
          canAdd={can('interest_release', 'add')}
          canUpdate={can('interest_release', 'update')}
          busy={release.isPending || cancel.isPending}
          onRelease={() => doRelease(r)}
          onCancel={() => doCancel(r)}
          onExcel={() =>
            downloadServerExcel('/api/consolidation/datatable', { consolidationId: r.id }, 'konsolidasi-jasa.xlsx').catch(notifyError)
          }
        />
      )}
      {selected && <MembersTable selected={selected} onPick={setMember} />}
      <BatchesTable onPick={(b) => setPicked(b.id)} />
      {member && r && (
        <MemberLinesDialog
          member={member}
          editable={r.status === 'PROCESSED' && can('interest_release', 'update')}
          onClose={() => setMember(null)}
        />
      )}
      {dialog}
    </>
  );
}

/** The batch's members (a row opens the member's lines). */
function MembersTable({ selected, onPick }: { selected: string; onPick: (m: MemberRow) => void }) {
  const { t } = useTranslation('interest-consolidation');
  const memberColumns = useMemo<GridColDef<MemberRow>[]>(
    () => [
      { field: 'cifNumber', headerName: t('cif'), width: 130 },
      { field: 'memberName', headerName: t('member'), flex: 1, minWidth: 160 },
      { field: 'branchName', headerName: t('branch'), width: 120, valueGetter: (v) => v ?? t('noBranch') },
      { field: 'accounts', headerName: t('accounts'), width: 90, align: 'right', headerAlign: 'right' },
      moneyColumn('gross', t('gross'), 130),
      moneyColumn('tax', t('tax'), 120),
      moneyColumn('adminFee', t('adminFee'), 120),
      moneyColumn('net', t('net'), 130),
      {
        field: 'adjusted',
        headerName: '',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (row.adjusted ? <Chip size="small" color="warning" variant="outlined" label={t('adjusted')} /> : null),
      },
    ],
    [t],
  );
  const fetchMembers = useMemo(() => memberPage(selected), [selected]);
  return (
    <Box sx={{ mb: 3 }} data-testid="consolidation-members">
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('perMember')}
      </Typography>
      <ServerDataTable<MemberRow>
        queryKey={[...consolidationKey, 'members', selected]}
        fetchPage={fetchMembers}
        columns={memberColumns}
        getRowId={(m) => m.memberId}
        onRowClick={onPick}
        searchPlaceholder={t('search')}
      />
    </Box>
  );
}

/** Every batch (a row selects it). */
function BatchesTable({ onPick }: { onPick: (b: Batch) => void }) {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const batchColumns = useMemo<GridColDef<Batch>[]>(
    () => [
      {
        field: 'startDate',
        headerName: t('period'),
        width: 220,
        sortable: false,
        valueGetter: (_v, r) => `${f.date(r.startDate)} – ${f.date(r.endDate)}`,
      },
      {
        field: 'status',
        headerName: t('statusLabel'),
        width: 140,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" color={statusColor(row.status)} label={t(`status.${row.status}`)} />,
      },
      { field: 'members', headerName: t('members'), width: 100, align: 'right', headerAlign: 'right' },
      { field: 'lines', headerName: t('lines'), width: 100, align: 'right', headerAlign: 'right' },
      moneyColumn('totalGross', t('gross')),
      moneyColumn('totalAdminFee', t('adminFee')),
      { field: 'createdDate', headerName: t('processedAt'), width: 170, valueFormatter: (v) => f.date(v as string, 'dateTime') },
    ],
    [t, f],
  );
  return (
    <>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('batches')}
      </Typography>
      <ServerDataTable<Batch>
        queryKey={[...consolidationKey, 'list']}
        fetchPage={listBatches}
        columns={batchColumns}
        searchable={false}
        onRowClick={onPick}
        emptyText={t('empty')}
      />
    </>
  );
}
