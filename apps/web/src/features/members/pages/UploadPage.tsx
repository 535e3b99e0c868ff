/**
 * Unggah Data Anggota (/members/upload): template download, an .xlsx file
 * (up to 100,000 rows), the job's progress polled from the server while it
 * runs, the result per row (the spec's "Data ke {n} gagal terupload, …"),
 * the failed rows as Excel to correct and upload again, and the history of
 * uploads (?job= opens one).
 */
import { MEMBER_UPLOAD_MAX_ROWS } from '@koperasi/contracts/members';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SkipNextOutlined from '@mui/icons-material/SkipNextOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { uploadsKey } from '../api/keys';
import { downloadFailedRows, listUploads, type UploadJob, type UploadRow, uploadRows, useUploadProgress } from '../api/uploads';
import { NewUploadCard } from '../components/NewUploadCard';
import { SectionCard } from '../components/SectionCard';

const JOB_COLOR: Record<string, ChipProps['color']> = { RUNNING: 'info', DONE: 'success', FAILED: 'error' };

function JobStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={JOB_COLOR[status] ?? 'default'}
      label={t(`upload.status.${status}`)}
      data-testid="upload-status"
    />
  );
}

function Count({ icon, label, value, color }: { icon: ReactNode; label: string; value: string; color: 'success' | 'warning' | 'error' }) {
  return (
    <Box
      sx={(th) => ({
        flex: 1,
        minWidth: 120,
        p: 1.5,
        borderRadius: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        bgcolor: alpha(th.palette[color].main, 0.08),
      })}
    >
      <Box sx={{ color: `${color}.main`, display: 'grid' }}>{icon}</Box>
      <Box>
        <Typography sx={{ fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.2 }}>{value}</Typography>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{label}</Typography>
      </Box>
    </Box>
  );
}

function Progress({ job }: { job: UploadJob }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const running = job.status === 'RUNNING';
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="upload-progress">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <DescriptionOutlined sx={{ color: 'text.secondary' }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {job.fileName}
          </Typography>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {f.date(job.createdDate, 'dateTime')}
            {job.finishedDate ? ` – ${f.date(job.finishedDate, 'time')}` : ''}
          </Typography>
        </Box>
        <JobStatusChip status={job.status} />
      </Box>
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
          <Typography sx={{ fontSize: '0.8125rem' }}>
            {t('upload.processed', { done: f.number(job.processedRows), total: f.number(job.totalRows) })}
          </Typography>
          <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} data-testid="upload-percent">
            {f.number(job.percent, 0)}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={Math.max(0, Math.min(100, job.percent))}
          color={job.status === 'FAILED' ? 'error' : job.status === 'DONE' ? 'success' : 'primary'}
          sx={{ height: 10, borderRadius: 5 }}
          aria-label={t('upload.progress')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Count icon={<CheckCircleOutlineRounded />} color="success" label={t('upload.success')} value={f.number(job.successRows)} />
        <Count icon={<SkipNextOutlined />} color="warning" label={t('upload.skipped')} value={f.number(job.skippedRows)} />
        <Count icon={<ErrorOutlineRounded />} color="error" label={t('upload.failed')} value={f.number(job.failedRows)} />
      </Box>
      {job.duplicateOf && (
        <Alert severity="info" variant="outlined">
          {t('upload.duplicate')}
        </Alert>
      )}
      {!running && job.message && (
        <Alert
          severity={job.status === 'FAILED' ? 'error' : job.failedRows > 0 ? 'warning' : 'success'}
          variant="outlined"
          data-testid="upload-message"
        >
          {job.message}
        </Alert>
      )}
      {!running && job.failedRows > 0 && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await downloadFailedRows(job.id);
              } catch (e) {
                notifyError(e);
              } finally {
                setBusy(false);
              }
            }}
            data-testid="download-failed"
          >
            {t('upload.downloadFailed')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function RowResults({ job }: { job: UploadJob }) {
  const { t } = useTranslation('members');
  const [status, setStatus] = useState<'FAILED' | 'SKIPPED'>(job.failedRows === 0 && job.skippedRows > 0 ? 'SKIPPED' : 'FAILED');
  const columns = useMemo<GridColDef<UploadRow>[]>(
    () => [
      { field: 'row', headerName: t('upload.row'), width: 90, sortable: false },
      {
        field: 'fullName',
        headerName: t('fields.fullName'),
        width: 200,
        sortable: false,
        valueGetter: (_v, row) => String(row.data.fullName ?? '') || '-',
      },
      {
        field: 'identityNumber',
        headerName: t('fields.identityNumber'),
        width: 170,
        sortable: false,
        valueGetter: (_v, row) => String(row.data.identityNumber ?? '') || '-',
      },
      {
        field: 'message',
        headerName: t('upload.result'),
        flex: 1,
        minWidth: 320,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography
            sx={{ fontSize: '0.8125rem', whiteSpace: 'normal', py: 1, color: row.status === 'FAILED' ? 'error.main' : 'warning.main' }}
          >
            {row.message}
          </Typography>
        ),
      },
    ],
    [t],
  );
  if (job.failedRows === 0 && job.skippedRows === 0) {
    return job.status === 'RUNNING' ? null : <EmptyState kind="noData" title={t('upload.allGood')} compact />;
  }
  return (
    <Box data-testid="upload-rows">
      <Tabs value={status} onChange={(_e, v) => setStatus(v)} sx={{ px: 2, '& .MuiTab-root': { textTransform: 'none' } }}>
        <Tab value="FAILED" label={`${t('upload.failed')} (${job.failedRows})`} />
        <Tab value="SKIPPED" label={`${t('upload.skipped')} (${job.skippedRows})`} />
      </Tabs>
      <ServerDataTable<UploadRow>
        bare
        searchable={false}
        queryKey={[...uploadsKey, 'rows', job.id, job.processedRows]}
        fetchPage={(p: ListParams, signal) => uploadRows(job.id, { page: p.page, limit: p.limit, status }, signal)}
        filters={{ status }}
        getRowId={(r) => r.row}
        columns={columns}
        gridProps={{ getRowHeight: () => 'auto' }}
      />
    </Box>
  );
}

