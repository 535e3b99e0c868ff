/**
 * Pengaturan › Peraturan Koperasi (/settings/configuration): the
 * cooperative's regulation (principal and mandatory savings, due day,
 * registration fee, approval of new members, minimum age), the member number
 * (CIF) pattern with a live example, and what happens above a user's limit.
 * Configuration keys cooperativeRegulation, cifNumber, transactionPolicy.
 */

import {
  ABOVE_LIMIT_POLICIES,
  cifNumberConfig,
  cifPatternError,
  cooperativeRegulationConfig,
  formatCifNumber,
  transactionPolicyConfig,
} from '@koperasi/contracts/settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormNumberField, FormSelect, FormTextField } from '../../../components/form/fields';
import { PageHeader } from '../../../components/PageHeader';
import { useMessageText } from '../../../lib/i18n/messages';
import { ConfigForm } from '../components/ConfigForm';
import { SwitchField } from '../components/SwitchField';

function CifPreview({ pattern }: { pattern: string }) {
  const { t } = useTranslation('cooperative');
  const msg = useMessageText();
  const error = cifPatternError(pattern ?? '');
  if (error) return <Alert severity="warning">{msg(error)}</Alert>;
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Alert severity="success" icon={false} data-testid="cif-preview">
      {t('regulation.cifExample')}{' '}
      <b style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCifNumber(pattern, { date: today, branchCode: 'PST', sequence: 1 })}</b>
      {', '}
      <b style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCifNumber(pattern, { date: today, branchCode: 'PST', sequence: 2 })}</b>, …
    </Alert>
  );
}

export default function RegulationPage() {
  const { t } = useTranslation('cooperative');
  return (
    <>
      <PageHeader
        title={t('common:nav.settings.regulation')}
        subtitle={t('regulation.subtitle')}
        breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.regulation') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ConfigForm
          configKey="cooperativeRegulation"
          schema={cooperativeRegulationConfig}
          title={t('regulation.title')}
          subheader={t('regulation.hint')}
          testId="config-regulation"
        >
          {(form, readOnly) => (
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormMoneyField
                  control={form.control}
                  name="principalSavingAmount"
                  label={t('regulation.principalSavingAmount')}
                  helperText={t('regulation.principalSavingHint')}
                  disabled={readOnly}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormMoneyField
                  control={form.control}
                  name="mandatorySavingAmount"
                  label={t('regulation.mandatorySavingAmount')}
                  helperText={t('regulation.mandatorySavingHint')}
                  disabled={readOnly}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormNumberField
                  control={form.control}
                  name="mandatorySavingDueDay"
                  label={t('regulation.mandatorySavingDueDay')}
                  helperText={t('regulation.dueDayHint')}
                  disabled={readOnly}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormMoneyField control={form.control} name="registrationFee" label={t('regulation.registrationFee')} disabled={readOnly} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormNumberField
                  control={form.control}
                  name="minimumMemberAge"
                  label={t('regulation.minimumMemberAge')}
                  suffix={t('regulation.years')}
                  disabled={readOnly}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
                <SwitchField
                  control={form.control}
                  name="membershipRequiresApproval"
                  label={t('regulation.membershipRequiresApproval')}
                  disabled={readOnly}
                />
              </Grid>
            </Grid>
          )}
        </ConfigForm>

        <ConfigForm
          configKey="cifNumber"
          schema={cifNumberConfig}
          title={t('regulation.cifTitle')}
          subheader={t('regulation.cifHint')}
          testId="config-cif"
        >
          {(form, readOnly) => (
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 5 }}>
                <FormTextField
                  control={form.control}
                  name="pattern"
                  label={t('regulation.cifPattern')}
                  disabled={readOnly}
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <CifPreview pattern={form.watch('pattern') as string} />
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 1 }}>{t('regulation.cifTokens')}</Typography>
              </Grid>
            </Grid>
          )}
        </ConfigForm>

        <ConfigForm
          configKey="transactionPolicy"
          schema={transactionPolicyConfig}
          title={t('regulation.policyTitle')}
          subheader={t('regulation.policyHint')}
          testId="config-policy"
        >
          {(form, readOnly) => (
            <Grid container spacing={2.5}>
              {(['withdrawalAboveLimit', 'loanRequestAboveLimit'] as const).map((k) => (
                <Grid key={k} size={{ xs: 12, md: 6 }}>
                  <FormSelect
                    control={form.control}
                    name={k}
                    label={t(`regulation.${k}`)}
                    disabled={readOnly}
                    options={ABOVE_LIMIT_POLICIES.map((p) => ({ value: p, label: t(`regulation.policies.${p}`) }))}
                  />
                </Grid>
              ))}
            </Grid>
          )}
        </ConfigForm>
      </Box>
    </>
  );
}
