/**
 * Give a teller or an agent a cash/bank account: the postable accounts under
 * 101, each held by one user at a time (accounts another user holds are shown
 * with the holder and cannot be chosen).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useFormat } from '../../../lib/format';
import { useAssignUserCoa } from '../api/assignUserCoa';
import { useCashAccounts } from '../api/cashAccounts';
import { accessKeys } from '../api/keys';
import { listUsers } from '../api/listUsers';
import type { UserView } from '../types';

export function AssignCoaDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const f = useFormat();
  const open = Boolean(user);
  const accounts = useCashAccounts(open);
  // Who holds which account (users are few; the list with limit 999 is "all").
  const holders = useQuery({
    queryKey: [...accessKeys.users, 'holders'],
    queryFn: ({ signal }) => listUsers({ page: 0, limit: 999 }, signal),
    enabled: open,
    select: (p) => new Map(p.content.filter((u) => u.coaId).map((u) => [u.coaId!, u])),
  });
  const assign = useAssignUserCoa();
  const [coaId, setCoaId] = useState('');
  useEffect(() => setCoaId(user?.coaId ?? ''), [user]);
  const options = useMemo(() => (accounts.data ?? []).filter((a) => a.isPostable), [accounts.data]);

  const save = async () => {
    if (!user || !coaId) return;
    try {
      await assign.mutateAsync({ userId: user.id, coaId });
      onClose();
    } catch {
      // The toast tells why (account taken, not cash/bank, inactive).
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="assign-coa-title">
      <DialogTitle id="assign-coa-title">{t('users.coa.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', mb: 2 }}>
          {t('users.coa.subtitle', { name: user?.fullName ?? '' })}
        </Typography>
        {accounts.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void accounts.refetch()} />
        ) : !accounts.isPending && options.length === 0 ? (
          <EmptyState kind="noData" compact title={t('users.coa.none')} />
        ) : (
          <TextField
            select
            label={t('users.coa.account')}
            value={options.some((o) => o.id === coaId) ? coaId : ''}
            onChange={(e) => setCoaId(e.target.value)}
            disabled={accounts.isPending}
            slotProps={{ htmlInput: { 'data-testid': 'coa-select' } }}
          >
            {options.map((a) => {
              const holder = holders.data?.get(a.id);
              const taken = Boolean(holder && holder.id !== user?.id);
              return (
                <MenuItem key={a.id} value={a.id} disabled={taken || !a.isActive}>
                  <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                    <span>
                      {a.code} · {a.name}
                    </span>
                    <Typography component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                      {taken
                        ? t('users.coa.heldBy', { name: holder!.fullName })
                        : !a.isActive
                          ? t('common.inactive')
                          : t('users.coa.balance', { amount: f.money(a.balance) })}
                    </Typography>
                  </Box>
                </MenuItem>
              );
            })}
          </TextField>
        )}
        {user?.coa && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('users.coa.current', { code: user.coa.code, name: user.coa.name })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!coaId || coaId === user?.coaId}
          loading={assign.isPending}
          data-testid="coa-save"
        >
          {t('users.coa.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
