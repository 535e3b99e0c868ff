/**
 * Jurnal Umum (every journal of the general ledger, whatever its source) and
 * Jurnal Penyesuaian (adjustment journals): filters by date range, source,
 * adjustment flag and status, search, server pages and sort, the total of
 * the filter, the server's Excel of every journal it selects, and the add
 * button for roles allowed to post.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type DateRange, DateRangeFields } from '../../../components/dates/PeriodPicker';
import { PageHeader } from '../../../components/PageHeader';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { ledgerKeys } from '../api/keys';
import { journalListPath as apiPath, journalExcelQuery, listJournals } from '../api/listJournals';
import { ExcelButton } from '../components/ExcelButton';
import { JournalStatusChip, SourceChip } from '../components/JournalChips';
import { LedgerTable } from '../components/LedgerTable';
import { journalCrumbs, journalListPath } from '../lib/crumbs';
import { SOURCE_FILTERS } from '../lib/sources';
import type { JournalKind, JournalPage, JournalSummary } from '../lib/types';

const STATUSES = ['POSTED', 'CANCELLED', 'REVERSAL'] as const;

/** A filter with "all" first. */
function SelectField(p: { label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]>; testId: string }) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <TextField
      select
      size="small"
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      fullWidth={false}
      sx={{ minWidth: 170 }}
      slotProps={{ htmlInput: { 'data-testid': p.testId } }}
    >
      <MenuItem value="none">{t('filter.all')}</MenuItem>
      {p.options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The description, with the reference and the reversal's reason under it. */
function DescriptionCell({ row }: { row: JournalSummary }) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <Box sx={{ lineHeight: 1.35, py: 0.5, minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.8125rem' }}>{row.description}</Typography>
      {(row.referenceCode || row.reversalReason) && (
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
          {[row.referenceCode, row.reversalReason && t('journal.reasonShort', { reason: row.reversalReason })].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

/** The list's columns. */
function useJournalColumns(): GridColDef<JournalSummary>[] {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  return [
    { field: 'date', headerName: t('col.date'), width: 120, valueFormatter: (v: string) => f.date(v) },
    {
      field: 'number',
      headerName: t('col.number'),
      width: 150,
      renderCell: ({ row }) => (
        <Typography sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: 600, color: 'primary.main' }}>
          {row.number}
        </Typography>
      ),
    },
    {
      field: 'description',
      headerName: t('col.description'),
      flex: 1,
      minWidth: 260,
      renderCell: ({ row }) => <DescriptionCell row={row} />,
    },
    {
      field: 'sourceModule',
      headerName: t('col.source'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => <SourceChip module={row.sourceModule} />,
    },
    {
      field: 'status',
      headerName: t('col.status'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <JournalStatusChip status={row.status} />,
    },
    moneyColumn('totalAmount', t('col.amount'), 170),
    {
      field: 'createdByName',
      headerName: t('col.createdBy'),
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => row.createdByName ?? '-',
    },
  ];
}

export default function JournalListPage({ kind }: { kind: JournalKind }) {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const navigate = useNavigate();
  const { can } = useAuth();
  const adjustment = kind === 'adjustment';
  const [range, setRange] = useState<DateRange>({ start: null, end: null });
  const [source, setSource] = useState('none');
  const [flag, setFlag] = useState('none');
  const [status, setStatus] = useState('none');
  const validRange = !(range.start && range.end && range.end < range.start);
  const filters = {
    start: validRange ? range.start : null,
    end: validRange ? range.end : null,
    sourceModule: adjustment ? 'none' : source,
    isAdjustment: adjustment ? 'none' : flag,
    status,
  };
  const canAdd = can(adjustment ? 'adjustment_journal' : 'general_journal', 'add');

  const columns = useJournalColumns();

  const title = adjustment ? t('common:nav.adjustment_journal.title') : t('common:nav.general_journal.list');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={adjustment ? t('adjustment.subtitle') : t('journal.subtitle')}
        breadcrumbs={journalCrumbs(t, kind)}
        actions={
          canAdd && (
            <Button
              component={RouterLink}
              to={`${journalListPath(kind)}/new`}
              variant="contained"
              startIcon={<AddRounded />}
              data-testid="journal-add"
            >
              {adjustment ? t('adjustment.add') : t('journal.add')}
            </Button>
          )
        }
      />
      <LedgerTable<JournalSummary, JournalPage>
        queryKey={[...ledgerKeys.journals, kind]}
        fetchPage={(p, signal) => listJournals(kind, p, signal)}
        filters={filters}
        initialSort={{ field: 'number', sort: 'desc' }}
        columns={columns}
        searchPlaceholder={t('journal.searchPlaceholder')}
        onRowClick={(row) => navigate(`${journalListPath(kind)}/${row.id}`)}
        toolbar={
          <>
            <Box sx={{ width: { xs: '100%', md: 380 } }}>
              <DateRangeFields value={range} onChange={setRange} />
            </Box>
            {!adjustment && (
              <SelectField
                label={t('col.source')}
                value={source}
                onChange={setSource}
                options={SOURCE_FILTERS.map((s) => [s, t(`source.${s}`)])}
                testId="filter-source"
              />
            )}
            {!adjustment && (
              <SelectField
                label={t('filter.adjustment')}
                value={flag}
                onChange={setFlag}
                options={[
                  ['true', t('filter.adjustmentOnly')],
                  ['false', t('filter.adjustmentNone')],
                ]}
                testId="filter-adjustment"
              />
            )}
            <SelectField
              label={t('col.status')}
              value={status}
              onChange={setStatus}
              options={STATUSES.map((s) => [s, t(`status.${s}`)])}
              testId="filter-status"
            />
          </>
        }
        actions={(params) => (
          <ExcelButton
            path={apiPath(kind)}
            query={journalExcelQuery(params)}
            fileName={adjustment ? 'jurnal-penyesuaian' : 'jurnal-umum'}
          />
        )}
        summary={(page) =>
          page && (
            <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }} data-testid="journal-summary">
              {t('journal.summary', { count: page.totalElements, total: f.money(page.totalAmount) })}
            </Typography>
          )
        }
      />
    </>
  );
}
