/**
 * Unggah jasa (/interest-release/upload): savings interest computed elsewhere, one Excel file per release date.
 * The template, the upload (every row checked: errors by row and column, nothing posted), the failed rows as Excel,
 * the date's rows, and the release of the date (posted once; cancelled from the savings interest release screen).
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/dates/DateField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { downloadServerExcel } from '../../../lib/api/download';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { todayWib } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  type CellError,
  listUploads,
  rowsOfDate,
  type Upload,
  type UploadRow,
  uploadKey,
  useConfirmUpload,
  useUploadInterest,
} from '../api/consolidation';

const rowColor = (s: string) => (s === 'POSTED' ? 'success' : s === 'FAILED' ? 'error' : s === 'SKIPPED' ? 'warning' : ('info' as const));

export default function UploadPage() {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const today = todayWib();
  const [date, setDate] = useState<string | null>(today);
  const [errors, setErrors] = useState<CellError[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = useUploadInterest();
  const confirmUpload = useConfirmUpload();
  const current = useQuery({
    queryKey: [...uploadKey, 'date', date],
    queryFn: () => rowsOfDate(date!)({ page: 0, limit: 1 }),
    enabled: !!date,
  });
  const upload = current.data?.upload ?? null;

  const onFile = async (file: File) => {
    if (!date) return;
    setErrors(null);
    try {
      const r = await send.mutateAsync({ releaseDate: date, file });
      setErrors(r.data.errors);
      notifySuccess(r.message);
    } catch (e) {
      notifyError(e);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const doConfirm = async (u: Upload) => {
    if (
      !(await confirm({
        title: t('upload.confirmTitle'),
        message: t('upload.confirmText', { date: f.date(u.releaseDate), count: u.rows }),
      }))
    )
      return;
    const r = await confirmUpload.mutateAsync(u.releaseDate).catch(notifyError);
    if (r) notifySuccess(r.message);
  };

  return (
    <>
      <PageHeader title={t('upload.title')} breadcrumbs={[{ label: t('section') }, { label: t('upload.title') }]} />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('upload.explain')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
            <Box sx={{ width: 220 }}>
              <DateField label={t('upload.releaseDate')} value={date} onChange={setDate} max={today} error={!date} />
            </Box>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => downloadServerExcel('/api/upload/interest/template', {}, 'template-jasa.xlsx').catch(notifyError)}
            >
              {t('upload.template')}
            </Button>
            {can('interest_release', 'add') && (
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                disabled={!date || send.isPending}
                onClick={() => input.current?.click()}
                data-testid="interest-upload"
              >
                {send.isPending ? t('upload.sending') : t('upload.upload')}
              </Button>
            )}
            <input
              ref={input}
              type="file"
              hidden
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="interest-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void onFile(file);
              }}
            />
          </Stack>
          {errors && errors.length > 0 && <ErrorsAlert errors={errors} />}
          {upload && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mt: 2, alignItems: { sm: 'center' } }}
              data-testid="upload-current"
            >
              <Typography variant="body2">
                {t('upload.summary', { count: upload.rows, failed: upload.failed })} · {t('gross')}: <MoneyText value={upload.totalGross} />
              </Typography>
              <Chip size="small" color={upload.status === 'CONFIRMED' ? 'success' : 'info'} label={t(`upload.status.${upload.status}`)} />
              {upload.failed > 0 && (
                <Button
                  size="small"
                  onClick={() =>
                    downloadServerExcel(
                      '/api/upload/v2/interest-by-date',
                      { releaseDate: upload.releaseDate, status: 'FAILED' },
                      'jasa-gagal.xlsx',
                    ).catch(notifyError)
                  }
                  data-testid="upload-failed-excel"
                >
                  {t('upload.failedExcel')}
                </Button>
              )}
              {upload.status === 'UPLOADED' && can('interest_release', 'add') && (
                <Button
                  variant="contained"
                  disabled={upload.failed > 0 || confirmUpload.isPending}
                  onClick={() => doConfirm(upload)}
                  data-testid="upload-confirm"
                >
                  {t('upload.confirm')}
                </Button>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      {date && upload && <RowsTable date={date} />}
      <HistoryTable onPick={(u) => setDate(u.releaseDate)} />
      {dialog}
    </>
  );
}

/** The upload's errors by row and column (the first ten). */
function ErrorsAlert({ errors }: { errors: CellError[] }) {
  const { t } = useTranslation('interest-consolidation');
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="upload-errors">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('upload.hasErrors', { count: errors.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {errors.slice(0, 10).map((e) => (
          <li key={`${e.row}-${e.column}-${e.message}`}>{t('upload.errorLine', { row: e.row, column: e.column, message: e.message })}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** The rows uploaded for the date. */
function RowsTable({ date }: { date: string }) {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const rowColumns = useMemo<GridColDef<UploadRow>[]>(
    () => [
      // Fixed widths that leave the errors column its room inside 1440 px (sidebar open): 64 + 140 + 130 + 3 x 120 + 100
      // + 260 = 1,054 px before the flex columns share the rest.
      { field: 'row', headerName: t('upload.row'), width: 64 },
      { field: 'accountNumber', headerName: t('account'), width: 140 },
      { field: 'memberName', headerName: t('member'), flex: 1, minWidth: 130 },
      moneyColumn('gross', t('gross'), 120),
      moneyColumn('tax', t('tax'), 120),
      moneyColumn('adminFee', t('adminFee'), 120),
      {
        field: 'status',
        headerName: t('statusLabel'),
        width: 100,
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={rowColor(row.status)} label={t(`upload.rowStatus.${row.status}`)} />
        ),
      },
      {
        field: 'errors',
        headerName: t('upload.errors'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        valueGetter: (_v, r) => r.errors.map((e) => `${e.column}: ${e.message}`).join('; '),
        // One line per error, wrapped: the row grows (getRowHeight auto) instead of cutting the text at the column's edge.
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, whiteSpace: 'normal', lineHeight: 1.4 }} data-testid="upload-row-errors">
            {row.errors.map((e) => (
              <div key={`${e.column}-${e.message}`}>
                <strong>{e.column}</strong>: {e.message}
              </div>
            ))}
          </Box>
        ),
      },
    ],
    [t],
  );
  const fetchRows = useMemo(() => rowsOfDate(date), [date]);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('upload.rowsOf', { date: f.date(date) })}
      </Typography>
      <ServerDataTable<UploadRow>
        queryKey={[...uploadKey, 'rows', date]}
        fetchPage={fetchRows}
        columns={rowColumns}
        getRowId={(r) => r.row}
        searchable={false}
        gridProps={{ getRowHeight: () => 'auto' }}
      />
    </Box>
  );
}

/** Every upload (a row picks its date). */
function HistoryTable({ onPick }: { onPick: (u: Upload) => void }) {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const uploadColumns = useMemo<GridColDef<Upload>[]>(
    () => [
      { field: 'releaseDate', headerName: t('upload.releaseDate'), width: 140, valueFormatter: (v) => f.date(v as string) },
      { field: 'fileName', headerName: t('upload.file'), flex: 1, minWidth: 160 },
      { field: 'rows', headerName: t('lines'), width: 90, align: 'right', headerAlign: 'right' },
      { field: 'failed', headerName: t('upload.failed'), width: 90, align: 'right', headerAlign: 'right' },
      moneyColumn('totalGross', t('gross')),
      {
        field: 'status',
        headerName: t('statusLabel'),
        width: 150,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.releaseStatus === 'CANCELLED' ? 'error' : row.status === 'CONFIRMED' ? 'success' : 'info'}
            label={row.releaseStatus === 'CANCELLED' ? t('releaseCancelled') : t(`upload.status.${row.status}`)}
          />
        ),
      },
    ],
    [t, f],
  );
  return (
    <>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('upload.history')}
      </Typography>
      <ServerDataTable<Upload>
        queryKey={[...uploadKey, 'list']}
        fetchPage={listUploads}
        columns={uploadColumns}
        searchable={false}
        onRowClick={onPick}
        emptyText={t('upload.empty')}
      />
    </>
  );
}
