/**
 * The cooperative's auto debit and reminder settings (GET/PUT
 * loan/portfolio-setting): partial debit on a short balance, reminder days
 * before the due date, reminders when overdue, the channel. Read with
 * settings:view, changed with settings:update after a confirmation; the
 * server's refusal is shown in the card (and on the field at fault).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { notifySuccess } from '../../../lib/notify';
import { type PortfolioSetting, usePortfolioSetting, useSavePortfolioSetting } from '../api';

export function PortfolioSettingCard() {
  const { t } = useTranslation('loan-portfolio');
  const { can } = useAuth();
  const editable = can('settings', 'update');
  const q = usePortfolioSetting();
  const save = useSavePortfolioSetting();
  const { confirm, dialog } = useConfirm();
  const [form, setForm] = useState<PortfolioSetting | null>(null);
  const [days, setDays] = useState('');
  const [error, setError] = useState<ApiError | Error | null>(null);
  useEffect(() => {
    if (q.data) {
      setForm(q.data);
      setDays(String(q.data.reminderDays));
    }
  }, [q.data]);
  const dayNumber = Number(days);
  const daysBad = days.trim() === '' || !Number.isInteger(dayNumber) || dayNumber < 0 || dayNumber > 60;
  const changed =
    !!form &&
    !!q.data &&
    (JSON.stringify({ ...form, reminderDays: dayNumber }) !== JSON.stringify(q.data) || days !== String(q.data.reminderDays));
  const fieldError = (name: string) => (error instanceof ApiError ? error.fields.find((f) => f.field === name)?.message : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form || daysBad) return;
    const next = { ...form, reminderDays: dayNumber };
    const okd = await confirm({ title: t('setting.confirmTitle'), message: t('setting.confirmMessage') });
    if (!okd) return;
    setError(null);
    try {
      const r = await save.mutateAsync(next);
      notifySuccess(r.message || t('setting.saved'));
    } catch (err) {
      setError(err as Error);
    }
  };

  return (
    <Card sx={{ mb: 2, p: 2.5, displayPrint: 'none' }} data-testid="portfolio-setting">
      {dialog}
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('setting.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('setting.subtitle')}
      </Typography>
      {q.isError ? (
        <EmptyState kind="loadFailed" description={q.error?.message} onRetry={() => void q.refetch()} />
      ) : !form ? (
        <Skeleton variant="rounded" height={56} data-testid="portfolio-setting-loading" />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={
                <Switch
                  checked={form.autoDebitPartial}
                  disabled={!editable}
                  onChange={(e) => setForm({ ...form, autoDebitPartial: e.target.checked })}
                  slotProps={{ input: { 'aria-describedby': 'portfolio-setting-partial-help' } }}
                  data-testid="setting-partial"
                />
              }
              label={t('setting.autoDebitPartial')}
            />
            <TextField
              fullWidth={false}
              size="small"
              type="number"
              label={t('setting.reminderDays')}
              value={days}
              disabled={!editable}
              onChange={(e) => setDays(e.target.value)}
              error={daysBad || !!fieldError('reminderDays')}
              helperText={daysBad ? t('setting.daysRange') : (fieldError('reminderDays') ?? t('setting.days', { count: dayNumber }))}
              slotProps={{ htmlInput: { min: 0, max: 60, step: 1, 'data-testid': 'setting-days' } }}
              sx={{ width: 240 }}
            />
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={
                <Switch
                  checked={form.reminderOverdue}
                  disabled={!editable}
                  onChange={(e) => setForm({ ...form, reminderOverdue: e.target.checked })}
                />
              }
              label={t('setting.reminderOverdue')}
            />
            <TextField
              fullWidth={false}
              select
              size="small"
              label={t('setting.reminderChannel')}
              value={form.reminderChannel}
              disabled={!editable}
              onChange={(e) => setForm({ ...form, reminderChannel: e.target.value as PortfolioSetting['reminderChannel'] })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="SMS">SMS</MenuItem>
              <MenuItem value="EMAIL">{t('setting.email')}</MenuItem>
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
            <Box>
              <Typography id="portfolio-setting-partial-help" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {form.autoDebitPartial ? t('setting.partialOn') : t('setting.partialOff')}
              </Typography>
              {!editable && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }} data-testid="setting-readonly">
                  {t('setting.readOnly')}
                </Typography>
              )}
            </Box>
            {editable && (
              <Button type="submit" variant="contained" disabled={!changed || daysBad} loading={save.isPending} data-testid="setting-save">
                {t('setting.save')}
              </Button>
            )}
          </Box>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} onClose={() => setError(null)} data-testid="setting-error">
              {error.message}
            </Alert>
          )}
        </Box>
      )}
    </Card>
  );
}
