/**
 * Pengaturan › Aplikasi Mobile (/settings/mobile-apps): whether the members'
 * app is on and which of its features (online withdrawal, online loan, PPOB,
 * transfer), the oldest app version allowed and the announcement shown in the
 * app. Configuration key mobileApps; GET member/fetaure answers from it.
 */
import { mobileAppsConfig } from '@koperasi/contracts/settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/fields';
import { PageHeader } from '../../../components/PageHeader';
import { ConfigForm } from '../components/ConfigForm';
import { SwitchField } from '../components/SwitchField';

/** Empty text means "none" (null) for the version and the announcement. */
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const schema = mobileAppsConfig.extend({
  minimumAppVersion: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d+){0,3})?$/, 'settings.app_version_invalid')
    .nullable()
    .transform(blankToNull),
  announcement: z.string().trim().max(500, 'validation.invalid').nullable().transform(blankToNull),
});
type Stored = z.output<typeof mobileAppsConfig>;
const toForm = (v: Stored) => ({ ...v, minimumAppVersion: v.minimumAppVersion ?? '', announcement: v.announcement ?? '' });

const FEATURES = ['onlineWithdrawal', 'onlineLoan', 'ppob', 'transfer'] as const;

export default function MobileAppsPage() {
  const { t } = useTranslation('cooperative');
  return (
    <>
      <PageHeader
        title={t('common:nav.settings.mobile_apps')}
        subtitle={t('mobile.subtitle')}
        breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.mobile_apps') }]}
      />
      <ConfigForm configKey="mobileApps" schema={schema} toForm={toForm} title={t('mobile.title')} testId="config-mobile">
        {(form, readOnly) => {
          const enabled = Boolean(form.watch('enabled'));
          return (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
                <SwitchField control={form.control} name="enabled" label={t('mobile.enabled')} disabled={readOnly} />
                <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', ml: 6 }}>{t('mobile.enabledHint')}</Typography>
              </Box>
              {!enabled && <Alert severity="info">{t('mobile.offNote')}</Alert>}
              <Box>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('mobile.features')}</Typography>
                <Grid container spacing={1}>
                  {FEATURES.map((k) => (
                    <Grid key={k} size={{ xs: 12, sm: 6 }}>
                      <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, opacity: enabled ? 1 : 0.6 }}>
                        <SwitchField control={form.control} name={k} label={t(`mobile.${k}`)} disabled={readOnly} />
                        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', ml: 6 }}>{t(`mobile.${k}Hint`)}</Typography>
                      </Box>
                    </Grid>
                  ))}
                </Grid>
              </Box>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField
                    control={form.control}
                    name="minimumAppVersion"
                    label={t('mobile.minimumAppVersion')}
                    placeholder="1.4.0"
                    helperText={t('mobile.versionHint')}
                    disabled={readOnly}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 8 }}>
                  <FormTextField
                    control={form.control}
                    name="announcement"
                    label={t('mobile.announcement')}
                    helperText={t('mobile.announcementHint')}
                    multiline
                    minRows={3}
                    disabled={readOnly}
                  />
                </Grid>
              </Grid>
            </Box>
          );
        }}
      </ConfigForm>
    </>
  );
}
