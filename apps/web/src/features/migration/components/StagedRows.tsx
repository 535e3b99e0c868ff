/** The staged rows of a type (GET migration/data-<type>): status, the cells as uploaded, errors by column (highlighted). */
import type { MigrationDataType } from '@koperasi/contracts/migration';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useStaged } from '../api/migration';

const COLUMNS: Record<MigrationDataType, string[]> = {
  members: ['cifNumber', 'fullName', 'gender', 'birthDate', 'phone', 'identityNumber', 'joinDate', 'branch'],
  savings: ['cifNumber', 'productCode', 'oldAccountNumber', 'balance', 'openDate'],
  deposits: ['cifNumber', 'productCode', 'amount', 'tenor', 'startDate', 'maturityDate', 'nextInterestDate'],
  loans: ['cifNumber', 'productCode', 'amount', 'tenor', 'principalPaid', 'arrearsPrincipal', 'remainingTenor', 'nextDueDate'],
};
const STATUS_COLOR = { VALID: 'success', FAILED: 'error', POSTED: 'primary' } as const;

export function StagedRows({ type }: { type: MigrationDataType }) {
  const { t } = useTranslation('migration');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const [status, setStatus] = useState('');
  const q = useStaged(type, page, limit, status || undefined);
  const rows = q.data?.content ?? [];
  const cols = COLUMNS[type];
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
          {t('stagedRows')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
          sx={{ width: 200 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {(['VALID', 'FAILED', 'POSTED'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {q.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
      ) : !q.isLoading && rows.length === 0 ? (
        <EmptyState kind="noData" compact />
      ) : (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader data-testid={`rows-${type}`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('row')}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{t('status')}</TableCell>
                <TableCell sx={{ minWidth: 280 }}>{t('errors')}</TableCell>
                {cols.map((c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                    {t(`columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const bad = new Set(r.errors.map((e) => e.column));
                return (
                  <TableRow key={r.rowNumber} sx={r.status === 'FAILED' ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                    <TableCell>{r.rowNumber}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`statuses.${r.status}`)} />
                    </TableCell>
                    <TableCell sx={{ color: 'error.main' }} data-testid="row-errors">
                      {r.errors.map((e) => (
                        <div key={`${e.column}-${e.message}`}>
                          <b>{e.column}</b>: {e.message}
                        </div>
                      ))}
                    </TableCell>
                    {cols.map((c) => {
                      const flagged = [...bad].some((b) => b === t(`columns.${c}`, { lng: 'id' }));
                      return (
                        <TableCell
                          key={c}
                          sx={{
                            whiteSpace: 'nowrap',
                            ...(flagged ? { color: 'error.main', fontWeight: 600, bgcolor: 'rgba(211, 47, 47, 0.12)' } : {}),
                          }}
                        >
                          {r.data[c] ?? ''}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={q.data?.totalElements ?? 0}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[10, 25, 50, 100]}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
      />
    </Stack>
  );
}
