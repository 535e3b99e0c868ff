/**
 * A server-paginated list like the kit's ServerDataTable, but giving the
 * page its state: the actions see the list parameters (search included), so
 * the server's Excel download takes exactly the filter on screen, and the
 * summary line reads the page's extra figures (journal lists' `totalAmount`).
 */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { gridLocaleText } from '../../../components/table/gridLocale';
import { type ServerTableOptions, useServerTable } from '../../../components/table/useServerTable';
import type { ListParams, Page } from '../../../lib/api/list';

export interface LedgerTableProps<T extends GridValidRowModel, P extends Page<T>> extends Omit<ServerTableOptions<T>, 'fetchPage'> {
  fetchPage: (params: ListParams, signal?: AbortSignal) => Promise<P>;
  columns: GridColDef<T>[];
  getRowId?: (row: T) => string | number;
  searchPlaceholder?: string;
  toolbar?: ReactNode;
  actions?: (params: ListParams) => ReactNode;
  summary?: (page: P | undefined) => ReactNode;
  onRowClick?: (row: T) => void;
  testId?: string;
  gridProps?: Partial<DataGridProps<T>>;
}

export function LedgerTable<T extends GridValidRowModel, P extends Page<T>>(props: LedgerTableProps<T, P>) {
  const { t, i18n } = useTranslation();
  const table = useServerTable<T>(props as unknown as ServerTableOptions<T>);
  const data = table.query.data as P | undefined;
  const sortModel = useMemo(() => (table.sort ? [table.sort] : []), [table.sort]);
  const paginationModel = useMemo(() => ({ page: table.page, pageSize: table.pageSize }), [table.page, table.pageSize]);
  const localeText = gridLocaleText(i18n.language);
  const { columns, getRowId, searchPlaceholder, toolbar, actions, summary, onRowClick, testId = 'data-table', gridProps } = props;

  return (
    <Card>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2.5, pb: 2 }}>
        <TextField
          value={table.search}
          onChange={(e) => table.setSearch(e.target.value)}
          placeholder={searchPlaceholder ?? t('table.search')}
          size="small"
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': searchPlaceholder ?? t('table.search'), 'data-testid': 'table-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {toolbar}
        <Box sx={{ flex: 1 }} />
        {actions?.(table.params)}
      </Box>
      {summary && <Box sx={{ px: 2.5, pb: 1.5 }}>{summary(data)}</Box>}
      {table.query.isError && !table.query.data ? (
        <EmptyState kind="loadFailed" onRetry={() => void table.query.refetch()} />
      ) : (
        <Box data-testid={testId}>
          <DataGrid
            rows={table.rows}
            columns={columns}
            getRowId={getRowId}
            rowCount={table.total}
            loading={table.query.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableRowSelectionOnClick
            paginationModel={paginationModel}
            onPaginationModelChange={(m) => {
              if (m.pageSize !== table.pageSize) table.setPageSize(m.pageSize);
              else table.setPage(m.page);
            }}
            sortModel={sortModel}
            onSortModelChange={(m) => table.setSort(m[0] ? { field: m[0].field, sort: m[0].sort === 'asc' ? 'asc' : 'desc' } : null)}
            pageSizeOptions={[10, 25, 50, 100]}
            onRowClick={onRowClick ? (p) => onRowClick(p.row as T) : undefined}
            localeText={localeText}
            autoHeight={table.rows.length <= 25}
            getRowHeight={() => 'auto'}
            slots={{
              noRowsOverlay: () => <EmptyState kind={table.params.search ? 'noRecord' : 'noData'} compact />,
            }}
            sx={{
              border: 0,
              borderRadius: 0,
              minHeight: 260,
              '--DataGrid-containerBackground': 'transparent',
              '& .MuiDataGrid-columnHeaders': { bgcolor: 'action.hover' },
              '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, fontSize: '0.8125rem' },
              '& .MuiDataGrid-cell': { fontSize: '0.8125rem', display: 'flex', alignItems: 'center', py: 1 },
              '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
            }}
            {...gridProps}
          />
        </Box>
      )}
    </Card>
  );
}
