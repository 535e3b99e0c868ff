/**
 * A new unit transaction: credit sale to a member, cash sale, purchase (cash
 * or on credit), payment of the unit's payable, stock loss, operating
 * expense (the unit's expense account). Shows the journal
 * it will post and asks for confirmation (posted journals are only reversed,
 * never edited).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { MoneyField } from '../../../components/money/MoneyField';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { ENTRY_KINDS, type EntryKind, type MemberOption, useAllUnits, usePostTransaction } from '../api/businessUnits';
import { MemberField } from './Parts';

export function TransactionDialog({ open, onClose, unitId }: { open: boolean; onClose: () => void; unitId?: string }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const units = useAllUnits();
  const post = usePostTransaction();
  const { confirm, dialog } = useConfirm();
  const active = (units.data ?? []).filter((u) => u.status === 'ACTIVE');
  const [businessUnitId, setUnit] = useState(unitId && unitId !== 'none' ? unitId : '');
  const [kind, setKind] = useState<EntryKind>('SALE_CREDIT');
  const [member, setMember] = useState<MemberOption | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unit = active.find((u) => u.id === businessUnitId) ?? null;
  const needsMember = kind === 'SALE_CREDIT';
  const ready = Boolean(unit && amount && amount > 0 && (!needsMember || member));

  const submit = async () => {
    if (!unit || !amount) return;
    setError(null);
    const ok = await confirm({
      title: t('tx.confirmTitle'),
      message: t('tx.confirmText', {
        kind: t(`kind.${kind}`),
        amount: f.money(amount),
        unit: unit.name,
        member: member ? `${member.fullName} (${member.cifNumber})` : '-',
      }),
      confirmLabel: t('action.post'),
    });
    if (!ok) return;
    try {
      await post.mutateAsync({
        businessUnitId: unit.id,
        kind,
        memberId: needsMember ? member?.id : undefined,
        amount,
        description: description.trim() || undefined,
      });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open={open} onClose={post.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('tx.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" data-testid="tx-error">
              {error}
            </Alert>
          )}
          {units.isSuccess && active.length === 0 && <Alert severity="info">{t('tx.noUnits')}</Alert>}
          <TextField
            select
            label={t('field.unit')}
            value={businessUnitId}
            onChange={(e) => setUnit(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'tx-unit' } }}
          >
            {active.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('field.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as EntryKind)}
            helperText={t(`kindHint.${kind}`)}
            slotProps={{ htmlInput: { 'data-testid': 'tx-kind' } }}
          >
            {ENTRY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`kind.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {needsMember && <MemberField value={member} onChange={setMember} />}
          <MoneyField label={t('field.amount')} value={amount} onChange={setAmount} id="tx-amount" />
          <TextField
            label={t('field.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={post.isPending}>
          {t('action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready} loading={post.isPending} data-testid="tx-submit">
          {t('action.post')}
        </Button>
      </DialogActions>
      {dialog}
    </Dialog>
  );
}
