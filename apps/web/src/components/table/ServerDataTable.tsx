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
 *
 * Built for reading all day: compact rows; 10 / 25 / 50 / 100 rows per page,
 * remembered per user and table (localStorage `table-page-size:<user>:<table>`,
 * the table being `tableId` or the screen's path); a long text ends in an
 * ellipsis with the full text on hover; a status column keeps its chip whole
 * (min width); on a phone (< 600 px) the rows become cards instead of a
 * table scrolled sideways.
 */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridRenderCellParams,
  type GridRowParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { allRows } from '../../lib/api/list';
import { useOptionalUserId } from '../../lib/auth/AuthProvider';
import { EmptyState } from '../EmptyState';
import { ExportExcelButton } from '../ExportExcelButton';
import type { ExcelColumn } from '../excel';
import { gridLocaleText } from './gridLocale';
import { PAGE_SIZE_OPTIONS, type ServerTableOptions, useServerTable } from './useServerTable';

/** Below this width the rows are cards. */
export const PHONE_QUERY = '(max-width:599.95px)';

/** A plain value cell: one line, an ellipsis when cut, the full text on hover. */
function EllipsisCell({ text }: { text: string }) {
  return (
    <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
      {text}
    </Box>
  );
}

const plain = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Columns as shown: plain values with EllipsisCell, status columns wide enough for their chip. */
export function denseColumns<T extends GridValidRowModel>(columns: GridColDef<T>[]): GridColDef<T>[] {
  return columns.map((c) => {
    const status = /status/i.test(c.field);
    const out: GridColDef<T> = status ? { ...c, minWidth: Math.max(c.minWidth ?? 0, 140) } : { ...c };
    if (!c.renderCell && c.type !== 'actions')
      out.renderCell = (p: GridRenderCellParams<T>) =>
        plain(p.formattedValue) ? <EllipsisCell text={String(p.formattedValue)} /> : (p.formattedValue as ReactNode);
    return out;
  });
}

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
  /**
   * Excel of the filtered list, every row of it (lib/api/list `allRows`: all its pages, refused over EXPORT_MAX_ROWS);
   * `totalLabel` adds one total row of the money columns.
   */
  excel?: { fileName: string; title?: string; columns: ExcelColumn<T>[]; totalLabel?: string };
  onRowClick?: (row: T) => void;
  pageSizeOptions?: number[];
  emptyText?: string;
  /** Inside a card (default) or bare. */
  bare?: boolean;
  /** Anything else of the Data Grid (getRowHeight, columnVisibilityModel, ...). */
  gridProps?: Partial<DataGridProps<T>>;
  /** Names the table for the remembered rows per page (default: the screen's path). */
  tableId?: string;
}

export function ServerDataTable<T extends GridValidRowModel>(props: ServerDataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const userId = useOptionalUserId();
  const pageSizeKey = userId ? `table-page-size:${userId}:${props.tableId ?? pathname}` : undefined;
  const table = useServerTable<T>({ ...props, pageSizeKey });
  const phone = useMediaQuery(PHONE_QUERY);
  const {
    columns,
    getRowId,
    searchable = true,
    searchPlaceholder,
    toolbar,
    actions,
    excel,
    onRowClick,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    emptyText,
    bare,
    gridProps,
  } = props;
  // Stable models: a new array or object each render reads to the grid as a change (and a new sort goes back to page 0).
  const sortModel = useMemo(() => (table.sort ? [table.sort] : []), [table.sort]);
  const paginationModel = useMemo(() => ({ page: table.page, pageSize: table.pageSize }), [table.page, table.pageSize]);
  const localeText = gridLocaleText(i18n.language);
  const shownColumns = useMemo(() => denseColumns(columns), [columns]);

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
              totalLabel={excel.totalLabel}
              rows={() => allRows(props.fetchPage, table.params, getRowId)}
            />
          )}
          {actions}
        </Box>
      )}
      {table.query.isError && !table.query.data ? (
        <EmptyState kind="loadFailed" onRetry={() => void table.query.refetch()} />
      ) : phone ? (
        <Box data-testid="data-table" data-layout="cards">
          <RowCards
            rows={table.rows}
            columns={columns}
            getRowId={getRowId}
            onRowClick={onRowClick}
            empty={<EmptyState kind={table.params.search ? 'noRecord' : 'noData'} title={emptyText} compact />}
          />
          <TablePagination
            component="div"
            count={table.total}
            page={table.page}
            rowsPerPage={table.pageSize}
            rowsPerPageOptions={pageSizeOptions}
            onPageChange={(_e, p) => table.setPage(p)}
            onRowsPerPageChange={(e) => table.setPageSize(Number(e.target.value))}
            labelRowsPerPage={localeText.paginationRowsPerPage as ReactNode}
            labelDisplayedRows={(a) => localeText.paginationDisplayedRows?.({ ...a, estimated: undefined }) ?? ''}
          />
        </Box>
      ) : (
        <Box data-testid="data-table">
          <DataGrid
            rows={table.rows}
            columns={shownColumns}
            getRowId={getRowId}
            density="compact"
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

/** The rows as cards (phones): each column's header over its value, as the table would show it. */
function RowCards<T extends GridValidRowModel>({
  rows,
  columns,
  getRowId,
  onRowClick,
  empty,
}: {
  rows: T[];
  columns: GridColDef<T>[];
  getRowId?: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <Box sx={{ py: 2 }}>{empty}</Box>;
  const cellOf = (c: GridColDef<T>, row: T): ReactNode => {
    const raw = c.valueGetter ? (c.valueGetter as (v: unknown, r: T) => unknown)(row[c.field as keyof T], row) : row[c.field as keyof T];
    const formatted = c.valueFormatter ? (c.valueFormatter as (v: unknown, r: T) => unknown)(raw, row) : raw;
    if (c.renderCell) {
      const params = { row, value: raw, formattedValue: formatted, field: c.field, id: getRowId ? getRowId(row) : row.id, colDef: c };
      return c.renderCell(params as unknown as GridRenderCellParams<T>);
    }
    return formatted === null || formatted === undefined || formatted === '' ? '-' : String(formatted);
  };
  return (
    <Stack spacing={1.25} sx={{ px: 1.5, pb: 1 }}>
      {rows.map((row) => (
        <Box
          key={String(getRowId ? getRowId(row) : row.id)}
          data-testid="data-card"
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            p: 1.5,
            cursor: onRowClick ? 'pointer' : 'default',
            display: 'grid',
            gap: 0.5,
          }}
        >
          {columns.map((c) => (
            <Box key={c.field} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
              {c.type !== 'actions' && (
                <Typography component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary', flexShrink: 0 }}>
                  {c.headerName}
                </Typography>
              )}
              <Box sx={{ fontSize: '0.8125rem', textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere', ml: 'auto' }}>
                {cellOf(c, row)}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
