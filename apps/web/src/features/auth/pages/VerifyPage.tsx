/**
 * Verification of a new cooperative with the 6-digit code (spec section 4,
 * "Sign-up by verification code"): enter the code (it submits itself when
 * complete), resend with a countdown, an expired code asks to sign up again,
 * and "already verified" is accepted silently. Success goes to sign-in.
 */
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PIN_LENGTH, PinInput } from '../../../components/PinInput';
import { isApiError } from '../../../lib/api/errors';
import { messageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useResendCode } from '../api/resendCode';
import { useVerifyCode } from '../api/verifyCode';
import { AuthLayout } from '../components/AuthLayout';

export const RESEND_SECONDS = 60;

export default function VerifyPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; expired: boolean } | null>(null);
  const [wait, setWait] = useState(RESEND_SECONDS);
  const verify = useVerifyCode();
  const resend = useResendCode();

  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);

  const done = () => navigate('/sign-in', { replace: true, state: { notice: messageText('auth.activation_success'), username } });

  const submit = async (value = code) => {
    if (value.length !== PIN_LENGTH || !username.trim() || verify.isPending) return;
    setError(null);
    try {
      await verify.mutateAsync({ username: username.trim(), code: value });
      // ACTIVATED and ALREADY_VERIFIED both end here: "already verified" is not an error.
      done();
    } catch (e) {
      if (isApiError(e) && e.status === 410) setError({ text: errorMessage(e), expired: true });
      else setError({ text: errorMessage(e), expired: false });
      setCode('');
    }
  };

  const again = async () => {
    setError(null);
    // Always CODE_SENT: the server does not say whether the account is already active (an active one simply signs in).
    await resend.mutateAsync({ username: username.trim() });
    setWait(RESEND_SECONDS);
  };

  return (
    <AuthLayout
      title={t('verify.title')}
      subtitle={params.get('username') ? t('verify.subtitle', { target: params.get('username') }) : t('verify.subtitleNoTarget')}
      footer={
        <Link component={RouterLink} to="/sign-in" sx={{ fontWeight: 600 }}>
          {t('common.backToSignIn')}
        </Link>
      }
    >
      <Stack spacing={3}>
        <Box
          sx={(th) => ({
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            p: 1.5,
            borderRadius: 2,
            bgcolor: alpha(th.palette.primary.main, 0.08),
            color: 'text.secondary',
            fontSize: '0.8125rem',
          })}
        >
          <MarkEmailReadOutlined sx={{ color: 'primary.main' }} />
          <Typography sx={{ fontSize: 'inherit' }}>{t('verify.linkHint')}</Typography>
        </Box>
        {notice && !error && <Alert severity="info">{notice}</Alert>}
        {error && (
          <Alert
            severity="error"
            data-testid="verify-error"
            action={
              error.expired ? (
                <Button color="inherit" size="small" component={RouterLink} to="/register">
                  {t('verify.signUpAgain')}
                </Button>
              ) : undefined
            }
          >
            {error.text}
          </Alert>
        )}
        {!params.get('username') && (
          <TextField
            label={t('fields.emailOrPhone')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            size="medium"
            slotProps={{ htmlInput: { 'data-testid': 'verify-username' } }}
          />
        )}
        <PinInput
          label={t('verify.codeLabel')}
          value={code}
          onChange={setCode}
          onComplete={(v) => void submit(v)}
          error={Boolean(error)}
          disabled={verify.isPending}
          autoFocus
        />
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={code.length !== PIN_LENGTH || !username.trim()}
          loading={verify.isPending}
          onClick={() => void submit()}
          data-testid="verify-submit"
        >
          {t('verify.submit')}
        </Button>
        <Typography sx={{ textAlign: 'center', fontSize: '0.875rem', color: 'text.secondary' }}>
          {t('verify.noCode')}{' '}
          {wait > 0 ? (
            <span data-testid="resend-countdown">{t('verify.resendIn', { seconds: wait })}</span>
          ) : (
            <Link
              component="button"
              type="button"
              onClick={() => void again()}
              disabled={!username.trim() || resend.isPending}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
              data-testid="resend"
            >
              {t('verify.resend')}
            </Link>
          )}
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
