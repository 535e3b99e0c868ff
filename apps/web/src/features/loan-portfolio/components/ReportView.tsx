/**
 * One portfolio report: its filters (period or day, product, branch, area,
 * officer, collateral type), Excel (the server's file) and print, and the
 * table with its total row; loading, failed and empty states.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import type { QueryParams } from '../../../lib/api/client';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadExcel, useOptions, useReport } from '../api';
import { type Column, monthStart, REPORTS, type ReportKey, todayWib } from '../lib/reports';

export function ReportView({ report, extra }: { report: ReportKey; extra?: (data: Record<string, unknown>) => ReactNode }) {
  const { t } = useTranslation('loan-portfolio');
  const fmt = useFormat();
  const def = REPORTS[report];
  const today = todayWib();
  const [f, setF] = useState<Record<string, string>>({ start: monthStart(today), end: today, date: today });
  const options = useOptions();
  const query: QueryParams = {
    productId: f.productId || undefined,
    branchId: f.branchId || undefined,
    areaId: f.areaId || undefined,
    officerId: f.officerId || undefined,
    ...(def.filter === 'period' ? { start: f.start, end: f.end } : { [def.dateParam ?? 'date']: f.date }),
    ...(def.typeFilter ? { type: f.type || undefined } : {}),
    ...def.query,
  };
  const q = useReport(def.path, query);
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { target: { value: string } }) => setF((o) => ({ ...o, [k]: e.target.value }));
  const select = (k: string, list: Array<{ id: string; name: string }> | undefined) => (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={t(`filter.${k}`)}
      value={f[k] ?? ''}
      onChange={set(k)}
      sx={{ minWidth: 170, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      data-testid={`filter-${k}`}
    >
      <MenuItem value="">{t('filter.all')}</MenuItem>
      {(list ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const rows = (q.data?.[def.rows] as Record<string, unknown>[] | undefined) ?? [];
  const totals = def.totals ? (q.data?.[def.totals] as Record<string, unknown> | undefined) : undefined;
  // A paged answer (the loan list: one page of 1,000, as printed) says when it holds fewer rows than the report has.
  const all = typeof q.data?.totalElements === 'number' ? q.data.totalElements : rows.length;
  return (
    <>
      <Card
        sx={{ mb: 2, p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', displayPrint: 'none' }}
        data-testid="report-filters"
      >
        {def.filter === 'period' ? (
          <>
            <TextField
              fullWidth={false}
              type="date"
              size="small"
              label={t('filter.start')}
              value={f.start}
              onChange={set('start')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              fullWidth={false}
              type="date"
              size="small"
              label={t('filter.end')}
              value={f.end}
              onChange={set('end')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        ) : (
          <TextField
            fullWidth={false}
            type="date"
            size="small"
            label={t('filter.date')}
            value={f.date}
            onChange={set('date')}
            slotProps={{ inputLabel: { shrink: true } }}
            data-testid="filter-date"
          />
        )}
        {report !== 'npl' && report !== 'byProduct' && select('productId', options.data?.products)}
        {select('branchId', options.data?.branches)}
        {select('areaId', options.data?.areas)}
        {select('officerId', options.data?.officers)}
        {def.typeFilter && (
          <TextField fullWidth={false} size="small" label={t('filter.type')} value={f.type ?? ''} onChange={set('type')} />
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FileDownloadOutlined />}
          loading={busy}
          loadingPosition="start"
          data-testid="download-excel"
          onClick={async () => {
            setBusy(true);
            try {
              await downloadExcel(def.path, query, `${report}.xlsx`);
            } catch (err) {
              notifyError(err);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('excel')}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<PrintOutlined />} onClick={() => window.print()} data-testid="print-report">
          {t('print')}
        </Button>
      </Card>
      {q.isError && !q.data ? (
        <Card>
          <EmptyState kind="loadFailed" description={q.error?.message} onRetry={() => void q.refetch()} />
        </Card>
      ) : q.data === undefined ? (
        <Card sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={320} />
        </Card>
      ) : (
        <Box sx={{ opacity: q.isFetching ? 0.6 : 1 }} data-testid={`report-${report}`}>
          {extra?.(q.data)}
          <DataTable
            columns={def.columns}
            rows={rows}
            totals={totals}
            totalLabelKey={def.totalLabelKey}
            rowAction={
              report === 'realization' || report === 'collectibility' || report === 'collateral' || report === 'list'
                ? (r) => <RecapLink loanId={r.loanId ?? (report === 'list' ? r.id : undefined)} loanNumber={r.loanNumber} />
                : undefined
            }
          />
          {all > rows.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="report-partial">
              {t('partial', { shown: fmt.number(rows.length, 0), total: fmt.number(all, 0) })}
            </Typography>
          )}
        </Box>
      )}
    </>
  );
}

/** The "Rekapitulasi" action of a loan's row: a link by URL to its recapitulation screen. */
function RecapLink({ loanId, loanNumber }: { loanId: unknown; loanNumber: unknown }) {
  const { t } = useTranslation('loan-portfolio');
  if (!loanId) return null;
  return (
    <Button
      component={RouterLink}
      to={`/reports/loans/${String(loanId)}/recapitulation`}
      size="small"
      startIcon={<ReceiptLongOutlined />}
      aria-label={t('recap.open', { loan: String(loanNumber ?? '') })}
      data-testid="recap-link"
    >
      {t('recap.action')}
    </Button>
  );
}

export function DataTable({
  columns,
  rows,
  totals,
  totalLabelKey,
  rowAction,
}: {
  columns: Column[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  totalLabelKey?: string;
  /** A last cell per row (not printed), e.g. the link to the loan's recapitulation. */
  rowAction?: (row: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation(['loan-portfolio', 'loans']);
  const fmt = useFormat();
  const cell = (c: Column, v: unknown) => {
    if (v === null || v === undefined || v === '') return '-';
    if (c.kind === 'money') return fmt.money(v as number);
    if (c.kind === 'int') return fmt.number(v as number, 0);
    if (c.kind === 'percent') return fmt.percent(v as number);
    if (c.kind === 'ratio') return fmt.percent(Number(v) * 100);
    if (c.kind === 'date') return fmt.date(v as string);
    if (c.kind === 'loanStatus') return t(`loans:status.${String(v)}`, { defaultValue: String(v) });
    return String(v);
  };
  const right = (c: Column) => (c.kind && c.kind !== 'text' && c.kind !== 'date' && c.kind !== 'loanStatus' ? 'right' : 'left');
  return (
    <Card>
      {rows.length === 0 ? (
        <EmptyState kind="noData" />
      ) : (
        <TableContainer>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={right(c)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {t(`col.${c.key}`)}
                  </TableCell>
                ))}
                {rowAction && <TableCell sx={{ displayPrint: 'none' }} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={String(r.id ?? r.loanId ?? r.memberId ?? r.period ?? r.grade ?? i)} hover data-testid="report-row">
                  {columns.map((c) => (
                    <TableCell key={c.key} align={right(c)} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {cell(c, r[c.key])}
                    </TableCell>
                  ))}
                  {rowAction && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', displayPrint: 'none', py: 0 }}>
                      {rowAction(r)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {totals && (
                <TableRow data-testid="report-total">
                  {columns.map((c) => (
                    <TableCell key={c.key} align={right(c)} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {c.key === totalLabelKey
                        ? t('total')
                        : c.kind && c.kind !== 'text' && c.kind !== 'loanStatus' && c.key in totals
                          ? cell(c, totals[c.key])
                          : ''}
                    </TableCell>
                  ))}
                  {rowAction && <TableCell sx={{ displayPrint: 'none' }} />}
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
