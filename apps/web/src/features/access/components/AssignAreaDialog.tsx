/**
 * Put a user in an area. An area inside a branch only takes users of that
 * branch; a user without a branch takes the area's branch.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useAssignUserArea } from '../api/assignUserArea';
import { useAreaOptions } from '../api/listAreas';
import type { UserView } from '../types';

export function AssignAreaDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const open = Boolean(user);
  const areas = useAreaOptions();
  const assign = useAssignUserArea();
  const [areaId, setAreaId] = useState('');
  useEffect(() => setAreaId(user?.areaId ?? ''), [user]);
  const options = useMemo(
    () => (areas.data ?? []).filter((a) => a.isActive && (!user?.branchId || !a.branchId || a.branchId === user.branchId)),
    [areas.data, user],
  );

  const save = async () => {
    if (!user || !areaId) return;
    try {
      await assign.mutateAsync({ userId: user.id, areaId });
      onClose();
    } catch {
      // The toast tells why (another branch, inactive area).
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="assign-area-title">
      <DialogTitle id="assign-area-title">{t('users.area.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', mb: 2 }}>
          {t('users.area.subtitle', { name: user?.fullName ?? '' })}
        </Typography>
        {areas.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void areas.refetch()} />
        ) : !areas.isPending && options.length === 0 ? (
          <EmptyState kind="noData" compact title={t('users.area.none')} />
        ) : (
          <TextField
            select
            label={t('users.fields.area')}
            value={options.some((o) => o.id === areaId) ? areaId : ''}
            onChange={(e) => setAreaId(e.target.value)}
            disabled={areas.isPending}
            slotProps={{ htmlInput: { 'data-testid': 'area-select' } }}
          >
            {options.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.branch ? `${a.name} · ${a.branch.name}` : a.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Alert severity="info" sx={{ mt: 2 }}>
          {user?.branch ? t('users.area.branchRule', { branch: user.branch.name }) : t('users.areaTakesBranch')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!areaId || areaId === user?.areaId}
          loading={assign.isPending}
          data-testid="area-save"
        >
          {t('users.area.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
