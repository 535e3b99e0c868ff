/** Tab "Information": about the person (bio, birth date, gender, address, city, preferred language). */

import { LOCALES } from '@koperasi/contracts/enums';
import { GENDER_CODES, profileInformation } from '@koperasi/contracts/web';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { FormSelect, FormTextField } from '../../../components/form/fields';
import { LANGUAGES } from '../../../lib/i18n/languages';
import { TabCard } from './TabCard';
import { usePreferenceForm } from './usePreferenceForm';

export function InformationTab() {
  const { t } = useTranslation('profile');
  const { form, submit, loading, saving, failed, retry } = usePreferenceForm('information', profileInformation, (p) => ({
    bio: p.information.bio ?? '',
    birthDate: p.information.birthDate ?? null,
    gender: p.information.gender ?? null,
    address: p.information.address ?? '',
    city: p.information.city ?? '',
    language: p.information.language ?? null,
  }));
  if (failed) return <EmptyState kind="loadFailed" onRetry={retry} />;
  return (
    <form onSubmit={submit} noValidate data-testid="profile-information-form">
      <TabCard
        title={t('information.title')}
        subheader={t('information.subtitle')}
        actions={
          <Button type="submit" variant="contained" loading={saving} disabled={loading}>
            {t('common:common.save')}
          </Button>
        }
      >
        {loading ? (
          <Skeleton variant="rounded" height={220} />
        ) : (
          <Grid container spacing={2.5}>
            <Grid size={12}>
              <FormTextField
                control={form.control}
                name="bio"
                label={t('fields.bio')}
                multiline
                minRows={3}
                placeholder={t('information.bioPlaceholder')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormDateField control={form.control} name="birthDate" label={t('fields.birthDate')} max={dayjs().format('YYYY-MM-DD')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={form.control}
                name="gender"
                label={t('fields.gender')}
                options={GENDER_CODES.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField control={form.control} name="address" label={t('fields.address')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={form.control} name="city" label={t('fields.city')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={form.control}
                name="language"
                label={t('fields.language')}
                options={LOCALES.map((l) => ({ value: l, label: LANGUAGES.find((x) => x.code === l)?.label ?? l }))}
              />
            </Grid>
          </Grid>
        )}
      </TabCard>
    </form>
  );
}
