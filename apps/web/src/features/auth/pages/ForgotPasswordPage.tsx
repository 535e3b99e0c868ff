/**
 * Forgot password by phone OTP (spec section 4): the phone number, then the
 * 6-digit code with the new password twice, then sign-in.
 */

import { forgetPasswordOtpQuery } from '@koperasi/contracts/auth';
import { resetPasswordForm } from '@koperasi/contracts/web';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormPasswordField, FormPinField, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { messageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useConfirmPasswordReset } from '../api/forgotPasswordConfirm';
import { useRequestPasswordOtp } from '../api/forgotPasswordOtp';
import { AuthLayout } from '../components/AuthLayout';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [phone, setPhone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestOtp = useRequestPasswordOtp();
  const confirm = useConfirmPasswordReset();
  const phoneForm = useZodForm(forgetPasswordOtpQuery, { defaultValues: { phoneNumber: '' } });
  const resetForm = useZodForm(resetPasswordForm, { defaultValues: { phoneNumber: '', otp: '', newPassword: '', rePassword: '' } });

  const sendCode = phoneForm.handleSubmit(async (v) => {
    setError(null);
    try {
      await requestOtp.mutateAsync(v.phoneNumber);
      setPhone(v.phoneNumber);
      resetForm.setValue('phoneNumber', v.phoneNumber);
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  const reset = resetForm.handleSubmit(async (v) => {
    setError(null);
    try {
      await confirm.mutateAsync({ phoneNumber: v.phoneNumber, otp: v.otp, newPassword: v.newPassword });
      navigate('/sign-in', { replace: true, state: { notice: messageText('auth.password_reset') } });
    } catch (e) {
      applyServerErrors(resetForm, e);
      setError(errorMessage(e));
    }
  });

  return (
    <AuthLayout
      title={phone ? t('forgot.resetTitle') : t('forgot.title')}
      subtitle={phone ? t('forgot.resetSubtitle', { phone }) : t('forgot.subtitle')}
      footer={
        <Link component={RouterLink} to="/sign-in" sx={{ fontWeight: 600 }}>
          {t('common.backToSignIn')}
        </Link>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2.5 }} data-testid="forgot-error">
          {error}
        </Alert>
      )}
      {!phone ? (
        <Box component="form" onSubmit={sendCode} noValidate data-testid="forgot-form">
          <Stack spacing={2.5}>
            <FormTextField
              control={phoneForm.control}
              name="phoneNumber"
              label={t('fields.phoneNumber')}
              placeholder="0812 3456 7890"
              type="tel"
              autoComplete="tel"
              autoFocus
              size="medium"
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={requestOtp.isPending}>
              {t('forgot.send')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Box component="form" onSubmit={reset} noValidate data-testid="reset-form">
          <Stack spacing={2.5}>
            <Alert severity="info">{messageText('auth.otp_sent')}</Alert>
            <FormPinField control={resetForm.control} name="otp" label={t('forgot.otpLabel')} autoFocus />
            <FormPasswordField
              control={resetForm.control}
              name="newPassword"
              label={t('fields.newPassword')}
              autoComplete="new-password"
              helperText={t('fields.passwordHint')}
            />
            <FormPasswordField control={resetForm.control} name="rePassword" label={t('fields.rePassword')} autoComplete="new-password" />
            <Button type="submit" variant="contained" size="large" fullWidth loading={confirm.isPending}>
              {t('forgot.reset')}
            </Button>
            <Typography sx={{ textAlign: 'center', fontSize: '0.8125rem' }}>
              <Link component="button" type="button" onClick={() => setPhone(null)} sx={{ verticalAlign: 'baseline' }}>
                {t('forgot.changePhone')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
}
