/**
 * Account openings waiting for approval (products that need it): the list,
 * and per account a dialog to approve (after a confirmation step; the account
 * becomes active) or reject with a required reason. The server's refusal is
 * shown in the dialog.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { listPendingOpenings, pendingOpeningsKey, useDecideOpening } from '../api/pendingOpenings';
import type { SavingAccount } from '../api/types';
import { DecisionActions, type DecisionStatus, DecisionStep, useDecisionSteps } from './DecisionSteps';

export function PendingOpenings() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const [open, setOpen] = useState<SavingAccount | null>(null);
  const columns = useMemo<GridColDef<SavingAccount>[]>(
    () => [
      {
        field: 'created_date',
        headerName: t('approvals.requestedAt'),
        width: 120,
        valueGetter: (_v, r) => f.date(r.createdDate),
      },
      {
        field: 'member_name',
        headerName: t('account.member'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
              {row.memberName}
            </Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {row.cifNumber}
            </Typography>
          </Box>
        ),
      },
      { field: 'account_number', headerName: t('account.number'), width: 140, valueGetter: (_v, r) => r.accountNumber },
      { field: 'product_name', headerName: t('approvals.product'), flex: 1, minWidth: 160, valueGetter: (_v, r) => r.productName },
    ],
    [t, f],
  );
  return (
    <>
      <ServerDataTable<SavingAccount>
        queryKey={pendingOpeningsKey}
        fetchPage={listPendingOpenings}
        columns={columns}
        searchPlaceholder={t('online.search')}
        onRowClick={(row) => setOpen(row)}
        emptyText={t('approvals.emptyOpenings')}
      />
      {open && <OpeningDialog account={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function OpeningDialog({ account, onClose }: { account: SavingAccount; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const decide = useDecideOpening();
  const [done, setDone] = useState<DecisionStatus | null>(null);
  const canDecide = can('member_transaction', 'update') && account.status === 'PENDING';
  const steps = useDecisionSteps(async (status, reason) => {
    await decide.mutateAsync({ memberSavingId: account.id, status, reason: status === 'REJECTED' ? reason : null });
    setDone(status);
  });

  return (
    <Dialog open onClose={() => !decide.isPending && onClose()} maxWidth="sm" fullWidth data-testid="opening-dialog">
      <DialogTitle>{t('approvals.openingTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {done && (
            <Alert severity="success" data-testid="opening-done">
              {done === 'APPROVED'
                ? t('approvals.openingApproved', { number: account.accountNumber })
                : t('approvals.openingRejected', { number: account.accountNumber })}
            </Alert>
          )}
          <Facts
            items={[
              { label: t('account.member'), value: `${account.memberName} (${account.cifNumber})` },
              { label: t('account.number'), value: `${account.accountNumber} · ${account.productName}` },
              { label: t('approvals.requestedAt'), value: f.date(account.createdDate, 'dateTime') },
            ]}
          />
          {!done && (
            <DecisionStep
              steps={steps}
              approve={
                <Alert severity="info" data-testid="approve-note">
                  {t('approvals.openingNote', { account: account.accountNumber, product: account.productName })}
                </Alert>
              }
            />
          )}
        </Box>
      </DialogContent>
      <DecisionActions
        steps={steps}
        canDecide={canDecide}
        done={!!done}
        pending={decide.isPending}
        confirmApprove={t('approvals.confirmOpening')}
        onClose={onClose}
      />
    </Dialog>
  );
}
