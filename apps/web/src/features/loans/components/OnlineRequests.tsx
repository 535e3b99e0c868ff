/**
 * Loan requests from the member app (GET /api/home/request-loan-online):
 * waiting ones first come first served, other statuses on demand. Staff who
 * may decide (member_transaction:update) approve one into an application
 * (it then waits in the approval queue) or reject it with a reason.
 */

import { ONLINE_REQUEST_STATUSES } from '@koperasi/contracts/loans';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MoneyText } from '../../../components/money/MoneyText';
import { DateTimeCell, TwoLineCell } from '../../../components/table/cells';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { onlineKey } from '../api/keys';
import { listOnlineLoans, useDecideOnlineLoan } from '../api/online';
import type { OnlineLoan } from '../api/types';

const COLORS = { WAITING: 'warning', APPROVED: 'success', REJECTED: 'error' } as const;

/** The request's status; once it became a loan, a link to the loan. */
function StatusCell({ row }: { row: OnlineLoan }) {
  const { t } = useTranslation('loans');
  return row.loanId ? (
    <Link component={RouterLink} to={`/transactions/loans/${row.loanId}`} onClick={(e) => e.stopPropagation()}>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[row.status]}
        label={t(`online.status.${row.status}`)}
        sx={{ cursor: 'pointer' }}
      />
    </Link>
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[row.status]}
      label={t(`online.status.${row.status}`)}
      title={row.reason ?? undefined}
    />
  );
}

function DecideButtons({ onDecide }: { onDecide: (status: 'APPROVED' | 'REJECTED') => void }) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title={t('online.approve')}>
        <IconButton size="small" color="primary" onClick={() => onDecide('APPROVED')} data-testid="online-approve">
          <CheckRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('online.reject')}>
        <IconButton size="small" color="error" onClick={() => onDecide('REJECTED')} data-testid="online-reject">
          <CloseRounded fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export function OnlineRequests() {
  const { t } = useTranslation('loans');
  const { can } = useAuth();
  const f = useFormat();
  const canDecide = can('member_transaction', 'update');
  const [status, setStatus] = useState<string>('WAITING');
  const [deciding, setDeciding] = useState<{ row: OnlineLoan; status: 'APPROVED' | 'REJECTED' } | null>(null);
  const [reason, setReason] = useState('');
  const decide = useDecideOnlineLoan();

  const columns = useMemo<GridColDef<OnlineLoan>[]>(
    () => [
      {
        field: 'created_date',
        headerName: t('online.requestedAt'),
        width: 120,
        renderCell: ({ row }) => <DateTimeCell value={row.createdDate} />,
      },
      {
        field: 'memberName',
        headerName: t('loan.member'),
        flex: 1,
        minWidth: 190,
        sortable: false,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={`${row.cifNumber} · ${row.productName}`} />,
      },
      {
        field: 'amount',
        headerName: t('loan.amount'),
        width: 150,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        renderCell: ({ row }) => (
          <TwoLineCell main={<MoneyText value={row.amount} />} sub={t('form.tenorValue', { count: row.tenorInMonth })} />
        ),
      },
      {
        field: 'purpose',
        headerName: t('form.purpose'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => row.purpose ?? '-',
      },
      {
        field: 'status',
        headerName: t('loan.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <StatusCell row={row} />,
      },
      ...(canDecide
        ? [
            {
              field: 'actions',
              headerName: '',
              width: 100,
              sortable: false,
              renderCell: ({ row }) => row.status === 'WAITING' && <DecideButtons onDecide={(status) => setDeciding({ row, status })} />,
            } satisfies GridColDef<OnlineLoan>,
          ]
        : []),
    ],
    [t, canDecide],
  );

  const reject = deciding?.status === 'REJECTED';
  return (
    <>
      <ServerDataTable<OnlineLoan>
        queryKey={[...onlineKey]}
        fetchPage={listOnlineLoans}
        columns={columns}
        filters={{ status }}
        searchPlaceholder={t('list.search')}
        emptyText={status === 'WAITING' ? t('online.empty') : undefined}
        toolbar={
          <TextField
            select
            size="small"
            label={t('loan.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="none">{t('list.allStatuses')}</MenuItem>
            {ONLINE_REQUEST_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`online.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <ConfirmDialog
        open={Boolean(deciding)}
        onClose={() => {
          setDeciding(null);
          setReason('');
        }}
        destructive={reject}
        title={reject ? t('online.rejectTitle') : t('online.approveTitle')}
        confirmLabel={reject ? t('online.reject') : t('online.approve')}
        message={
          deciding && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <span>
                {t(reject ? 'online.rejectText' : 'online.approveText', {
                  member: deciding.row.memberName,
                  amount: f.money(deciding.row.amount),
                  count: deciding.row.tenorInMonth,
                })}
              </span>
              {reject && (
                <TextField
                  label={t('decision.reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  required
                  autoFocus
                  slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'online-reason' } }}
                />
              )}
            </Box>
          )
        }
        onConfirm={async () => {
          if (!deciding) return;
          if (reject && !reason.trim()) throw new Error('reason');
          await decide.mutateAsync({ id: deciding.row.id, status: deciding.status, reason: reason.trim() || null });
          setReason('');
        }}
      />
    </>
  );
}
