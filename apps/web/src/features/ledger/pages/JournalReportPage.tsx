/** Laporan Jurnal: journals with their lines over a date range, by source and adjustment flag, searchable, paged, with the totals of the filter. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { useDebounced } from '../../../components/table/useServerTable';
import { JOURNAL_REPORT_PATH, journalReportParams, useJournalReport } from '../api/journalReport';
import { ExcelButton } from '../components/ExcelButton';
import { PrintButton } from '../components/PrintButton';
import { JournalReportBody } from '../components/reports/JournalReportBody';
import { ReportFrame } from '../components/reports/ReportFrame';
import { SOURCE_FILTERS } from '../lib/sources';
import { useReportParams } from '../lib/useReportParams';

export const journalReportDefaults = () => {
  const m = thisMonth();
  return { start: m.start ?? '', end: m.end ?? '', search: '', source: 'none', adjustment: 'none' };
};

export default function JournalReportPage() {
  const { t } = useTranslation('ledger');
  const [p, set] = useReportParams(journalReportDefaults());
  const [search, setSearch] = useState(p.search);
  const debounced = useDebounced(search, 400);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const filter = { start: p.start, end: p.end, search: debounced, sourceModule: p.source, isAdjustment: p.adjustment };
  const q = useJournalReport({ ...filter, page, limit });
  const bad = !p.start || !p.end || p.start > p.end;
  const { page: _p, limit: _l, ...excelQuery } = journalReportParams({ ...filter, page: 0, limit: 1 });
  return (
    <ReportFrame
      navKey="journal"
      subtitle={t('report.journalSubtitle')}
      query={q}
      actions={
        <>
          <ExcelButton path={JOURNAL_REPORT_PATH} query={excelQuery} fileName={`jurnal-${p.start}-${p.end}`} disabled={bad} />
          <PrintButton path="/reports/journal/print" query={{ ...p, search: debounced }} disabled={bad} />
        </>
      }
      filters={
        <>
          <Box sx={{ width: { xs: '100%', sm: 340 } }}>
            <DateRangeFields
              value={{ start: p.start, end: p.end }}
              onChange={(r) => {
                setPage(0);
                set({ start: r.start ?? '', end: r.end ?? '' });
              }}
            />
          </Box>
          <TextField
            size="small"
            label={t('filter.search')}
            value={search}
            onChange={(e) => {
              setPage(0);
              setSearch(e.target.value);
            }}
            fullWidth={false}
            sx={{ width: 220 }}
          />
          <TextField
            select
            size="small"
            label={t('col.source')}
            value={p.source}
            onChange={(e) => {
              setPage(0);
              set({ source: e.target.value });
            }}
            fullWidth={false}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="none">{t('filter.all')}</MenuItem>
            {SOURCE_FILTERS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`source.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filter.adjustment')}
            value={p.adjustment}
            onChange={(e) => {
              setPage(0);
              set({ adjustment: e.target.value });
            }}
            fullWidth={false}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="none">{t('filter.all')}</MenuItem>
            <MenuItem value="true">{t('filter.adjustmentOnly')}</MenuItem>
            <MenuItem value="false">{t('filter.adjustmentNone')}</MenuItem>
          </TextField>
        </>
      }
    >
      {(d) => (
        <>
          <JournalReportBody data={d} />
          <TablePagination
            component="div"
            count={d.totalElements}
            page={Math.min(page, Math.max(0, d.totalPages - 1))}
            onPageChange={(_e, n) => setPage(n)}
            rowsPerPage={limit}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[10, 25, 50, 100]}
            labelRowsPerPage={t('statement.journalsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('statement.displayed', { from, to, total: count })}
          />
        </>
      )}
    </ReportFrame>
  );
}
