/**
 * Registration of a new cooperative (spec section 4): every field, the
 * cooperative type, the terms checkbox, the spec's validation messages. On
 * success the spec's message shows and after 3.5 s the verification screen
 * opens (enter the code, or follow the e-mailed link, then sign in). An
 * already-started registration goes to the verification screen at once.
 */

import { registerTenantBody } from '@koperasi/contracts/auth';
import { COOPERATIVE_TYPES } from '@koperasi/contracts/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormCheckbox, FormPasswordField, FormSelect, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { messageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useRegisterTenant } from '../api/registerTenant';
import { AuthLayout } from '../components/AuthLayout';
import { TermsDialog } from '../components/TermsDialog';

/** Registration success → verification screen (spec section 9: 3.5 s). */
export const REGISTRATION_FOLLOW_UP_MS = 3500;

/** "I agree to the terms": the terms open in a dialog from the link. */
function AgreeLabel({ onOpenTerms }: { onOpenTerms: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Trans
      t={t}
      i18nKey="register.agree"
      components={{
        terms: (
          <Link
            component="button"
            type="button"
            onClick={(e: React.MouseEvent) => {
              e.preventDefault();
              onOpenTerms();
            }}
            sx={{ verticalAlign: 'baseline', fontWeight: 500 }}
          />
        ),
      }}
    />
  );
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const register = useRegisterTenant();
  const [done, setDone] = useState<{ message: string; username: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const form = useZodForm(registerTenantBody, {
    defaultValues: {
      cooperativeName: '',
      cooperativeType: undefined as never,
      fullName: '',
      email: '',
      phoneNumber: '',
      password: '',
      rePassword: '',
      isAgree: false as never,
    },
  });

  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => navigate(`/verify?username=${encodeURIComponent(done.username)}`), REGISTRATION_FOLLOW_UP_MS);
    return () => clearTimeout(id);
  }, [done, navigate]);

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await register.mutateAsync(v);
      if (res.data.status === 'ALREADY_STARTED') {
        navigate(`/verify?username=${encodeURIComponent(v.email)}`, { state: { notice: res.message } });
        return;
      }
      // The server speaks id/en; other languages use their own text of the same message.
      const message = i18n.language === 'id' || i18n.language === 'en' ? res.message : messageText('auth.register_success');
      setDone({ message, username: v.email });
    } catch (e) {
      // Spec section 8: the response's error text (else the generic one), and the fields at fault.
      applyServerErrors(form, e);
      setError(errorMessage(e));
    }
  });

  return (
    <AuthLayout
      wide
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/sign-in" sx={{ fontWeight: 600 }}>
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      {done ? (
        <Alert severity="success" data-testid="register-success" sx={{ alignItems: 'center' }}>
          {done.message}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate data-testid="register-form">
          {error && (
            <Alert severity="error" sx={{ mb: 2.5 }} data-testid="register-error">
              {error}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <FormTextField control={form.control} name="cooperativeName" label={t('fields.cooperativeName')} autoFocus />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormSelect
                control={form.control}
                name="cooperativeType"
                label={t('fields.cooperativeType')}
                options={COOPERATIVE_TYPES.map((c) => ({ value: c, label: t(`cooperativeTypes.${c}`) }))}
                slotProps={{ htmlInput: { 'data-testid': 'cooperative-type' } }}
              />
            </Grid>
            <Grid size={12}>
              <FormTextField control={form.control} name="fullName" label={t('fields.fullName')} autoComplete="name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={form.control} name="email" label={t('fields.email')} type="email" autoComplete="email" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={form.control}
                name="phoneNumber"
                label={t('fields.phoneNumber')}
                placeholder="0812 3456 7890"
                type="tel"
                autoComplete="tel"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormPasswordField
                control={form.control}
                name="password"
                label={t('fields.password')}
                autoComplete="new-password"
                helperText={t('fields.passwordHint')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormPasswordField control={form.control} name="rePassword" label={t('fields.rePassword')} autoComplete="new-password" />
            </Grid>
            <Grid size={12}>
              <FormCheckbox control={form.control} name="isAgree" label={<AgreeLabel onOpenTerms={() => setTerms(true)} />} />
            </Grid>
            <Grid size={12}>
              <Button type="submit" variant="contained" size="large" fullWidth loading={register.isPending} data-testid="register-submit">
                {t('register.submit')}
              </Button>
            </Grid>
          </Grid>
        </Box>
      )}
      <TermsDialog
        open={terms}
        onClose={() => setTerms(false)}
        onAgree={() => {
          form.setValue('isAgree', true as never, { shouldValidate: true });
          setTerms(false);
        }}
      />
    </AuthLayout>
  );
}
