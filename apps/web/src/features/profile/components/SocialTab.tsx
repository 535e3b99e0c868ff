/** Tab "Social": links to the person's public pages. */

import { profileSocial, SOCIAL_NETWORKS, type SocialNetwork } from '@koperasi/contracts/web';
import FacebookRounded from '@mui/icons-material/FacebookRounded';
import Instagram from '@mui/icons-material/Instagram';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import LinkedIn from '@mui/icons-material/LinkedIn';
import MusicNoteRounded from '@mui/icons-material/MusicNoteRounded';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { FormTextField } from '../../../components/form/fields';
import { TabCard } from './TabCard';
import { usePreferenceForm } from './usePreferenceForm';

const ICONS: Record<SocialNetwork, ReactNode> = {
  website: <LanguageRounded fontSize="small" />,
  facebook: <FacebookRounded fontSize="small" />,
  instagram: <Instagram fontSize="small" />,
  x: <X fontSize="small" />,
  linkedin: <LinkedIn fontSize="small" />,
  youtube: <YouTube fontSize="small" />,
  tiktok: <MusicNoteRounded fontSize="small" />,
};

const PLACEHOLDERS: Record<SocialNetwork, string> = {
  website: 'https://koperasi-anda.id',
  facebook: 'https://facebook.com/...',
  instagram: 'https://instagram.com/...',
  x: 'https://x.com/...',
  linkedin: 'https://linkedin.com/in/...',
  youtube: 'https://youtube.com/@...',
  tiktok: 'https://tiktok.com/@...',
};

export function SocialTab() {
  const { t } = useTranslation('profile');
  const { form, submit, loading, saving, failed, retry } = usePreferenceForm('social', profileSocial, (p) =>
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, p.social[n] ?? ''])),
  );
  if (failed) return <EmptyState kind="loadFailed" onRetry={retry} />;
  return (
    <form onSubmit={submit} noValidate data-testid="profile-social-form">
      <TabCard
        title={t('social.title')}
        subheader={t('social.subtitle')}
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
            {SOCIAL_NETWORKS.map((n) => (
              <Grid key={n} size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={form.control}
                  name={n}
                  label={t(`social.networks.${n}`)}
                  placeholder={PLACEHOLDERS[n]}
                  type="url"
                  slotProps={{ input: { startAdornment: <InputAdornment position="start">{ICONS[n]}</InputAdornment> } }}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </TabCard>
    </form>
  );
}
