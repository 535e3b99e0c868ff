/**
 * The list screen table: MUI X Data Grid with server pagination, sorting and
 * search bound to the API's list convention, a toolbar (search, filters,
 * actions, Excel export) and the spec's empty / failed states.
 *
 *   <ServerDataTable
 *     queryKey={['members']}
 *     fetchPage={(p, signal) => api<Page<Member>>('/api/member/datatable', { query: listQuery(p), signal })}
 *     columns={[{ field: 'name', headerName: t('members:name'), flex: 1 }]}
 *     filters={{ isActive: status }}
 *     toolbar={<StatusFilter ... />}
 *   />
 */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DataGrid, type DataGridProps, type GridColDef, type GridRowParams, type GridValidRowModel } from '@mui/x-data-grid';
import { arSD, enUS, esES, frFR, idID, itIT, zhCN } from '@mui/x-data-grid/locales';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../EmptyState';
import { ExportExcelButton } from '../ExportExcelButton';
import type { ExcelColumn } from '../excel';
import { type ServerTableOptions, useServerTable } from './useServerTable';

const GRID_LOCALES = { id: idID, en: enUS, zh: zhCN, ar: arSD, it: itIT, es: esES, fr: frFR } as const;

export interface ServerDataTableProps<T extends GridValidRowModel> extends ServerTableOptions<T> {
  columns: GridColDef<T>[];
  getRowId?: (row: T) => string | number;
  /** Show the search box (default true). */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Filter controls shown next to the search box. */
  toolbar?: ReactNode;
  /** Buttons on the right of the toolbar (add, import...). */
  actions?: ReactNode;
  /** Excel export of what the filters select: all rows are fetched with limit 999. */
  excel?: { fileName: string; title?: string; columns: ExcelColumn<T>[] };
  onRowClick?: (row: T) => void;
  pageSizeOptions?: number[];
  emptyText?: string;
  /** Inside a card (default) or bare. */
  bare?: boolean;
  /** Anything else of the Data Grid (getRowHeight, columnVisibilityModel, ...). */
  gridProps?: Partial<DataGridProps<T>>;
}

export function ServerDataTable<T extends GridValidRowModel>(props: ServerDataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const table = useServerTable<T>(props);
  const {
    columns,
    getRowId,
    searchable = true,
    searchPlaceholder,
    toolbar,
    actions,
    excel,
    onRowClick,
    pageSizeOptions = [10, 25, 50, 100],
    emptyText,
    bare,
    gridProps,
  } = props;
  // Stable models: a new array or object each render reads to the grid as a change (and a new sort goes back to page 0).
  const sortModel = useMemo(() => (table.sort ? [table.sort] : []), [table.sort]);
  const paginationModel = useMemo(() => ({ page: table.page, pageSize: table.pageSize }), [table.page, table.pageSize]);
  const localeText = (GRID_LOCALES[i18n.language as keyof typeof GRID_LOCALES] ?? enUS).components.MuiDataGrid.defaultProps.localeText;

  const content = (
    <>
      {(searchable || toolbar || actions || excel) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2.5, pb: 2 }}>
          {searchable && (
            <TextField
              value={table.search}
              onChange={(e) => table.setSearch(e.target.value)}
              placeholder={searchPlaceholder ?? t('table.search')}
              sx={{ width: { xs: '100%', sm: 280 } }}
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
          )}
          {toolbar}
          <Box sx={{ flex: 1 }} />
          {excel && (
            <ExportExcelButton
              fileName={excel.fileName}
              title={excel.title}
              columns={excel.columns}
              rows={async () => (await props.fetchPage({ ...table.params, page: 0, limit: 999 })).content}
            />
          )}
          {actions}
        </Box>
      )}
      {table.query.isError && !table.query.data ? (
        <EmptyState kind="loadFailed" onRetry={() => void table.query.refetch()} />
      ) : (
        <Box data-testid="data-table">
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
            pageSizeOptions={pageSizeOptions}
            onRowClick={onRowClick ? (p: GridRowParams<T>) => onRowClick(p.row) : undefined}
            localeText={localeText}
            autoHeight={table.rows.length <= 25}
            slots={{
              noRowsOverlay: () => <EmptyState kind={table.params.search ? 'noRecord' : 'noData'} title={emptyText} compact />,
            }}
            sx={{
              border: 0,
              borderRadius: 0,
              minHeight: 260,
              '--DataGrid-containerBackground': 'transparent',
              '& .MuiDataGrid-columnHeaders': { bgcolor: 'action.hover' },
              '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, fontSize: '0.8125rem' },
              '& .MuiDataGrid-cell': { fontSize: '0.8125rem', display: 'flex', alignItems: 'center' },
              '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
            }}
            {...gridProps}
          />
        </Box>
      )}
    </>
  );
  return bare ? <Box>{content}</Box> : <Card>{content}</Card>;
}
