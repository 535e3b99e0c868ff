/**
 * Sign-in with e-mail or phone and password. Errors show the spec's texts
 * (section 8, "Login") above the form; once signed in the guest guard sends
 * the user on (onboarding, the page they came from, or their dashboard).
 *
 * The sign-in page is the one screen every user loads first, so it keeps to
 * a light form (no react-hook-form, zod or Select): the two required-field
 * checks give the same catalogue messages as `signInForm` in
 * packages/contracts (a unit test holds them together).
 */
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LightTextField } from '../../../components/form/LightTextField';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useMessageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { AuthLayout } from '../components/AuthLayout';

export interface SignInState {
  /** Shown above the form (after activation or password reset). */
  notice?: string;
  username?: string;
}

/** The checks of `signInForm` (contracts/web.ts): catalogue keys of the missing fields. */
export function validateSignIn(v: { username: string; password: string }): { username?: string; password?: string } {
  const errors: { username?: string; password?: string } = {};
  if (!v.username.trim()) errors.username = 'validation.email_or_phone_required';
  if (!v.password) errors.password = 'validation.password_required';
  return errors;
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const msg = useMessageText();
  const { login } = useAuth();
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const [username, setUsername] = useState(state.username ?? '');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldErrors = touched ? validateSignIn({ username, password }) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(validateSignIn({ username, password })).length > 0) return;
    setError(null);
    setBusy(true);
    try {
      await login(username, password);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            {t('signIn.register')}
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={submit} noValidate data-testid="sign-in-form">
        <Stack spacing={2.5}>
          {state.notice && !error && (
            <Alert severity="success" data-testid="sign-in-notice">
              {state.notice}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="sign-in-error">
              {error}
            </Alert>
          )}
          <LightTextField
            name="username"
            label={t('fields.username')}
            placeholder={t('fields.usernamePlaceholder')}
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={Boolean(fieldErrors.username)}
            helperText={fieldErrors.username ? msg(fieldErrors.username) : undefined}
          />
          <Box>
            <LightTextField
              name="password"
              type={visible ? 'text' : 'password'}
              label={t('fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password ? msg(fieldErrors.password) : undefined}
              endAdornment={
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setVisible((v) => !v)}
                    edge="end"
                    size="small"
                    aria-label={visible ? t('common:form.hidePassword') : t('common:form.showPassword')}
                  >
                    {visible ? <VisibilityOffOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              }
            />
            <Box sx={{ textAlign: 'end', mt: 1 }}>
              <Link component={RouterLink} to="/forgot-password" sx={{ fontSize: '0.8125rem', fontWeight: 500 }}>
                {t('signIn.forgot')}
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} data-testid="sign-in-submit">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
