/**
 * The onboarding wizard of a new cooperative (spec sections 2 and 4):
 * step 1 savings product configuration, step 2 loan product configuration,
 * then "finished". Finishing stores the configuration (stepConfiguration 2);
 * on success the spec's message shows, and after 2.5 s the pending setup is
 * cleared, step 3 is set and the user detail reloaded. "Start" completes the
 * onboarding (stepConfiguration 3) and opens the app.
 */

import {
  type OnboardingLoanConfig,
  type OnboardingSavingConfig,
  onboardingLoanConfig,
  onboardingSavingConfig,
} from '@koperasi/contracts/web';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form/useZodForm';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { Logo } from '../../../components/Logo';
import { ModeToggle } from '../../../components/ModeToggle';
import { StatusView } from '../../../components/StatusView';
import { useAuth, useUser } from '../../../lib/auth/AuthProvider';
import { homePath } from '../../../lib/auth/machine';
import { messageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useCompleteOnboarding } from '../api/completeOnboarding';
import { useFinishOnboarding } from '../api/finishOnboarding';
import { LoanStep } from '../components/LoanStep';
import { OnboardingSummary } from '../components/OnboardingSummary';
import { SavingStep } from '../components/SavingStep';

/** Delay between the success message and step 3 (spec section 9: 2.5 s). */
export const ONBOARDING_DELAY_MS = 2500;
const DRAFT_KEY = 'onboarding-draft';

interface Draft {
  saving?: Partial<OnboardingSavingConfig>;
  loan?: Partial<OnboardingLoanConfig>;
  step?: 0 | 1;
}

function readDraft(): Draft {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Draft;
  } catch {
    return {};
  }
}

function writeDraft(d: Draft | null) {
  try {
    if (d) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // A lost draft only means typing again.
  }
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('onboarding');
  const user = useUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, md: 4 }, py: 2 }}>
        <Logo size={34} />
        <Box sx={{ flex: 1 }} />
        <Typography sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary', fontSize: '0.875rem', mr: 1 }}>
          {user.tenant.name}
        </Typography>
        <LanguageMenu />
        <ModeToggle />
        <Button
          color="inherit"
          startIcon={<LogoutOutlined />}
          onClick={async () => {
            await logout();
            navigate('/sign-in', { replace: true });
          }}
          data-testid="onboarding-sign-out"
        >
          {t('signOut')}
        </Button>
      </Box>
      <Box sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, md: 4 }, pb: 6 }}>{children}</Box>
    </Box>
  );
}

/** Set-up done: the summary and the way into the application. */
function FinishedView() {
  const { t } = useTranslation('onboarding');
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  return (
    <Shell>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <StatusView
            testId="onboarding-finished"
            icon={<CelebrationOutlined />}
            title={t('finishedTitle')}
            description={t('finishedText', { name: user?.tenant.name })}
          />
          <OnboardingSummary />
          <Box sx={{ textAlign: 'center', mt: 4 }}>
            <Button
              variant="contained"
              size="large"
              endIcon={<ArrowForwardRounded sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
              loading={complete.isPending}
              data-testid="onboarding-start"
              onClick={async () => {
                await complete.mutateAsync();
                const u = await refreshUser();
                navigate(homePath(u), { replace: true });
              }}
            >
              {t('start')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Shell>
  );
}

export default function OnboardingPage() {
  const { t, i18n } = useTranslation('onboarding');
  const { step, user, can, setStep, refreshUser } = useAuth();
  const draft = readDraft();
  const [active, setActive] = useState<0 | 1>(draft.step ?? 0);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finish = useFinishOnboarding();
  const savingForm = useZodForm(onboardingSavingConfig, {
    defaultValues: { mandatorySavingPeriod: 'BULANAN', ...draft.saving } as never,
  });
  const loanForm = useZodForm(onboardingLoanConfig, { defaultValues: { interestMethod: 'FLAT', ...draft.loan } as never });

  // Keep what was typed if the page reloads before finishing.
  useEffect(() => {
    const save = () =>
      writeDraft({ saving: savingForm.getValues() as Draft['saving'], loan: loanForm.getValues() as Draft['loan'], step: active });
    const a = savingForm.watch(save);
    const b = loanForm.watch(save);
    save();
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [savingForm, loanForm, active]);

  useEffect(() => {
    if (!success) return;
    const id = setTimeout(async () => {
      writeDraft(null);
      setStep(3);
      await refreshUser();
    }, ONBOARDING_DELAY_MS);
    return () => clearTimeout(id);
  }, [success, setStep, refreshUser]);

  if (step === 4) return <Navigate to={homePath(user)} replace />;

  if (!can('settings', 'update')) {
    return (
      <Shell>
        <StatusView testId="onboarding-waiting" icon={<CelebrationOutlined />} title={t('waitingTitle')} description={t('waitingText')} />
      </Shell>
    );
  }

  if (step === 3) return <FinishedView />;

  const next = savingForm.handleSubmit(() => setActive(1));
  const submit = loanForm.handleSubmit(async (loan) => {
    setError(null);
    const saving = onboardingSavingConfig.safeParse(savingForm.getValues());
    if (!saving.success) {
      setActive(0);
      return;
    }
    try {
      const res = await finish.mutateAsync({ saving: saving.data, loan });
      const lang = i18n.language;
      setSuccess(
        lang === 'id' || lang === 'en' ? res.data.message : messageText('auth.onboarding_success', { product: user?.tenant.name ?? '' }),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  const steps = [t('steps.saving'), t('steps.loan'), t('steps.done')];
  return (
    <Shell>
      <Box sx={{ textAlign: 'center', mb: 4, mt: 1 }}>
        <Typography variant="h3" component="h1" sx={{ mb: 1 }} data-testid="onboarding-title">
          {t('title', { name: user?.tenant.name })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('subtitle')}</Typography>
      </Box>
      <Card>
        <Box sx={{ px: { xs: 2, md: 4 }, pt: 3, pb: 2 }}>
          <Stepper activeStep={success ? 2 : active} alternativeLabel>
            {steps.map((s) => (
              <Step key={s}>
                <StepLabel>{s}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </Box>
        <Divider />
        <CardContent sx={{ px: { xs: 2.5, md: 4 } }}>
          {success && (
            <Alert severity="success" sx={{ my: 2 }} data-testid="onboarding-success">
              {success}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ my: 2 }} data-testid="onboarding-error">
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={active === 0 ? next : submit} data-testid={`onboarding-step-${active + 1}`}>
            {active === 0 ? <SavingStep form={savingForm} /> : <LoanStep form={loanForm} />}
            <Divider sx={{ mx: { xs: -2.5, md: -4 } }} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 2.5 }}>
              <Button
                color="inherit"
                startIcon={<ArrowBackRounded sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
                disabled={active === 0 || Boolean(success)}
                onClick={() => setActive(0)}
              >
                {t('back')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={Boolean(success)}
                loading={finish.isPending}
                endIcon={active === 0 ? <ArrowForwardRounded sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} /> : undefined}
                data-testid={active === 0 ? 'onboarding-next' : 'onboarding-finish'}
              >
                {active === 0 ? t('next') : t('finish')}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Shell>
  );
}
