/**
 * Pengaturan › Layanan Anggota & PPOB (/settings/member-services): the PPOB
 * margin (rupiah per purchase or percent of the price), the online withdrawal
 * range, the largest online loan request and the transfer fee. Configuration
 * key memberServices.
 */
import { memberServicesConfig } from '@koperasi/contracts/settings';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormNumberField, FormSelect } from '../../../components/form/fields';
import { PageHeader } from '../../../components/PageHeader';
import { ConfigForm } from '../components/ConfigForm';

export default function MemberServicesPage() {
  const { t } = useTranslation('cooperative');
  return (
    <>
      <PageHeader
        title={t('common:nav.settings.member_services')}
        subtitle={t('services.subtitle')}
        breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.member_services') }]}
      />
      <ConfigForm configKey="memberServices" schema={memberServicesConfig} title={t('services.title')} testId="config-services">
        {(form, readOnly) => {
          const percent = form.watch('ppobMarginType') === 'PERCENT';
          return (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <Box>
                <Typography sx={{ fontWeight: 600, mb: 1.5 }}>{t('services.ppob')}</Typography>
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormSelect
                      control={form.control}
                      name="ppobMarginType"
                      label={t('services.ppobMarginType')}
                      disabled={readOnly}
                      options={[
                        { value: 'NOMINAL', label: t('services.marginTypes.NOMINAL') },
                        { value: 'PERCENT', label: t('services.marginTypes.PERCENT') },
                      ]}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    {percent ? (
                      <FormNumberField
                        control={form.control}
                        name="ppobMargin"
                        label={t('services.ppobMargin')}
                        suffix="%"
                        helperText={t('services.ppobPercentHint')}
                        disabled={readOnly}
                      />
                    ) : (
                      <FormMoneyField
                        control={form.control}
                        name="ppobMargin"
                        label={t('services.ppobMargin')}
                        helperText={t('services.ppobNominalHint')}
                        disabled={readOnly}
                      />
                    )}
                  </Grid>
                </Grid>
              </Box>
              <Box>
                <Typography sx={{ fontWeight: 600, mb: 1.5 }}>{t('services.online')}</Typography>
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormMoneyField
                      control={form.control}
                      name="onlineWithdrawalMin"
                      label={t('services.onlineWithdrawalMin')}
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormMoneyField
                      control={form.control}
                      name="onlineWithdrawalMax"
                      label={t('services.onlineWithdrawalMax')}
                      placeholder={t('services.noMaximum')}
                      helperText={t('services.emptyNoMaximum')}
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormMoneyField
                      control={form.control}
                      name="onlineLoanMax"
                      label={t('services.onlineLoanMax')}
                      placeholder={t('services.noMaximum')}
                      helperText={t('services.emptyNoMaximum')}
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormMoneyField control={form.control} name="transferFee" label={t('services.transferFee')} disabled={readOnly} />
                  </Grid>
                </Grid>
              </Box>
            </Box>
          );
        }}
      </ConfigForm>
    </>
  );
}
