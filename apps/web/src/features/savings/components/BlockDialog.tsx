/** Blokir (hold an amount with a reason) or buka blokir (release it, with a reason) on one account. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormTextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/useZodForm';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useSetFlag } from '../api/flags';
import type { SavingAccount } from '../api/types';
import { maxBlockable } from '../lib/amounts';
import { type BlockFormIn, blockForm } from '../lib/forms';
import { AccountHeader } from './AccountHeader';

export function BlockDialog({ account, onClose }: { account: SavingAccount; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const setFlag = useSetFlag();
  const [error, setError] = useState<string | null>(null);
  const blocking = !account.isBlocked;
  const form = useZodForm(blockForm, {
    defaultValues: { isBlocked: blocking, amount: blocking ? null : account.blockedAmount, reason: '' } as BlockFormIn,
  });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await setFlag.mutateAsync({ flag: 'blocked', savingId: account.id, isBlocked: blocking, amount: v.amount, reason: v.reason.trim() });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  return (
    <Dialog open onClose={() => !setFlag.isPending && onClose()} maxWidth="sm" fullWidth data-testid="block-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{blocking ? t('block.title') : t('block.unblockTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <AccountHeader account={account} />
          {blocking ? (
            <FormMoneyField
              control={form.control}
              name="amount"
              label={t('block.amount')}
              required
              helperText={t('block.max', { amount: f.money(maxBlockable(account.balance, account.pledgedAmount)) })}
            />
          ) : (
            <Alert severity="info">
              {t('block.current', { amount: f.money(account.blockedAmount), reason: account.blockReason ?? '-' })}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="reason"
            label={t('block.reason')}
            required
            multiline
            minRows={2}
            autoFocus={!blocking}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'block-reason' } }}
          />
          {error && (
            <Alert severity="error" data-testid="posting-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit" disabled={setFlag.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={blocking ? 'error' : 'primary'}
            loading={setFlag.isPending}
            data-testid="block-submit"
          >
            {blocking ? t('block.submit') : t('block.unblock')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
