/** Step 2: loan product configuration (interest method and rate, tenor range, admin fee). */

import { LOAN_INTEREST_METHODS } from '@koperasi/contracts/enums';
import type { OnboardingLoanConfig } from '@koperasi/contracts/web';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormNumberField, FormSelect } from '../../../components/form/fields';
import { StepSection } from './StepSection';

export function LoanStep({ form }: { form: UseFormReturn<any, unknown, OnboardingLoanConfig> }) {
  const { t } = useTranslation('onboarding');
  const c = form.control;
  return (
    <>
      <StepSection title={t('loan.interestTitle')} description={t('loan.interestHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelect
              control={c}
              name="interestMethod"
              label={t('loan.interestMethod')}
              options={LOAN_INTEREST_METHODS.map((m) => ({
                value: m,
                label: (
                  <Box>
                    <Typography sx={{ fontSize: '0.875rem', fontWeight: 500 }}>{t(`methods.${m}.label`)}</Typography>
                    <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'normal' }}>
                      {t(`methods.${m}.hint`)}
                    </Typography>
                  </Box>
                ),
              }))}
              slotProps={{
                htmlInput: { 'data-testid': 'interest-method' },
                select: { renderValue: (v: unknown) => t(`methods.${String(v)}.label`) },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormNumberField
              control={c}
              name="interestRatePerMonth"
              label={t('loan.interestRatePerMonth')}
              placeholder="1,5"
              suffix={t('perMonth')}
            />
          </Grid>
        </Grid>
      </StepSection>
      <StepSection title={t('loan.tenorTitle')} description={t('loan.tenorHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormNumberField control={c} name="minTenorMonths" label={t('loan.minTenorMonths')} placeholder="3" suffix={t('months')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormNumberField control={c} name="maxTenorMonths" label={t('loan.maxTenorMonths')} placeholder="36" suffix={t('months')} />
          </Grid>
        </Grid>
      </StepSection>
      <StepSection title={t('loan.feeTitle')} description={t('loan.feeHint')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMoneyField control={c} name="adminFee" label={t('loan.adminFee')} placeholder="0" />
          </Grid>
        </Grid>
      </StepSection>
    </>
  );
}
