/**
 * Account openings waiting for approval (products that need it): the list,
 * and per account a dialog to approve (after a confirmation step; the account
 * becomes active) or reject with a required reason. The server's refusal is
 * shown in the dialog.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useMessageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { listPendingOpenings, pendingOpeningsKey, useDecideOpening } from '../api/pendingOpenings';
import type { SavingAccount } from '../api/types';
import { Facts } from './Facts';

export function PendingOpenings() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const [open, setOpen] = useState<SavingAccount | null>(null);
  const columns = useMemo<GridColDef<SavingAccount>[]>(
    () => [
      {
        field: 'created_date',
        headerName: t('approvals.requestedAt'),
        width: 120,
        valueGetter: (_v, r) => f.date(r.createdDate),
      },
      {
        field: 'member_name',
        headerName: t('account.member'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
              {row.memberName}
            </Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {row.cifNumber}
            </Typography>
          </Box>
        ),
      },
      { field: 'account_number', headerName: t('account.number'), width: 140, valueGetter: (_v, r) => r.accountNumber },
      { field: 'product_name', headerName: t('approvals.product'), flex: 1, minWidth: 160, valueGetter: (_v, r) => r.productName },
    ],
    [t, f],
  );
  return (
    <>
      <ServerDataTable<SavingAccount>
        queryKey={pendingOpeningsKey}
        fetchPage={listPendingOpenings}
        columns={columns}
        searchPlaceholder={t('online.search')}
        onRowClick={(row) => setOpen(row)}
        emptyText={t('approvals.emptyOpenings')}
      />
      {open && <OpeningDialog account={open} onClose={() => setOpen(null)} />}
    </>
  );
}

type Mode = 'view' | 'approve' | 'reject';

export function OpeningDialog({ account, onClose }: { account: SavingAccount; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const msg = useMessageText();
  const { can } = useAuth();
  const decide = useDecideOpening();
  const [mode, setMode] = useState<Mode>('view');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'APPROVED' | 'REJECTED' | null>(null);
  const canDecide = can('member_transaction', 'update') && account.status === 'PENDING';

  const send = async (status: 'APPROVED' | 'REJECTED') => {
    if (status === 'REJECTED' && !reason.trim()) {
      setTouched(true);
      return;
    }
    setError(null);
    try {
      await decide.mutateAsync({ memberSavingId: account.id, status, reason: status === 'REJECTED' ? reason.trim() : null });
      setDone(status);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={() => !decide.isPending && onClose()} maxWidth="sm" fullWidth data-testid="opening-dialog">
      <DialogTitle>{t('approvals.openingTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {done && (
            <Alert severity="success" data-testid="opening-done">
              {done === 'APPROVED'
                ? t('approvals.openingApproved', { number: account.accountNumber })
                : t('approvals.openingRejected', { number: account.accountNumber })}
            </Alert>
          )}
          <Facts
            items={[
              { label: t('account.member'), value: `${account.memberName} (${account.cifNumber})` },
              { label: t('account.number'), value: `${account.accountNumber} · ${account.productName}` },
              { label: t('approvals.requestedAt'), value: f.date(account.createdDate, 'dateTime') },
            ]}
          />
          {!done && mode === 'approve' && (
            <>
              <Divider />
              <Alert severity="info" data-testid="approve-note">
                {t('approvals.openingNote', { account: account.accountNumber, product: account.productName })}
              </Alert>
            </>
          )}
          {!done && mode === 'reject' && (
            <>
              <Divider />
              <TextField
                autoFocus
                required
                multiline
                minRows={2}
                label={t('online.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={touched && !reason.trim()}
                helperText={touched && !reason.trim() ? msg('saving.reason_required') : undefined}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reject-reason' } }}
              />
            </>
          )}
          {error && (
            <Alert severity="error" data-testid="posting-error">
              {error}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {done || !canDecide ? (
          <Button onClick={onClose} variant={done ? 'contained' : 'text'} color={done ? 'primary' : 'inherit'}>
            {done ? t('posting.finish') : t('common:common.close')}
          </Button>
        ) : mode === 'view' ? (
          <>
            <Button onClick={onClose} color="inherit">
              {t('common:common.close')}
            </Button>
            <Button color="error" variant="outlined" onClick={() => setMode('reject')} data-testid="request-reject">
              {t('online.reject')}
            </Button>
            <Button variant="contained" onClick={() => setMode('approve')} data-testid="request-approve">
              {t('online.approve')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setMode('view')} color="inherit" disabled={decide.isPending}>
              {t('posting.back')}
            </Button>
            <Button
              variant="contained"
              color={mode === 'reject' ? 'error' : 'primary'}
              loading={decide.isPending}
              onClick={() => send(mode === 'reject' ? 'REJECTED' : 'APPROVED')}
              data-testid="request-confirm"
            >
              {error ? t('posting.retry') : mode === 'reject' ? t('online.confirmReject') : t('approvals.confirmOpening')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
