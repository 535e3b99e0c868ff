/** Add or change a branch: code (used by the CIF pattern's {BRANCH}), name, address, phone, active. */
import { branchCreateBody } from '@koperasi/contracts/access';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSwitch, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useCreateBranch } from '../api/createBranch';
import { useUpdateBranch } from '../api/updateBranch';
import { localPhone } from '../lib/userForm';
import type { BranchView } from '../types';

const defaults = (b?: BranchView | null) => ({
  code: b?.code ?? '',
  name: b?.name ?? '',
  address: b?.address ?? '',
  phone: localPhone(b?.phone),
  isActive: b?.isActive ?? true,
});

export function BranchFormDialog({ open, branch, onClose }: { open: boolean; branch?: BranchView | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const form = useZodForm(branchCreateBody, { defaultValues: defaults(branch) });
  useEffect(() => {
    if (open) form.reset(defaults(branch));
  }, [open, branch, form]);

  const submit = form.handleSubmit(async (v) => {
    try {
      if (branch) await update.mutateAsync({ id: branch.id, ...v });
      else await create.mutateAsync(v);
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="branch-form-title">
      <form onSubmit={submit} noValidate data-testid="branch-form">
        <DialogTitle id="branch-form-title">{branch ? t('branches.editTitle') : t('branches.addTitle')}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={form.control}
                name="code"
                label={t('branches.fields.code')}
                helperText={t('branches.codeHint')}
                slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField control={form.control} name="name" label={t('branches.fields.name')} required autoFocus />
            </Grid>
            <Grid size={12}>
              <FormTextField control={form.control} name="address" label={t('branches.fields.address')} multiline minRows={2} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={form.control} name="phone" label={t('branches.fields.phone')} type="tel" placeholder="0274 512345" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormSwitch control={form.control} name="isActive" label={t('common.active')} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="branch-form-submit">
            {t('common:common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
