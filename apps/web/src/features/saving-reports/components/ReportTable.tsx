/**
 * The table of every saving report, on screen and on paper: columns with
 * alignment, optional sorting by the server's sort keys, a totals footer,
 * and server paging on screen. Printed, it repeats its header on every page
 * and never splits a row.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The server's sort key (sortBy); sortable when given. */
  sortKey?: string;
  nowrap?: boolean;
  minWidth?: number;
}

export interface Sort {
  field: string;
  dir: 'asc' | 'desc';
}

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function ReportTable<T>({
  columns,
  rows,
  rowKey,
  footer,
  paging,
  sort,
  onSort,
  onRowClick,
  print,
  testId,
  emptyText,
  minWidth = 760,
  framed,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  /** Cells of the totals row by column key (the first column's cell carries the label). */
  footer?: Record<string, ReactNode>;
  paging?: Paging;
  sort?: Sort | null;
  onSort?: (sort: Sort | null) => void;
  onRowClick?: (row: T) => void;
  print?: boolean;
  testId?: string;
  emptyText?: string;
  minWidth?: number;
  /** In its own card (a table standing alone on the page). */
  framed?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const head = {
    fontWeight: 600,
    fontSize: print ? '0.68rem' : '0.75rem',
    textTransform: 'uppercase' as const,
    letterSpacing: 0.3,
    color: 'text.secondary',
    whiteSpace: 'nowrap' as const,
  };
  const clickSort = (key: string) => {
    if (!onSort) return;
    if (sort?.field !== key) onSort({ field: key, dir: 'asc' });
    else if (sort.dir === 'asc') onSort({ field: key, dir: 'desc' });
    else onSort(null);
  };
  const Frame = framed && !print ? Card : Box;
  return (
    <Frame data-testid={testId}>
      <Box sx={{ overflowX: print ? 'visible' : 'auto' }}>
        <Table
          size="small"
          sx={{
            minWidth: print ? undefined : minWidth,
            '& td': { fontSize: print ? '0.72rem' : '0.8125rem' },
            '& tbody tr': { breakInside: 'avoid' },
          }}
        >
          <TableHead>
            <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ ...head, minWidth: c.minWidth }}>
                  {c.sortKey && onSort && !print ? (
                    <TableSortLabel
                      active={sort?.field === c.sortKey}
                      direction={sort?.field === c.sortKey ? sort.dir : 'asc'}
                      onClick={() => clickSort(c.sortKey!)}
                    >
                      {c.header}
                    </TableSortLabel>
                  ) : (
                    c.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ borderBottom: 0 }}>
                  <EmptyState kind="noData" title={emptyText} compact />
                </TableCell>
              </TableRow>
            )}
            {rows.map((r, i) => (
              <TableRow
                key={rowKey(r, i)}
                hover={!print && Boolean(onRowClick)}
                onClick={onRowClick ? () => onRowClick(r) : undefined}
                sx={{ cursor: onRowClick && !print ? 'pointer' : undefined }}
                data-testid="report-row"
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={{ whiteSpace: c.nowrap ? 'nowrap' : undefined }}>
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {footer && rows.length > 0 && (
            <TableFooter>
              <TableRow
                sx={{
                  '& td': { fontWeight: 700, color: 'text.primary', borderTop: 2, borderTopColor: 'text.primary', fontSize: '0.8125rem' },
                }}
                data-testid="report-totals"
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={{ whiteSpace: 'nowrap' }} data-testid={`total-${c.key}`}>
                    {footer[c.key] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Box>
      {paging && !print && (
        <TablePagination
          component="div"
          count={paging.total}
          page={Math.min(paging.page, Math.max(0, Math.ceil(paging.total / paging.pageSize) - 1))}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_e, p) => paging.onPage(p)}
          onRowsPerPageChange={(e) => paging.onPageSize(Number(e.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('table.displayed', { from, to, count })}
          data-testid="report-pagination"
        />
      )}
    </Frame>
  );
}
