/**
 * Add or change a business unit: name, type, status and its eight accounts
 * (cash/bank, inventory, receivable, payable, admin liability, revenue,
 * expense, inventory loss), each chosen among the postable active accounts of
 * the type it must have. The server's per-field refusals (wrong type, another
 * unit's account) show under the field.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostableAccounts } from '../../../lib/api/accounts';
import { isApiError } from '../../../lib/api/errors';
import { errorMessage } from '../../../lib/notify';
import {
  ACCOUNT_FIELDS,
  type AccountField,
  BUSINESS_TYPES,
  type BusinessUnit,
  type UnitInput,
  useCreateUnit,
  useUpdateUnit,
} from '../api/businessUnits';

type Form = UnitInput & Record<AccountField, string>;

function initial(unit: BusinessUnit | null): Form {
  const accounts = Object.fromEntries(ACCOUNT_FIELDS.map((a) => [a.field, unit?.[a.field] ?? ''])) as Record<AccountField, string>;
  return { name: unit?.name ?? '', type: unit?.type ?? 'TOKO', status: unit?.status ?? 'ACTIVE', ...accounts };
}

export function UnitFormDialog({ unit, open, onClose }: { unit: BusinessUnit | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('business-units');
  const accounts = usePostableAccounts();
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const [form, setForm] = useState<Form>(() => initial(unit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof Form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    setError(null);
    setErrors({});
    const missing = Object.fromEntries(
      [['name', form.name.trim()], ...ACCOUNT_FIELDS.map((a) => [a.field, form[a.field]])]
        .filter(([, v]) => !v)
        .map(([k]) => [k, t('form.required')]),
    );
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    try {
      if (unit) await update.mutateAsync({ ...form, id: unit.id });
      else await create.mutateAsync(form);
      onClose();
    } catch (e) {
      if (isApiError(e) && e.fields.length) setErrors(Object.fromEntries(e.fields.map((f) => [f.field, f.message])));
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>{unit ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="unit-form-error">
            {error}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              autoFocus
              label={t('field.name')}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'unit-name' } }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField select fullWidth label={t('field.type')} value={form.type} onChange={(e) => set('type', e.target.value)}>
              {BUSINESS_TYPES.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`type.${v}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField select fullWidth label={t('field.status')} value={form.status} onChange={(e) => set('status', e.target.value)}>
              <MenuItem value="ACTIVE">{t('status.ACTIVE')}</MenuItem>
              <MenuItem value="INACTIVE">{t('status.INACTIVE')}</MenuItem>
            </TextField>
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" color="text.secondary">
              {t('form.accounts')}
            </Typography>
          </Grid>
          {ACCOUNT_FIELDS.map((a) => {
            const options = (accounts.data ?? []).filter(
              (c) => c.type === a.type && (!c.businessUnitId || c.businessUnitId === unit?.id || c.id === form[a.field]),
            );
            return (
              <Grid key={a.field} size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t(`account.${a.field}`)}
                  value={accounts.isLoading ? '' : form[a.field]}
                  onChange={(e) => set(a.field, e.target.value)}
                  error={Boolean(errors[a.field])}
                  helperText={errors[a.field] ?? t(`accountType.${a.type}`)}
                  slotProps={{ htmlInput: { 'data-testid': `unit-${a.field}` } }}
                >
                  {options.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.code} · {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            );
          })}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={busy} data-testid="unit-save">
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
