/**
 * A member pays the debt to a unit: in cash (the unit's cash account, or the
 * teller's own drawer when she works in a session) or from one of the member's
 * voluntary savings accounts (the savings rules apply: what may leave the
 * account is shown), with an optional admin fee on top (to the unit's admin
 * liability account). Confirmation first.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { MoneyField } from '../../../components/money/MoneyField';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { type MemberDebt, useMemberSavings, usePayDebt } from '../api/businessUnits';

export function PaymentDialog({ debt, onClose }: { debt: MemberDebt; onClose: () => void }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const pay = usePayDebt();
  const { confirm, dialog } = useConfirm();
  const [source, setSource] = useState<'CASH' | 'SAVINGS'>('CASH');
  const [amount, setAmount] = useState<number | null>(debt.balance);
  const [savingId, setSavingId] = useState('');
  const [adminFee, setAdminFee] = useState<number | null>(null);
  const fee = adminFee ?? 0;
  const [error, setError] = useState<string | null>(null);
  const savings = useMemberSavings(source === 'SAVINGS' ? debt.memberId : null);
  const accounts = savings.data?.accounts ?? [];
  const account = accounts.find((a) => a.id === savingId) ?? null;
  const ready = Boolean(amount && amount > 0 && amount <= debt.balance && (source === 'CASH' || account));

  const submit = async () => {
    if (!amount) return;
    setError(null);
    const ok = await confirm({
      title: t('pay.confirmTitle'),
      message: t(source === 'CASH' ? 'pay.confirmCash' : 'pay.confirmSavings', {
        amount: f.money(amount + fee),
        member: debt.memberName,
        unit: debt.businessUnitName,
        account: account?.accountNumber ?? '',
      }),
      confirmLabel: t('pay.submit'),
    });
    if (!ok) return;
    try {
      await pay.mutateAsync({
        businessUnitId: debt.businessUnitId,
        memberId: debt.memberId,
        amount,
        source,
        memberSavingId: source === 'SAVINGS' ? savingId : undefined,
        adminFee: fee,
      });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={pay.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('pay.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {t('pay.debtOf', {
              member: `${debt.memberName} (${debt.cifNumber})`,
              unit: debt.businessUnitName,
              debt: f.money(debt.balance),
            })}
          </Typography>
          {error && (
            <Alert severity="error" data-testid="pay-error">
              {error}
            </Alert>
          )}
          <RadioGroup row value={source} onChange={(e) => setSource(e.target.value as 'CASH' | 'SAVINGS')}>
            <FormControlLabel value="CASH" control={<Radio />} label={t('source.CASH')} />
            <FormControlLabel value="SAVINGS" control={<Radio data-testid="pay-source-savings" />} label={t('source.SAVINGS')} />
          </RadioGroup>
          {source === 'SAVINGS' && (
            <TextField
              select
              label={t('pay.account')}
              value={savingId}
              onChange={(e) => setSavingId(e.target.value)}
              helperText={
                savings.isLoading
                  ? t('loading')
                  : accounts.length === 0
                    ? t('pay.noAccounts')
                    : account
                      ? t('pay.available', { amount: f.money(account.availableBalance) })
                      : undefined
              }
              slotProps={{ htmlInput: { 'data-testid': 'pay-account' } }}
            >
              {accounts.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.accountNumber} · {a.productName} · {f.money(a.balance)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <MoneyField
            label={t('field.amount')}
            value={amount}
            onChange={setAmount}
            id="pay-amount"
            error={Boolean(amount && amount > debt.balance)}
            helperText={amount && amount > debt.balance ? t('pay.overDebt') : undefined}
          />
          <MoneyField
            label={t('pay.adminFee')}
            value={adminFee}
            onChange={setAdminFee}
            id="pay-admin-fee"
            helperText={fee > 0 && amount ? t('pay.adminFeeHint', { total: f.money(amount + fee) }) : t('pay.adminFeeNone')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={pay.isPending}>
          {t('action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready} loading={pay.isPending} data-testid="pay-submit">
          {t('pay.submit')}
        </Button>
      </DialogActions>
      {dialog}
    </Dialog>
  );
}
