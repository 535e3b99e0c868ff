/**
 * Auto Debet (/transactions/auto-debit): the accounts whose dues are debited
 * automatically (mandatory, plan, principal savings) with the member's
 * source-of-fund account and its balance; the ones that cannot be collected
 * (no source of fund, or a source whose available balance is below the plan
 * instalment) are flagged. The server filters (isAutoDebit, savingType),
 * searches, sorts and pages (api/autoDebitAccounts.ts); the Excel export
 * takes every row of the filter. Auto debit is switched off here, and on
 * from the teller screen's account menu.
 */

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { notifyError } from '../../../lib/notify';
import { AUTO_DEBIT_TYPES, type AutoDebitRow, autoDebitPage } from '../api/autoDebitAccounts';
import { useSetFlag } from '../api/flags';
import { savingsKey } from '../api/keys';
import { exceedsAvailable } from '../lib/amounts';

export function autoDebitState(r: AutoDebitRow): 'NO_SOURCE' | 'LOW_SOURCE' | 'READY' {
  if (!r.source) return 'NO_SOURCE';
  const due = r.account.planMonthlyAmount;
  if (due && exceedsAvailable(due, r.source.availableBalance)) return 'LOW_SOURCE';
  return 'READY';
}

const twoLines = (main: ReactNode, sub: ReactNode) => <TwoLineCell main={main} sub={sub} />;

/** The list's columns; `onOff` stays the same function (it reads the latest handler). */
function useAutoDebitColumns(canUpdate: boolean, onOff: (r: AutoDebitRow) => void) {
  const { t } = useTranslation('savings');
  return useMemo<GridColDef<AutoDebitRow>[]>(
    () =>
      (
        [
          {
            field: 'member_name',
            headerName: t('account.member'),
            flex: 1.2,
            minWidth: 170,
            renderCell: ({ row }) =>
              twoLines(
                <Link component={RouterLink} to={`/transactions/savings?memberId=${row.account.memberId}`}>
                  {row.account.memberName}
                </Link>,
                row.account.cifNumber,
              ),
          },
          {
            field: 'account_number',
            headerName: t('account.number'),
            flex: 1,
            minWidth: 150,
            renderCell: ({ row }) =>
              twoLines(
                <Link component={RouterLink} to={`/transactions/savings/accounts/${row.account.id}`}>
                  {row.account.accountNumber}
                </Link>,
                row.account.productName,
              ),
          },
          {
            field: 'balance',
            headerName: t('account.balance'),
            width: 130,
            align: 'right',
            headerAlign: 'right',
            renderCell: ({ row }) => <MoneyText value={row.account.balance} />,
          },
          {
            field: 'planMonthlyAmount',
            headerName: t('plan.monthly'),
            width: 130,
            align: 'right',
            headerAlign: 'right',
            sortable: false,
            renderCell: ({ row }) => (row.account.planMonthlyAmount ? <MoneyText value={row.account.planMonthlyAmount} /> : '-'),
          },
          {
            field: 'source',
            headerName: t('autoDebit.source'),
            flex: 1.1,
            minWidth: 190,
            sortable: false,
            renderCell: ({ row }) =>
              row.source
                ? twoLines(
                    `${row.source.accountNumber} · ${row.source.productName}`,
                    <>
                      {t('account.available')}: <MoneyText value={row.source.availableBalance} />
                    </>,
                  )
                : '-',
          },
          {
            field: 'state',
            headerName: t('tx.status'),
            width: 150,
            sortable: false,
            renderCell: ({ row }) => {
              const state = autoDebitState(row);
              return (
                <Chip
                  size="small"
                  variant="outlined"
                  color={state === 'READY' ? 'success' : state === 'LOW_SOURCE' ? 'warning' : 'error'}
                  label={t(`autoDebit.state.${state}`)}
                  sx={{ height: 22, fontSize: '0.6875rem' }}
                  data-testid="auto-debit-state"
                />
              );
            },
          },
          canUpdate && {
            field: 'actions',
            headerName: '',
            width: 150,
            sortable: false,
            align: 'right',
            renderCell: ({ row }) => (
              <Button size="small" color="error" onClick={() => onOff(row)} data-testid="auto-debit-off">
                {t('actions.autoDebitOff')}
              </Button>
            ),
          },
        ] as Array<GridColDef<AutoDebitRow> | false>
      ).filter((c): c is GridColDef<AutoDebitRow> => Boolean(c)),
    [t, canUpdate, onOff],
  );
}

