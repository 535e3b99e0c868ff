/** Tab "Personal info": own first and last name and phone; e-mail, role and position are read-only. */

import { profileUpdateBody } from '@koperasi/contracts/auth';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useAuth, useUser } from '../../../lib/auth/AuthProvider';
import { useUpdateProfile } from '../api/updateProfile';
import { TabCard } from './TabCard';

export function AccountTab() {
  const { t } = useTranslation('profile');
  const user = useUser();
  const { refreshUser } = useAuth();
  const update = useUpdateProfile();
  const form = useZodForm(profileUpdateBody, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName ?? '',
      phone: user.phone ? `0${user.phone.replace(/^\+62/, '')}` : '',
    },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync(v);
      await refreshUser();
      form.reset(form.getValues());
    } catch (e) {
      applyServerErrors(form, e);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="profile-account-form">
      <TabCard
        title={t('account.title')}
        subheader={t('account.subtitle')}
        actions={
          <>
            <Button color="inherit" onClick={() => form.reset()} disabled={!form.formState.isDirty}>
              {t('common:common.reset')}
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('common:common.save')}
            </Button>
          </>
        }
      >
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={form.control} name="firstName" label={t('fields.firstName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={form.control} name="lastName" label={t('fields.lastName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('fields.email')} value={user.email ?? ''} disabled helperText={t('account.emailHint')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={form.control} name="phone" label={t('fields.phone')} type="tel" placeholder="0812 3456 7890" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('fields.role')} value={user.role.name} disabled />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('fields.position')} value={user.position ? t(`positions.${user.position}`) : '-'} disabled />
          </Grid>
        </Grid>
      </TabCard>
    </form>
  );
}
