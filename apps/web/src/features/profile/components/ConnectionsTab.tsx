/** Tab "Connections": WhatsApp, Telegram and Google accounts the person links for notifications. */

import { profileConnections } from '@koperasi/contracts/web';
import Google from '@mui/icons-material/Google';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { FormSwitch, FormTextField } from '../../../components/form/fields';
import { TabCard } from './TabCard';
import { usePreferenceForm } from './usePreferenceForm';

const SERVICES: Array<{
  key: 'whatsapp' | 'telegram' | 'google';
  field: 'number' | 'username' | 'email';
  icon: ReactNode;
  color: string;
  placeholder: string;
}> = [
  { key: 'whatsapp', field: 'number', icon: <WhatsApp />, color: '#25D366', placeholder: '0812 3456 7890' },
  { key: 'telegram', field: 'username', icon: <Telegram />, color: '#229ED9', placeholder: '@username' },
  { key: 'google', field: 'email', icon: <Google />, color: '#EA4335', placeholder: 'nama@gmail.com' },
];

export function ConnectionsTab() {
  const { t } = useTranslation('profile');
  const { form, submit, loading, saving, failed, retry } = usePreferenceForm('connections', profileConnections, (p) => ({
    whatsapp: {
      enabled: p.connections.whatsapp?.enabled ?? false,
      number: p.connections.whatsapp?.number ? `0${p.connections.whatsapp.number.replace(/^\+62/, '')}` : '',
    },
    telegram: { enabled: p.connections.telegram?.enabled ?? false, username: p.connections.telegram?.username ?? '' },
    google: { enabled: p.connections.google?.enabled ?? false, email: p.connections.google?.email ?? '' },
  }));
  if (failed) return <EmptyState kind="loadFailed" onRetry={retry} />;
  return (
    <form onSubmit={submit} noValidate data-testid="profile-connections-form">
      <TabCard
        title={t('connections.title')}
        subheader={t('connections.subtitle')}
        actions={
          <Button type="submit" variant="contained" loading={saving} disabled={loading}>
            {t('common:common.save')}
          </Button>
        }
      >
        {loading ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <Stack spacing={2}>
            {SERVICES.map((s) => (
              <Box
                key={s.key}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 2,
                  p: 2,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                }}
              >
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    color: s.color,
                    bgcolor: alpha(s.color, 0.12),
                  }}
                >
                  {s.icon}
                </Box>
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{t(`connections.${s.key}.title`)}</Typography>
                  <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t(`connections.${s.key}.hint`)}</Typography>
                </Box>
                <Box sx={{ flex: '1 1 220px' }}>
                  <FormTextField
                    control={form.control}
                    name={`${s.key}.${s.field}` as never}
                    label={t(`connections.${s.key}.field`)}
                    placeholder={s.placeholder}
                  />
                </Box>
                <FormSwitch control={form.control} name={`${s.key}.enabled` as never} label={t('connections.enabled')} />
              </Box>
            ))}
          </Stack>
        )}
      </TabCard>
    </form>
  );
}
