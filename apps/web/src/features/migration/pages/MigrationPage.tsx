/**
 * Migrasi Data (/settings/migration): the wizard of spec section 2 — upload
 * data, adjust account recording (the opening balance sheet), review and
 * process migration — with reset of the staged data.
 */
import type { MigrationDataType } from '@koperasi/contracts/migration';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useCheck, useResetData } from '../api/migration';
import { NeracaStep } from '../components/NeracaStep';
import { ReviewStep } from '../components/ReviewStep';
import { UploadPanel } from '../components/UploadPanel';

const TYPES: MigrationDataType[] = ['members', 'savings', 'deposits', 'loans'];

export default function MigrationPage() {
  const { t } = useTranslation('migration');
  const { t: tc } = useTranslation();
  const { can } = useAuth();
  const canUpdate = can('settings', 'update');
  const [step, setStep] = useState(0);
  const [tab, setTab] = useState<MigrationDataType>('members');
  const check = useCheck();
  const reset = useResetData();
  const { confirm, dialog } = useConfirm();
  const confirmed = (type: MigrationDataType) => Boolean(check.data?.steps.find((s) => s.type === type.toUpperCase())?.confirmed);
  const resetAll = async () => {
    if (await confirm({ title: t('resetTitle'), message: t('resetText'), destructive: true, confirmLabel: t('reset') }))
      await reset.mutateAsync().catch(() => undefined);
  };
  return (
    <Stack spacing={2}>
      {dialog}
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: tc('nav.settings.title') }, { label: t('title') }]}
        actions={
          <Button color="error" variant="outlined" disabled={!canUpdate} onClick={() => void resetAll()}>
            {t('reset')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <Stepper nonLinear activeStep={step} alternativeLabel>
            {(['upload', 'neraca', 'review'] as const).map((s, i) => (
              <Step key={s} completed={s === 'review' ? Boolean(check.data?.done) : undefined}>
                <StepButton onClick={() => setStep(i)}>{t(`steps.${s}`)}</StepButton>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          {step === 0 && (
            <Stack spacing={2}>
              <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable">
                {TYPES.map((x) => (
                  <Tab key={x} value={x} label={t(`types.${x.toUpperCase()}`)} data-testid={`tab-${x}`} />
                ))}
              </Tabs>
              <UploadPanel key={tab} type={tab} locked={!canUpdate || confirmed(tab)} />
            </Stack>
          )}
          {step === 1 && <NeracaStep />}
          {step === 2 && <ReviewStep canUpdate={canUpdate} />}
          <Stack direction="row" sx={{ mt: 3, justifyContent: 'space-between' }}>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t('back')}
            </Button>
            <Button variant="contained" disabled={step === 2} onClick={() => setStep(step + 1)} data-testid="next-step">
              {t('next')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
