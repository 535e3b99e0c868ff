/**
 * The page of the invitation link (/accept-invitation?token=...), open to
 * anyone: it shows who is invited to which cooperative, takes the new
 * password twice (8 to 64 characters, the same rules as sign-up; the server
 * also refuses common passwords), then goes to sign-in with the e-mail or
 * phone filled in. Without a link (an SMS gives only the code) the page asks
 * for the e-mail or phone and the 6-digit code instead.
 */
import { password as passwordRule } from '@koperasi/contracts/common';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormPasswordField, FormPinField, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { Logo } from '../../../components/Logo';
import { ModeToggle } from '../../../components/ModeToggle';
import { StatusView } from '../../../components/StatusView';
import { APP_NAME } from '../../../lib/brand';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useAcceptInvitation } from '../api/acceptInvitation';
import { useInvitation } from '../api/checkInvitation';
import type { InvitationInfo } from '../types';

const passwords = {
  password: passwordRule,
  rePassword: z.string().min(1, 'validation.repassword_required'),
};
const byLink = z.object(passwords).refine((b) => b.password === b.rePassword, {
  message: 'validation.password_mismatch',
  path: ['rePassword'],
});
const byCode = z
  .object({
    username: z.string().trim().min(1, 'validation.email_or_phone_required'),
    code: z.string().regex(/^\d{6}$/, 'validation.code_6_digits'),
    ...passwords,
  })
  .refine((b) => b.password === b.rePassword, { message: 'validation.password_mismatch', path: ['rePassword'] });

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2.5, sm: 4 }, py: 2.5 }}>
        <Box component={RouterLink} to="/sign-in" sx={{ display: 'flex', textDecoration: 'none' }} aria-label={APP_NAME}>
          <Logo size={34} />
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <LanguageMenu />
          <ModeToggle />
        </Box>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 6 }}>{children}</Box>
    </Box>
  );
}

function Rules({ password, rePassword }: { password: string; rePassword: string }) {
  const { t } = useTranslation('access');
  const rules = [
    { ok: password.length >= 8 && password.length <= 64, label: t('invitation.ruleLength') },
    { ok: Boolean(password) && password === rePassword, label: t('invitation.ruleMatch') },
  ];
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="invitation-rules">
      {rules.map((r) => (
        <Box key={r.label} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.3, color: r.ok ? 'success.main' : 'text.secondary' }}>
          {r.ok ? <CheckCircleRounded sx={{ fontSize: 16 }} /> : <RadioButtonUncheckedRounded sx={{ fontSize: 16 }} />}
          <Typography sx={{ fontSize: '0.8125rem' }}>{r.label}</Typography>
        </Box>
      ))}
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 0.5 }}>{t('invitation.ruleCommon')}</Typography>
    </Box>
  );
}

function LinkForm({ token, info }: { token: string; info: InvitationInfo }) {
  const { t } = useTranslation('access');
  const f = useFormat();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(byLink, { defaultValues: { password: '', rePassword: '' } });
  const [pw, re] = form.watch(['password', 'rePassword']);
  const login = info.email ?? info.phone ?? '';
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const env = await accept.mutateAsync({ token, ...v });
      navigate('/sign-in', { replace: true, state: { username: login, notice: env.message } });
    } catch (e) {
      if (!applyServerErrors(form, e)) setFailure(errorMessage(e));
    }
  });
  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate data-testid="invitation-form">
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }} data-testid="invitation-title">
            {t('invitation.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('invitation.greeting', { name, cooperative: info.cooperativeName })}</Typography>
        </Box>
        <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <span>{t('invitation.signInWith')}</span>
            <b data-testid="invitation-login">{login}</b>
          </Box>
          <Typography sx={{ fontSize: '0.75rem', mt: 0.5 }}>
            {t('invitation.validUntil', { date: f.date(info.expiresAt, 'dateTime') })}
          </Typography>
        </Alert>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormPasswordField control={form.control} name="password" label={t('invitation.password')} autoComplete="new-password" autoFocus />
        <FormPasswordField control={form.control} name="rePassword" label={t('invitation.rePassword')} autoComplete="new-password" />
        <Rules password={pw} rePassword={re} />
        <Button type="submit" variant="contained" size="large" loading={accept.isPending} data-testid="invitation-submit">
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function CodeForm() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(byCode, { defaultValues: { username: '', code: '', password: '', rePassword: '' } });
  const [pw, re] = form.watch(['password', 'rePassword']);
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const env = await accept.mutateAsync(v);
      navigate('/sign-in', { replace: true, state: { username: v.username, notice: env.message } });
    } catch (e) {
      if (!applyServerErrors(form, e)) setFailure(errorMessage(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="invitation-code-form">
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }} data-testid="invitation-title">
            {t('invitation.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('invitation.codeIntro')}</Typography>
        </Box>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormTextField control={form.control} name="username" label={t('invitation.username')} autoComplete="username" autoFocus />
        <FormPinField control={form.control} name="code" label={t('invitation.code')} />
        <FormPasswordField control={form.control} name="password" label={t('invitation.password')} autoComplete="new-password" />
        <FormPasswordField control={form.control} name="rePassword" label={t('invitation.rePassword')} autoComplete="new-password" />
        <Rules password={pw} rePassword={re} />
        <Button type="submit" variant="contained" size="large" loading={accept.isPending} data-testid="invitation-submit">
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export default function AcceptInvitationPage() {
  const { t } = useTranslation('access');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [useCode, setUseCode] = useState(!token);
  const invitation = useInvitation(useCode ? null : token);

  let body: ReactNode;
  if (useCode || !token) {
    body = <CodeForm />;
  } else if (invitation.isPending) {
    body = (
      <StatusView
        testId="invitation-pending"
        icon={<CircularProgress size={40} />}
        title={t('invitation.checking')}
        description={t('invitation.checkingHint')}
      />
    );
  } else if (invitation.isError) {
    return (
      <Frame>
        <StatusView
          testId="invitation-invalid"
          icon={<ErrorOutlineRounded sx={{ color: 'error.main' }} />}
          title={t('invitation.invalidTitle')}
          description={errorMessage(invitation.error)}
          actions={
            <>
              <Button variant="contained" component={RouterLink} to="/sign-in">
                {t('invitation.toSignIn')}
              </Button>
              <Button variant="outlined" onClick={() => setUseCode(true)}>
                {t('invitation.useCode')}
              </Button>
            </>
          }
        />
      </Frame>
    );
  } else {
    body = <LinkForm token={token} info={invitation.data} />;
  }

  return (
    <Frame>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {body}
          <Typography sx={{ mt: 3, textAlign: 'center', fontSize: '0.875rem', color: 'text.secondary' }}>
            {t('invitation.haveAccount')}{' '}
            <Link component={RouterLink} to="/sign-in" underline="hover">
              {t('invitation.toSignIn')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Frame>
  );
}
