/** Tab "Change password": old, new, repeat, with the rules (spec section 5). Other sessions are signed out. */

import { changePasswordForm } from '@koperasi/contracts/web';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useChangePassword } from '../api/changePassword';
import { TabCard } from './TabCard';

export function SecurityTab() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useZodForm(changePasswordForm, { defaultValues: { oldPassword: '', newPassword: '', rePassword: '' } });
  const [oldPw, newPw, rePw] = form.watch(['oldPassword', 'newPassword', 'rePassword']);
  const rules = [
    { ok: newPw.length >= 8 && newPw.length <= 64, label: t('security.ruleLength') },
    { ok: Boolean(newPw) && newPw !== oldPw, label: t('security.ruleDifferent') },
    { ok: Boolean(newPw) && newPw === rePw, label: t('security.ruleMatch') },
  ];
  const submit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync(v);
      form.reset({ oldPassword: '', newPassword: '', rePassword: '' });
    } catch (e) {
      applyServerErrors(form, e);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="profile-password-form">
      <TabCard
        title={t('security.title')}
        subheader={t('security.subtitle')}
        actions={
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t('security.submit')}
          </Button>
        }
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Grid container spacing={2.5}>
              <Grid size={12}>
                <FormPasswordField
                  control={form.control}
                  name="oldPassword"
                  label={t('fields.oldPassword')}
                  autoComplete="current-password"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormPasswordField control={form.control} name="newPassword" label={t('fields.newPassword')} autoComplete="new-password" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormPasswordField control={form.control} name="rePassword" label={t('fields.rePassword')} autoComplete="new-password" />
              </Grid>
            </Grid>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
              <Typography sx={{ fontWeight: 600, mb: 1, fontSize: '0.875rem' }}>{t('security.rules')}</Typography>
              {rules.map((r) => (
                <Box
                  key={r.label}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.4, color: r.ok ? 'success.main' : 'text.secondary' }}
                >
                  {r.ok ? <CheckCircleRounded sx={{ fontSize: 16 }} /> : <RadioButtonUncheckedRounded sx={{ fontSize: 16 }} />}
                  <Typography sx={{ fontSize: '0.8125rem' }}>{r.label}</Typography>
                </Box>
              ))}
            </Box>
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('security.otherSessions')}
            </Alert>
          </Grid>
        </Grid>
      </TabCard>
    </form>
  );
}
