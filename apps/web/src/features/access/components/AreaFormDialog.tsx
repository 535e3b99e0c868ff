/** Add or change an area: name, description, the branch it belongs to (optional), active. */
import { areaCreateBody } from '@koperasi/contracts/access';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useCreateArea } from '../api/createArea';
import { useBranchOptions } from '../api/listBranches';
import { useUpdateArea } from '../api/updateArea';
import type { AreaView } from '../types';

const defaults = (a?: AreaView | null) => ({
  name: a?.name ?? '',
  description: a?.description ?? '',
  branchId: a?.branchId ?? '',
  isActive: a?.isActive ?? true,
});

export function AreaFormDialog({ open, area, onClose }: { open: boolean; area?: AreaView | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const branches = useBranchOptions();
  const create = useCreateArea();
  const update = useUpdateArea();
  const form = useZodForm(areaCreateBody, { defaultValues: defaults(area) });
  useEffect(() => {
    if (open) form.reset(defaults(area));
  }, [open, area, form]);
  const branchId = form.watch('branchId');

  const submit = form.handleSubmit(async (v) => {
    try {
      if (area) await update.mutateAsync({ id: area.id, ...v });
      else await create.mutateAsync(v);
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="area-form-title">
      <form onSubmit={submit} noValidate data-testid="area-form">
        <DialogTitle id="area-form-title">{area ? t('areas.editTitle') : t('areas.addTitle')}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <FormTextField control={form.control} name="name" label={t('areas.fields.name')} required autoFocus />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormSelect
                control={form.control}
                name="branchId"
                label={t('areas.fields.branch')}
                helperText={t('areas.branchHint')}
                options={[
                  { value: '', label: <em>{t('common.none')}</em> },
                  ...(branches.data ?? []).filter((b) => b.isActive || b.id === branchId).map((b) => ({ value: b.id, label: b.name })),
                ]}
              />
            </Grid>
            <Grid size={12}>
              <FormTextField control={form.control} name="description" label={t('areas.fields.description')} multiline minRows={2} />
            </Grid>
            <Grid size={12}>
              <FormSwitch control={form.control} name="isActive" label={t('common.active')} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="area-form-submit">
            {t('common:common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
