/** Step 1: savings product configuration (principal, mandatory and voluntary savings). */

import { PERIODS } from '@koperasi/contracts/enums';
import type { OnboardingSavingConfig } from '@koperasi/contracts/web';
import Grid from '@mui/material/Grid';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormNumberField, FormSelect } from '../../../components/form/fields';
import { StepSection } from './StepSection';

export function SavingStep({ form }: { form: UseFormReturn<any, unknown, OnboardingSavingConfig> }) {
  const { t } = useTranslation('onboarding');
  const c = form.control;
  return (
    <>
      <StepSection title={t('saving.principalTitle')} description={t('saving.principalHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMoneyField control={c} name="principalSavingAmount" label={t('saving.principalSavingAmount')} placeholder="500.000" />
          </Grid>
        </Grid>
      </StepSection>
      <StepSection title={t('saving.mandatoryTitle')} description={t('saving.mandatoryHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMoneyField control={c} name="mandatorySavingAmount" label={t('saving.mandatorySavingAmount')} placeholder="100.000" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelect
              control={c}
              name="mandatorySavingPeriod"
              label={t('saving.mandatorySavingPeriod')}
              options={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
              slotProps={{ htmlInput: { 'data-testid': 'mandatory-period' } }}
            />
          </Grid>
        </Grid>
      </StepSection>
      <StepSection title={t('saving.voluntaryTitle')} description={t('saving.voluntaryHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMoneyField
              control={c}
              name="voluntarySavingMinBalance"
              label={t('saving.voluntarySavingMinBalance')}
              placeholder="50.000"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormNumberField
              control={c}
              name="voluntarySavingInterestRatePerYear"
              label={t('saving.voluntarySavingInterestRatePerYear')}
              placeholder="3"
              suffix={t('perYear')}
            />
          </Grid>
        </Grid>
      </StepSection>
    </>
  );
}
