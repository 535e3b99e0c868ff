/**
 * Pengaturan › Profil Koperasi (/settings/cooperative): name and type, legal
 * entity (number and date), registration and tax numbers, address, contacts,
 * fiscal year start, the time zone (WIB, WITA or WIT: the clock of the
 * cooperative's scheduled jobs), the logo, and the officers: pengurus and pengawas with
 * their titles and periods (one KETUA per board; the list replaces the stored
 * one on save).
 */
import { COOPERATIVE_TYPES, OFFICER_TITLES } from '@koperasi/contracts/enums';
import { COOPERATIVE_TIME_ZONES, OFFICER_BOARDS } from '@koperasi/contracts/settings';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { FormSelect, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { languageInfo } from '../../../lib/i18n/languages';
import { useTenantDetail } from '../api/tenantDetail';
import { useUpdateTenant } from '../api/updateTenant';
import { LogoCard } from '../components/LogoCard';
import { SettingsCard } from '../components/SettingsCard';
import { tenantForm, tenantFormDefaults } from '../lib/tenantForm';
import type { TenantDetail } from '../types';

function Officers({ form, readOnly }: { form: ReturnType<typeof useTenantForm>; readOnly: boolean }) {
  const { t } = useTranslation(['cooperative', 'access']);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'officers' as never });
  const titles = OFFICER_TITLES.map((p) => ({ value: p, label: t(`access:positions.${p}`) }));
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {OFFICER_BOARDS.map((board) => {
        const rows = fields.map((f, index) => ({ f, index })).filter(({ index }) => form.getValues(`officers.${index}.board`) === board);
        return (
          <Box key={board} data-testid={`officers-${board}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t(`officers.boards.${board}`)}</Typography>
              {!readOnly && (
                <Button
                  size="small"
                  startIcon={<AddRounded />}
                  onClick={() =>
                    append({
                      board,
                      title: board === 'PENGAWAS' ? 'PENGAWAS' : 'KETUA',
                      name: '',
                      userId: null,
                      phone: '',
                      periodStart: null,
                      periodEnd: null,
                    } as never)
                  }
                  data-testid={`officer-add-${board}`}
                >
                  {t('officers.add')}
                </Button>
              )}
            </Box>
            {rows.length === 0 ? (
              <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem', py: 1 }}>{t('officers.none')}</Typography>
            ) : (
              rows.map(({ f, index }) => (
                <Grid
                  container
                  spacing={1.5}
                  key={f.id}
                  sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}
                  data-testid="officer-row"
                >
                  <Grid size={{ xs: 12, sm: 6, md: 2 }}>
                    <FormSelect
                      control={form.control}
                      name={`officers.${index}.title`}
                      label={t('officers.title')}
                      options={titles}
                      size="small"
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <FormTextField
                      control={form.control}
                      name={`officers.${index}.name`}
                      label={t('officers.name')}
                      size="small"
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4, md: 2 }}>
                    <FormTextField
                      control={form.control}
                      name={`officers.${index}.phone`}
                      label={t('officers.phone')}
                      size="small"
                      type="tel"
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 4, md: 2 }}>
                    <FormDateField
                      control={form.control}
                      name={`officers.${index}.periodStart`}
                      label={t('officers.periodStart')}
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 4, md: 2 }}>
                    <FormDateField
                      control={form.control}
                      name={`officers.${index}.periodEnd`}
                      label={t('officers.periodEnd')}
                      disabled={readOnly}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 0.5 }} sx={{ display: 'flex', justifyContent: 'flex-end', pt: { md: 0.5 } }}>
                    {!readOnly && (
                      <Tooltip title={t('officers.remove')}>
                        <IconButton color="error" onClick={() => remove(index)} aria-label={t('officers.remove')}>
                          <DeleteOutlineRounded fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Grid>
                </Grid>
              ))
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function useTenantForm(tenant: TenantDetail) {
  return useZodForm(tenantForm, { defaultValues: tenantFormDefaults(tenant) });
}

function DetailsForm({ tenant, logoUrl }: { tenant: TenantDetail; logoUrl: string | null }) {
  const { t, i18n } = useTranslation('cooperative');
  const { can, refreshUser } = useAuth();
  const readOnly = !can('settings', 'update');
  const update = useUpdateTenant();
  const form = useTenantForm(tenant);
  useEffect(() => form.reset(tenantFormDefaults(tenant)), [tenant, form]);
  const months = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(languageInfo(i18n.language).intl, { month: 'long' });
    return Array.from({ length: 12 }, (_v, i) => ({ value: String(i + 1), label: fmt.format(new Date(2024, i, 1)) }));
  }, [i18n.language]);

  const submit = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync(v);
      if (v.name !== tenant.name) void refreshUser();
    } catch (e) {
      applyServerErrors(form, e);
    }
  });

  const actions = !readOnly && (
    <>
      <Button color="inherit" onClick={() => form.reset()} disabled={!form.formState.isDirty}>
        {t('common:common.reset')}
      </Button>
      <Button type="submit" form="cooperative-form" variant="contained" loading={update.isPending} data-testid="cooperative-save">
        {t('common:common.save')}
      </Button>
    </>
  );

  return (
    <>
      <Header actions={actions} />
      <form onSubmit={submit} noValidate data-testid="cooperative-form" id="cooperative-form">
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <SettingsCard title={t('details.identity')} subheader={t('details.identityHint')}>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, md: 7 }}>
                  <FormTextField control={form.control} name="name" label={t('details.name')} required disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 5 }}>
                  <FormSelect
                    control={form.control}
                    name="cooperativeType"
                    label={t('details.cooperativeType')}
                    disabled={readOnly}
                    options={COOPERATIVE_TYPES.map((c) => ({ value: c, label: t(`details.types.${c}`) }))}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField
                    control={form.control}
                    name="legalEntityNumber"
                    label={t('details.legalEntityNumber')}
                    disabled={readOnly}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormDateField control={form.control} name="legalEntityDate" label={t('details.legalEntityDate')} disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormSelect
                    control={form.control}
                    name="fiscalYearStartMonth"
                    label={t('details.fiscalYearStartMonth')}
                    disabled={readOnly}
                    options={months}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField
                    control={form.control}
                    name="cooperativeNumber"
                    label={t('details.cooperativeNumber')}
                    helperText={t('details.cooperativeNumberHint')}
                    disabled={readOnly}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField control={form.control} name="taxNumber" label={t('details.taxNumber')} disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormSelect
                    control={form.control}
                    name="timeZone"
                    label={t('details.timeZone')}
                    helperText={t('details.timeZoneHint')}
                    disabled={readOnly}
                    options={COOPERATIVE_TIME_ZONES.map((z) => ({ value: z, label: t(`details.timeZones.${z.replace('/', '_')}`) }))}
                    data-testid="cooperative-time-zone"
                  />
                </Grid>
              </Grid>
            </SettingsCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <LogoCard logoUrl={logoUrl} />
          </Grid>
          <Grid size={12}>
            <SettingsCard title={t('details.addressContacts')}>
              <Grid container spacing={2.5}>
                <Grid size={12}>
                  <FormTextField
                    control={form.control}
                    name="address"
                    label={t('details.address')}
                    multiline
                    minRows={2}
                    disabled={readOnly}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 5 }}>
                  <FormTextField control={form.control} name="city" label={t('details.city')} disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField control={form.control} name="province" label={t('details.province')} disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 3 }}>
                  <FormTextField control={form.control} name="postalCode" label={t('details.postalCode')} disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField control={form.control} name="phone" label={t('details.phone')} type="tel" disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField control={form.control} name="email" label={t('details.email')} type="email" disabled={readOnly} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField control={form.control} name="website" label={t('details.website')} disabled={readOnly} />
                </Grid>
              </Grid>
            </SettingsCard>
          </Grid>
          <Grid size={12}>
            <SettingsCard title={t('officers.heading')} subheader={t('officers.hint')} actions={actions} testId="officers-card">
              {form.formState.errors.officers?.message && <Alert severity="error">{String(form.formState.errors.officers.message)}</Alert>}
              <Officers form={form} readOnly={readOnly} />
            </SettingsCard>
          </Grid>
        </Grid>
      </form>
    </>
  );
}

function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('cooperative');
  return (
    <PageHeader
      title={t('common:nav.settings.cooperative')}
      subtitle={t('details.subtitle')}
      breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.cooperative') }]}
      actions={actions}
    />
  );
}

export default function CooperativeSettingsPage() {
  const { t } = useTranslation('cooperative');
  const tenant = useTenantDetail();
  if (tenant.isError) {
    return (
      <>
        <Header />
        <SettingsCard title={t('common:nav.settings.cooperative')}>
          <EmptyState kind="loadFailed" onRetry={() => void tenant.refetch()} />
        </SettingsCard>
      </>
    );
  }
  if (tenant.isPending) {
    return (
      <>
        <Header />
        <Skeleton variant="rounded" height={480} />
      </>
    );
  }
  return <DetailsForm tenant={tenant.data} logoUrl={tenant.data.logoUrl} />;
}
