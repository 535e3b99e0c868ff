/**
 * A member's debt to a unit: its mutations (credit sales and payments, GET
 * {memberId}/mutation-debt) with the running source of each payment; a posted
 * payment can be cancelled with a reason (its journal is reversed, a payment
 * from savings goes back to the account).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { type MemberDebt, type UnitTransaction, useCancelPayment, useDebtMutations } from '../api/businessUnits';
import { KindChip, StatusChip } from './Parts';

function CancelPaymentDialog({ payment, onClose }: { payment: UnitTransaction; onClose: () => void }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const cancel = useCancelPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ id: payment.id, reason: reason.trim() });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(payment.paymentSource === 'SAVINGS' ? 'cancel.textSavings' : 'cancel.text', { amount: f.money(payment.amount) })}
        </Alert>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          fullWidth
          autoFocus
          label={t('cancel.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={cancel.isPending}>
          {t('action.back')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={submit}
          disabled={!reason.trim()}
          loading={cancel.isPending}
          data-testid="cancel-confirm"
        >
          {t('cancel.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DebtDialog({ debt, onClose, canCancel }: { debt: MemberDebt; onClose: () => void; canCancel: boolean }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const mutations = useDebtMutations(debt.memberId, debt.businessUnitId);
  const [cancelling, setCancelling] = useState<UnitTransaction | null>(null);
  const rows = mutations.data?.content ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('debt.title', { member: debt.memberName })}
        <Typography variant="body2" color="text.secondary">
          {debt.businessUnitName} · {t('debt.remaining', { amount: f.money(debt.balance) })}
        </Typography>
      </DialogTitle>
      <DialogContent>
        {mutations.isLoading ? (
          <Box>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Box>
        ) : mutations.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => mutations.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState compact />
        ) : (
          <Table size="small" data-testid="debt-mutations">
            <TableHead>
              <TableRow>
                <TableCell>{t('field.date')}</TableCell>
                <TableCell>{t('field.kind')}</TableCell>
                <TableCell>{t('field.source')}</TableCell>
                <TableCell align="right">{t('field.amount')}</TableCell>
                <TableCell>{t('field.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{f.date(r.date)}</TableCell>
                  <TableCell>
                    <KindChip kind={r.kind} />
                  </TableCell>
                  <TableCell>
                    {r.paymentSource ? t(`source.${r.paymentSource}`) : ''}
                    {r.savingAccountNumber ? ` ${r.savingAccountNumber}` : ''}
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={r.amount} />
                  </TableCell>
                  <TableCell>
                    <StatusChip status={r.status} />
                  </TableCell>
                  <TableCell align="right">
                    {canCancel && r.kind === 'DEBT_PAYMENT' && r.status === 'POSTED' && (
                      <Button size="small" color="error" onClick={() => setCancelling(r)} data-testid={`cancel-${r.id}`}>
                        {t('cancel.action')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.close')}</Button>
      </DialogActions>
      {cancelling && <CancelPaymentDialog payment={cancelling} onClose={() => setCancelling(null)} />}
    </Dialog>
  );
}