export default function AutoDebitPage() {
  const { t } = useTranslation('savings');
  const { can } = useAuth();
  const setFlag = useSetFlag();
  const { confirm, dialog } = useConfirm();
  const [savingType, setSavingType] = useState('none');
  const [total, setTotal] = useState<number | null>(null);
  const canUpdate = can('member_transaction', 'update');

  const off = async (r: AutoDebitRow) => {
    if (
      !(await confirm({ title: t('flags.autoDebitOffTitle'), message: t('flags.autoDebitOffText', { number: r.account.accountNumber }) }))
    )
      return;
    await setFlag.mutateAsync({ flag: 'autoDebit', savingId: r.account.id, isAutoDebit: false }).catch(notifyError);
  };
  const offRef = useRef(off);
  offRef.current = off;

  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const page = await autoDebitPage(p, signal);
    // The count shown is the filter's (the Excel export's page of 999 has the same total).
    setTotal(page.totalElements);
    return page;
  };

  const onOff = useCallback((r: AutoDebitRow) => void offRef.current(r), []);
  const columns = useAutoDebitColumns(canUpdate, onOff);

  return (
    <>
      <PageHeader
        title={t('autoDebit.title')}
        subtitle={t('autoDebit.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('autoDebit.title') }]}
      />
      <Box data-testid="auto-debit-table">
        <ServerDataTable<AutoDebitRow>
          queryKey={[...savingsKey, 'auto-debit']}
          fetchPage={fetchPage}
          filters={{ savingType }}
          initialSort={{ field: 'member_name', sort: 'asc' }}
          initialPageSize={25}
          columns={columns}
          getRowId={(r) => r.id}
          searchPlaceholder={t('autoDebit.search')}
          emptyText={t('autoDebit.emptyHint')}
          gridProps={{ getRowHeight: () => 'auto', slotProps: { row: { 'data-testid': 'auto-debit-row' } as object } }}
          toolbar={
            <>
              <TextField
                select
                label={t('autoDebit.type')}
                value={savingType}
                onChange={(e) => setSavingType(e.target.value)}
                sx={{ width: { xs: '100%', sm: 200 } }}
                slotProps={{ htmlInput: { 'data-testid': 'auto-debit-type' } }}
              >
                <MenuItem value="none">{t('autoDebit.allTypes')}</MenuItem>
                {AUTO_DEBIT_TYPES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`savingType.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              {total !== null && (
                <Chip label={t('autoDebit.count', { count: total })} color="primary" variant="outlined" data-testid="auto-debit-count" />
              )}
            </>
          }
          excel={{
            fileName: 'auto-debet',
            title: t('autoDebit.title'),
            columns: [
              { header: t('member.cif'), value: (r) => r.account.cifNumber, width: 14 },
              { header: t('account.member'), value: (r) => r.account.memberName, width: 26 },
              { header: t('account.number'), value: (r) => r.account.accountNumber, width: 14 },
              { header: t('open.product'), value: (r) => r.account.productName, width: 20 },
              { header: t('account.balance'), value: (r) => r.account.balance, type: 'money' },
              { header: t('plan.monthly'), value: (r) => r.account.planMonthlyAmount, type: 'money' },
              { header: t('autoDebit.source'), value: (r) => r.source?.accountNumber ?? '', width: 14 },
              { header: t('autoDebit.sourceAvailable'), value: (r) => r.source?.availableBalance ?? null, type: 'money' },
              { header: t('tx.status'), value: (r) => t(`autoDebit.state.${autoDebitState(r)}`), width: 22 },
            ],
          }}
        />
        <Box sx={{ px: 0.5, py: 1.5, fontSize: '0.75rem', color: 'text.secondary' }}>{t('autoDebit.note')}</Box>
      </Box>
      {dialog}
    </>
  );
}
