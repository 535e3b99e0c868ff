/** Tab "Notification": which events reach the person in the app, by e-mail, by SMS. */

import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, profileNotification } from '@koperasi/contracts/web';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { TabCard } from './TabCard';
import { usePreferenceForm } from './usePreferenceForm';

export function NotificationTab() {
  const { t } = useTranslation('profile');
  const { form, submit, loading, saving, failed, retry } = usePreferenceForm('notification', profileNotification, (p) => p.notification);
  if (failed) return <EmptyState kind="loadFailed" onRetry={retry} />;
  return (
    <form onSubmit={submit} noValidate data-testid="profile-notification-form">
      <TabCard
        title={t('notification.title')}
        subheader={t('notification.subtitle')}
        actions={
          <Button type="submit" variant="contained" loading={saving} disabled={loading}>
            {t('common:common.save')}
          </Button>
        }
      >
        {loading ? (
          <Skeleton variant="rounded" height={260} />
        ) : (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Table size="small">
              <TableHead>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell>{t('notification.event')}</TableCell>
                  {NOTIFICATION_CHANNELS.map((c) => (
                    <TableCell key={c} align="center" sx={{ width: 110 }}>
                      {t(`notification.channels.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {NOTIFICATION_EVENTS.map((e) => (
                  <TableRow key={e} hover>
                    <TableCell>
                      <Typography sx={{ fontSize: '0.875rem', fontWeight: 500 }}>{t(`notification.events.${e}.label`)}</Typography>
                      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t(`notification.events.${e}.hint`)}</Typography>
                    </TableCell>
                    {NOTIFICATION_CHANNELS.map((c) => (
                      <TableCell key={c} align="center">
                        <Controller
                          control={form.control}
                          name={`events.${e}.${c}` as never}
                          render={({ field }) => (
                            <Checkbox
                              checked={Boolean(field.value)}
                              onChange={(ev) => field.onChange(ev.target.checked)}
                              slotProps={{
                                input: { 'aria-label': `${t(`notification.events.${e}.label`)} ${t(`notification.channels.${c}`)}` },
                              }}
                            />
                          )}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </TabCard>
    </form>
  );
}
