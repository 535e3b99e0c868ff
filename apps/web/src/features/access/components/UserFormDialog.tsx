/**
 * Add or change a user: names, e-mail and/or phone, role, position (officer
 * titles), branch, area, account officer flag (and, when adding, whether the
 * user starts active). A new user receives an invitation to set a password.
 */
import { OFFICER_TITLES } from '@koperasi/contracts/enums';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useAllRoles } from '../api/allRoles';
import { useCreateUser } from '../api/createUser';
import { useAreaOptions } from '../api/listAreas';
import { useBranchOptions } from '../api/listBranches';
import { useUpdateUser } from '../api/updateUser';
import { userForm, userFormDefaults } from '../lib/userForm';
import type { UserView } from '../types';
import { useRefusal } from './RefusalDialog';

export function UserFormDialog({ open, user, onClose }: { open: boolean; user?: UserView | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const editing = Boolean(user);
  const roles = useAllRoles();
  const branches = useBranchOptions();
  const areas = useAreaOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const refusal = useRefusal();
  const form = useZodForm(userForm, { defaultValues: userFormDefaults(user) });

  useEffect(() => {
    if (open) form.reset(userFormDefaults(user));
  }, [open, user, form]);

  const [roleId, branchId, areaId] = form.watch(['roleId', 'branchId', 'areaId']);

  // A new agent is an account officer unless the admin says otherwise.
  useEffect(() => {
    if (editing || !roleId) return;
    const role = roles.data?.find((r) => r.id === roleId);
    if (role) form.setValue('isAccountOfficer', role.code === 'AGENT');
  }, [roleId, editing, roles.data, form]);

  const areaChoices = useMemo(
    () => (areas.data ?? []).filter((a) => (a.isActive || a.id === areaId) && (!branchId || !a.branchId || a.branchId === branchId)),
    [areas.data, branchId, areaId],
  );
  // An area of another branch cannot stay chosen.
  useEffect(() => {
    if (areaId && areas.data && !areaChoices.some((a) => a.id === areaId)) form.setValue('areaId', '');
  }, [areaChoices, areaId, areas.data, form]);

  const submit = form.handleSubmit(async (v) => {
    try {
      if (user) {
        const { isActive: _keep, ...changes } = v;
        await update.mutateAsync({ id: user.id, ...changes });
      } else {
        await create.mutateAsync(v);
      }
      onClose();
    } catch (e) {
      if (!applyServerErrors(form, e)) refusal.report(e, t('users.saveRefused'));
    }
  });

  const none = { value: '', label: <em>{t('common.none')}</em> };
  return (
    <>
      <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="user-form-title">
        <form onSubmit={submit} noValidate data-testid="user-form">
          <DialogTitle id="user-form-title">{editing ? t('users.editTitle') : t('users.addTitle')}</DialogTitle>
          <DialogContent>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={form.control} name="firstName" label={t('users.fields.firstName')} required autoFocus />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={form.control} name="lastName" label={t('users.fields.lastName')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={form.control} name="email" label={t('users.fields.email')} type="email" autoComplete="off" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={form.control}
                  name="phone"
                  label={t('users.fields.phone')}
                  type="tel"
                  placeholder="0812 3456 7890"
                  autoComplete="off"
                />
              </Grid>
              <Grid size={12}>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: -1 }}>{t('users.contactHint')}</Typography>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelect
                  control={form.control}
                  name="roleId"
                  label={t('users.fields.role')}
                  required
                  options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelect
                  control={form.control}
                  name="position"
                  label={t('users.fields.position')}
                  options={[none, ...OFFICER_TITLES.map((p) => ({ value: p, label: t(`positions.${p}`) }))]}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelect
                  control={form.control}
                  name="branchId"
                  label={t('users.fields.branch')}
                  options={[
                    none,
                    ...(branches.data ?? [])
                      .filter((b) => b.isActive || b.id === branchId)
                      .map((b) => ({ value: b.id, label: b.code ? `${b.name} (${b.code})` : b.name })),
                  ]}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelect
                  control={form.control}
                  name="areaId"
                  label={t('users.fields.area')}
                  helperText={branchId ? t('users.areaOfBranch') : t('users.areaTakesBranch')}
                  options={[none, ...areaChoices.map((a) => ({ value: a.id, label: a.name }))]}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: editing ? 12 : 6 }}>
                <FormSwitch control={form.control} name="isAccountOfficer" label={t('users.fields.isAccountOfficer')} />
              </Grid>
              {!editing && (
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormSwitch control={form.control} name="isActive" label={t('users.fields.activeNow')} />
                </Grid>
              )}
            </Grid>
            {!editing && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('users.invitationNote')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" onClick={onClose}>
              {t('common:common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="user-form-submit">
              {editing ? t('common:common.save') : t('users.addSubmit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {refusal.dialog}
    </>
  );
}
