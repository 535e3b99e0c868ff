/**
 * Balance adjustment of an account (opening balances and corrections): the
 * balance it must show on a date. The server never writes a balance: it
 * posts the difference as a journal against the opening-balance equity
 * account, and the answer names that journal.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { useMessageText } from '../../../lib/i18n/messages';
import { uuid } from '../../../lib/id';
import { useAdjustBalance } from '../api/adjustBalance';
import type { AdjustBalanceResult, CoaAccount } from '../lib/types';

export function AdjustBalanceDialog({
  account,
  onClose,
  onDone,
}: {
  account: CoaAccount;
  onClose: () => void;
  onDone: (r: AdjustBalanceResult) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const msg = useMessageText();
  const adjust = useAdjustBalance();
  const today = dayjs().format('YYYY-MM-DD');
  const [date, setDate] = useState<string | null>(today);
  const [balance, setBalance] = useState<number | null>(account.balance);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [key, setKey] = useState(uuid);
  const difference = balance === null ? null : Math.round((balance - (account.balance ?? 0)) * 100) / 100;
  const run = () => {
    setTouched(true);
    if (!date || balance === null) return;
    adjust.mutate(
      { id: account.id, body: { date, balance, description: description.trim() || undefined }, idempotencyKey: key },
      {
        onSuccess: (env) => {
          onDone(env.data);
          onClose();
        },
        onError: () => setKey(uuid()),
      },
    );
  };
  return (
    <Dialog open onClose={() => !adjust.isPending && onClose()} maxWidth="sm" fullWidth data-testid="adjust-dialog">
      <DialogTitle>{t('adjust.title', { code: account.code, name: account.name })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 2, fontSize: '0.875rem' }}>{t('adjust.explain')}</Typography>
        <Box sx={{ display: 'flex', gap: 3, mb: 2.5, flexWrap: 'wrap' }}>
          <Box>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('adjust.current')}</Typography>
            <Typography sx={{ fontWeight: 700 }}>
              <MoneyText value={account.balance} colorNegative />
            </Typography>
          </Box>
          {date === today && difference !== null && (
            <Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('adjust.difference')}</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="adjust-difference">
                <MoneyText value={difference} colorNegative />
              </Typography>
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' } }}>
          <DateField
            label={t('adjust.date')}
            value={date}
            onChange={setDate}
            max={today}
            error={touched && !date}
            helperText={touched && !date ? msg('ledger.date_invalid') : undefined}
          />
          <MoneyField
            label={t('adjust.newBalance')}
            value={balance}
            onChange={setBalance}
            allowNegative
            size="small"
            name="balance"
            error={touched && balance === null}
            helperText={
              touched && balance === null ? msg('validation.required', { field: t('adjust.newBalance') }) : t('adjust.newBalanceHint')
            }
          />
          <TextField
            label={t('coa.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            size="small"
            placeholder={t('adjust.descriptionPlaceholder', { code: account.code, name: account.name })}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Box>
        {adjust.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {adjust.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={adjust.isPending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={run} loading={adjust.isPending} data-testid="adjust-confirm">
          {t('adjust.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
