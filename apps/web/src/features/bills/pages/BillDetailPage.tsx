/**
 * A bill (/transactions/bills/:id): its figures, the installments with what
 * was paid and what is left, the payment history (GET {id}/mutation-payments)
 * and its actions by status: approve or reject (waiting), pay and stop with a
 * reason (running), delete an unpaid installment, cancel the latest payment.
 * Every irreversible action asks for confirmation first.
 */

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { billPaths, useBill, useBillAction, useBillPayments } from '../api/bills';
import type { BillDetailView } from '../api/types';
import { BillStatusChip } from '../components/Chips';
import { PayDialog } from '../components/PayDialog';
import { ReasonDialog } from '../components/ReasonDialog';
import { ScheduleTable } from '../components/ScheduleTable';

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

function BillDetail({ bill }: { bill: BillDetailView }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const { can } = useAuth();
  const payments = useBillPayments(bill.id);
  const action = useBillAction();
  const keys = useSubmissionKeys();
  const { confirm, dialog } = useConfirm();
  const [paying, setPaying] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
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

  const facts: Array<[string, React.ReactNode]> = [
    [t('bill.member'), `${bill.memberName} (${bill.cifNumber})`],
    [t('form.product'), bill.productName],
    [t('bill.type'), t(`type.${bill.billType}`)],
    [t('bill.date'), f.date(bill.date)],
    [t('bill.installments'), bill.installments],
    [t('bill.amount'), <MoneyText key="a" value={bill.amount} />],
    [t('bill.adminFee'), <MoneyText key="f" value={bill.adminFee} />],
    [t('bill.paid'), <MoneyText key="p" value={bill.paid} />],
    [t('bill.deducted'), <MoneyText key="d" value={bill.deducted} />],
    [t('bill.writtenOff'), <MoneyText key="w" value={bill.writtenOff} />],
    [t('bill.debt'), <MoneyText key="o" value={bill.debt} />],
  ];
  const latestPosted = payments.data?.content.find((p) => p.status === 'POSTED');
  const changeable = canUpdate && (bill.status === 'RUNNING' || bill.status === 'WAITING_APPROVAL') && bill.billType !== 'WITH_TOTAL_DEBT';

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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6">{t('detail.facts')}</Typography>
              <BillStatusChip status={bill.status} />
            </Box>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
              {facts.map(([k, v]) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                    {k}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontSize: '0.875rem', fontWeight: 500, textAlign: 'right' }}
                    data-testid={`fact-${k}`}
                  >
                    {v}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card>
            <CardContent sx={{ overflowX: 'auto' }}>
              <Typography variant="h6" sx={{ mb: 1 }}>
                {t('detail.installments')}
              </Typography>
              <ScheduleTable
                rows={bill.schedule}
                actions={
                  changeable
                    ? (r) =>
                        r.status === 'OPEN' ? (
                          <Tooltip title={t('delete.title')}>
                            <IconButton
                              size="small"
                              aria-label={t('delete.title')}
                              onClick={() => setPending({ kind: 'delete', number: r.number })}
                            >
                              <DeleteOutlineRounded fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null
                    : undefined
                }
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ overflowX: 'auto' }}>
              <Typography variant="h6" sx={{ mb: 1 }}>
                {t('detail.payments')}
              </Typography>
              {payments.isLoading ? (
                <Skeleton variant="rounded" height={80} />
              ) : !payments.data?.content.length ? (
                <EmptyState compact title={t('detail.noPayments')} />
              ) : (
                <Table size="small" data-testid="bill-payments">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('payments.date')}</TableCell>
                      <TableCell align="right">{t('payments.amount')}</TableCell>
                      <TableCell>{t('payments.source')}</TableCell>
                      <TableCell>{t('payments.status')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {payments.data.content.map((p) => (
                      <TableRow key={p.id} data-testid="bill-payment">
                        <TableCell>{f.date(p.paymentDate)}</TableCell>
                        <TableCell align="right">
                          <MoneyText value={p.amount} />
                        </TableCell>
                        <TableCell>{t(`source.${p.source}`)}</TableCell>
                        <TableCell>
                          {p.status === 'CANCELLED' ? t('payments.cancelled', { reason: p.cancelReason }) : t('payments.posted')}
                        </TableCell>
                        <TableCell align="right">
                          {p.id === latestPosted?.id &&
                            (bill.status === 'RUNNING' || bill.status === 'PAID_OFF') &&
                            can('member_transaction', 'delete') && (
                              <Button size="small" color="error" onClick={() => setPending({ kind: 'cancel', paymentId: p.id })}>
                                {t('cancel.submit')}
                              </Button>
                            )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </Box>
      </Box>
      {paying && <PayDialog bill={bill} open onClose={() => setPaying(false)} />}
      {reasonDialog}
      {dialog}
    </>
  );
}
