/**
 * Tutup kas: the teller counts notes and coins (100.000 … 100); counted,
 * expected and the difference update as they type; a difference needs a
 * reason. The server decides (expected is read again there).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { CASH_DENOMINATIONS, type TellerSession, useCloseTeller } from '../api/teller';

export function CloseDialog({ session, open, onClose }: { session: TellerSession; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCloseTeller();
  const counted = useMemo(
    // Whole rupiah notes and coins: integer arithmetic is exact here.
    () => CASH_DENOMINATIONS.reduce((sum, d) => sum + d * (Number.parseInt(counts[d] ?? '', 10) || 0), 0),
    [counts],
  );
  const difference = Math.round((counted - session.expectedCash) * 100) / 100;
  const submit = async () => {
    setError(null);
    try {
      const body = CASH_DENOMINATIONS.map((d) => ({ denomination: d, count: Number.parseInt(counts[d] ?? '', 10) || 0 })).filter(
        (x) => x.count > 0,
      );
      const env = await close.mutateAsync({ id: session.id, openingBalance: session.openingBalance, body, reason: reason.trim() || null });
      notifySuccess(env.message);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="close-dialog">
      <DialogTitle>{t('close.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('close.intro')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1.5 }}>
          {CASH_DENOMINATIONS.map((d) => (
            <TextField
              key={d}
              size="small"
              label={f.money(d)}
              value={counts[d] ?? ''}
              onChange={(e) => setCounts((c) => ({ ...c, [d]: e.target.value.replace(/\D/g, '').slice(0, 7) }))}
              slotProps={{
                htmlInput: { inputMode: 'numeric', 'data-testid': `count-${d}`, 'aria-label': t('close.countOf', { value: f.money(d) }) },
              }}
              helperText={counts[d] ? f.money(d * (Number.parseInt(counts[d] ?? '', 10) || 0)) : ' '}
            />
          ))}
        </Box>
        <Stack spacing={0.5} sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Row label={t('session.expected')} value={<MoneyText value={session.expectedCash} />} />
          <Row label={t('close.counted')} value={<span data-testid="counted">{f.money(counted)}</span>} />
          <Row
            label={t('close.difference')}
            value={
              <Box
                component="span"
                data-testid="difference"
                sx={{ fontWeight: 700, color: difference === 0 ? 'success.main' : 'error.main' }}
              >
                {f.money(difference)}
              </Box>
            }
          />
        </Stack>
        {difference !== 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {difference < 0 ? t('close.short') : t('close.over')}
          </Alert>
        )}
        <TextField
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={difference !== 0 ? t('close.reasonRequired') : t('close.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'close-reason' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="close-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={difference === 0 ? 'primary' : 'warning'}
          disabled={close.isPending || (difference !== 0 && !reason.trim())}
          onClick={submit}
          data-testid="close-submit"
        >
          {t('close.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" component="span">
        {value}
      </Typography>
    </Box>
  );
}
