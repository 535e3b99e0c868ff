/**
 * A bill (/transactions/bills/:id): its figures, the installments with what
 * was paid and what is left, the payment history (GET {id}/mutation-payments)
 * and its actions by status: approve or reject (waiting), pay and stop with a
 * reason (running), change (due date, amount) or delete an unpaid installment,
 * cancel the latest payment.
 * Every irreversible action asks for confirmation first.
 */

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { billPaths, useBill, useBillAction } from '../api/bills';
import type { BillDetailView } from '../api/types';
import { FactsCard, PaymentsCard } from '../components/BillCards';
import { ChangeInstallmentDialog } from '../components/ChangeInstallmentDialog';
import { PayDialog } from '../components/PayDialog';
import { ReasonDialog } from '../components/ReasonDialog';
import { type ScheduleRow, ScheduleTable } from '../components/ScheduleTable';

type Pending = { kind: 'reject' | 'stop' | 'cancel' | 'delete'; paymentId?: string; number?: number } | null;

export default function BillDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('bills');
  const bill = useBill(id);

  if (bill.isLoading)
    return (
      <Box data-testid="bill-loading">
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  if (bill.isError || !bill.data)
    return <EmptyState kind={bill.isError ? 'loadFailed' : 'notFound'} title={t('detail.notFound')} onRetry={() => bill.refetch()} />;
  return <BillDetail bill={bill.data} />;
}

/** Change (and, where allowed, delete) an open installment. */
function InstallmentActions({
  row,
  deletable,
  onChange,
  onDelete,
}: {
  row: ScheduleRow;
  deletable: boolean;
  onChange: (r: ScheduleRow) => void;
  onDelete: (number: number) => void;
}) {
  const { t } = useTranslation('bills');
  if (row.status !== 'OPEN') return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Tooltip title={t('change.action')}>
        <IconButton size="small" aria-label={t('change.action')} onClick={() => onChange(row)} data-testid="change-installment">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {deletable && (
        <Tooltip title={t('delete.title')}>
          <IconButton size="small" aria-label={t('delete.title')} onClick={() => onDelete(row.number)}>
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function BillDetail({ bill }: { bill: BillDetailView }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const { can } = useAuth();
  const action = useBillAction();
  const keys = useSubmissionKeys();
  const { confirm, dialog } = useConfirm();
  const [paying, setPaying] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [changing, setChanging] = useState<ScheduleRow | null>(null);
  const canUpdate = can('member_transaction', 'update');
  const canAdd = can('member_transaction', 'add');

  const run = async (path: string, body: unknown, done: string) => {
    try {
      await action.mutateAsync({ path, body, idempotencyKey: keys.ticket({ path, body }).key });
      keys.done();
      notifySuccess(done);
      setPending(null);
    } catch {
      /* shown in the dialog */
    }
  };

  const approve = async () => {
    const ok = await confirm({
      title: t('approve.title'),
      message: t('approve.message', { number: bill.billNumber, amount: f.money(bill.amount + bill.adminFee), name: bill.memberName }),
      confirmLabel: t('approve.submit'),
    });
    if (ok) await run(billPaths.approve(bill.id), { status: 'APPROVED' }, t('approve.done'));
  };

  const reasonDialog = pending && (
    <ReasonDialog
      open
      testId={`${pending.kind}-dialog`}
      title={t(`${pending.kind}.title`)}
      message={t(`${pending.kind}.message`, { number: bill.billNumber, installment: pending.number, amount: f.money(bill.debt) })}
      confirmLabel={t(`${pending.kind}.submit`)}
      pending={action.isPending}
      error={action.isError ? errorMessage(action.error) : null}
      onClose={() => {
        setPending(null);
        action.reset();
      }}
      onConfirm={(reason) => {
        if (pending.kind === 'reject') void run(billPaths.approve(bill.id), { status: 'REJECTED', reason }, t('reject.done'));
        if (pending.kind === 'stop') void run(billPaths.stop(bill.id), { reason }, t('stop.done'));
        if (pending.kind === 'cancel') void run(billPaths.cancelPayment, { paymentId: pending.paymentId, reason }, t('cancel.done'));
        if (pending.kind === 'delete')
          void run(billPaths.deleteInstallment, { billId: bill.id, number: pending.number, reason }, t('delete.done'));
      }}
    />
  );

  const editable = canUpdate && (bill.status === 'RUNNING' || bill.status === 'WAITING_APPROVAL');
  const deletable = editable && bill.billType !== 'WITH_TOTAL_DEBT';

  return (
    <>
      <PageHeader
        title={`${bill.name} · ${bill.billNumber}`}
        subtitle={t('detail.subtitle', { name: bill.memberName })}
        breadcrumbs={[{ label: t('list.title'), to: '/transactions/bills' }, { label: bill.billNumber }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {bill.status === 'WAITING_APPROVAL' && canUpdate && (
              <>
                <Button color="error" onClick={() => setPending({ kind: 'reject' })} data-testid="reject-bill">
                  {t('reject.submit')}
                </Button>
                <Button variant="contained" onClick={approve} data-testid="approve-bill">
                  {t('approve.submit')}
                </Button>
              </>
            )}
            {bill.status === 'RUNNING' && (
              <>
                {canUpdate && (
                  <Button color="error" onClick={() => setPending({ kind: 'stop' })} data-testid="stop-bill">
                    {t('stop.submit')}
                  </Button>
                )}
                {canAdd && (
                  <Button variant="contained" onClick={() => setPaying(true)} data-testid="pay-bill">
                    {t('pay.submit')}
                  </Button>
                )}
              </>
            )}
          </Box>
        }
      />
      {bill.status === 'STOPPED' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stopped-note">
          {t('detail.stopped', { date: f.date(bill.stoppedDate), reason: bill.stopReason })}
        </Alert>
      )}
      {bill.status === 'REJECTED' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('detail.rejected', { reason: bill.decisionReason })}
        </Alert>
      )}
      {!pending && action.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(action.error)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '340px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <FactsCard bill={bill} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card>
            <CardContent sx={{ overflowX: 'auto' }}>
              <Typography variant="h6" sx={{ mb: 1 }}>
                {t('detail.installments')}
              </Typography>
              <ScheduleTable
                rows={bill.schedule}
                actions={
                  editable
                    ? (r) => (
                        <InstallmentActions
                          row={r}
                          deletable={deletable}
                          onChange={setChanging}
                          onDelete={(number) => setPending({ kind: 'delete', number })}
                        />
                      )
                    : undefined
                }
              />
            </CardContent>
          </Card>
          <PaymentsCard bill={bill} onCancel={(paymentId) => setPending({ kind: 'cancel', paymentId })} />
        </Box>
      </Box>
      {changing && <ChangeInstallmentDialog bill={bill} row={changing} onClose={() => setChanging(null)} />}
      {paying && <PayDialog bill={bill} open onClose={() => setPaying(false)} />}
      {reasonDialog}
      {dialog}
    </>
  );
}