export default function UploadPage() {
  const { t } = useTranslation('members');
  const f = useFormat();
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const progress = useUploadProgress(jobId);
  // Bulk upload needs member:update (the API's permission); registering one member needs add.
  const canAdd = can('member', 'update');

  const historyColumns = useMemo<GridColDef<UploadJob>[]>(
    () => [
      { field: 'fileName', headerName: t('upload.file'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'createdDate',
        headerName: t('upload.uploadedAt'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => f.date(v, 'dateTime'),
      },
      { field: 'totalRows', headerName: t('upload.rows'), width: 100, sortable: false, valueFormatter: (v: number) => f.number(v) },
      { field: 'successRows', headerName: t('upload.success'), width: 110, sortable: false, valueFormatter: (v: number) => f.number(v) },
      { field: 'skippedRows', headerName: t('upload.skipped'), width: 110, sortable: false, valueFormatter: (v: number) => f.number(v) },
      { field: 'failedRows', headerName: t('upload.failed'), width: 100, sortable: false, valueFormatter: (v: number) => f.number(v) },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <JobStatusChip status={row.status} />,
      },
    ],
    [t, f],
  );

  return (
    <>
      <PageHeader
        title={t('upload.title')}
        subtitle={t('upload.subtitle', { max: f.number(MEMBER_UPLOAD_MAX_ROWS) })}
        breadcrumbs={[{ label: t('common:nav.member.title'), to: '/members' }, { label: t('upload.title') }]}
      />
      <Grid container spacing={3} sx={{ mb: 3 }}>
        {canAdd && (
          <Grid size={{ xs: 12, md: 5 }}>
            <NewUploadCard onStarted={(id) => setParams({ job: id }, { replace: true })} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: canAdd ? 7 : 12 }}>
          <SectionCard icon={<DescriptionOutlined fontSize="small" />} title={t('upload.current')}>
            {!jobId ? (
              <EmptyState kind="noData" title={t('upload.noJob')} description={t('upload.noJobHint')} compact />
            ) : progress.isPending ? (
              <LinearProgress />
            ) : progress.data ? (
              <Progress job={progress.data} />
            ) : (
              <EmptyState kind="loadFailed" compact onRetry={() => void progress.refetch()} />
            )}
          </SectionCard>
        </Grid>
      </Grid>
      {progress.data && (progress.data.failedRows > 0 || progress.data.skippedRows > 0 || progress.data.status !== 'RUNNING') && (
        <Box sx={{ mb: 3 }}>
          <SectionCard icon={<ErrorOutlineRounded fontSize="small" />} title={t('upload.rowResults')}>
            <RowResults key={progress.data.id} job={progress.data} />
          </SectionCard>
        </Box>
      )}
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
        {t('upload.history')}
      </Typography>
      <ServerDataTable<UploadJob>
        queryKey={uploadsKey}
        fetchPage={(p, signal) => listUploads(p.page, p.limit, signal)}
        searchable={false}
        columns={historyColumns}
        onRowClick={(row) => setParams({ job: row.id }, { replace: true })}
        emptyText={t('upload.noHistory')}
      />
    </>
  );
}
