/**
 * Transaksi Unit Usaha (/business-units/transactions): the units' transactions
 * (datatable-detail) with a new-transaction dialog, and the members' debts
 * (datatable-summary) with the total; a debt row opens its mutations (cancel a
 * payment there) and "Bayar" pays it in cash or from savings.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { api } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { ALL_KINDS, listDebts, listTransactions, type MemberDebt, type UnitTransaction, unitKey } from '../api/businessUnits';
import { debtColumns, debtSheet, transactionColumns, transactionSheet } from '../components/columns';
import { DebtDialog } from '../components/DebtDialog';
import { JournalDialog } from '../components/JournalDialog';
import { UnitFilter } from '../components/Parts';
import { PaymentDialog } from '../components/PaymentDialog';
import { TransactionDialog } from '../components/TransactionDialog';

function TotalDebt({ unit }: { unit: string }) {
  const { t } = useTranslation('business-units');
  const q = useQuery({
    queryKey: [...unitKey, 'total-debt', unit],
    queryFn: ({ signal }) =>
      api<{ totalDebt: number }>('/api/transaction-business-unit/datatable-summary', {
        query: { businessUnitId: unit === 'none' ? undefined : unit, page: 0, limit: 1 },
        signal,
      }),
  });
  return (
    <Card variant="outlined" sx={{ px: 2, py: 1 }}>
      {t('debt.total')}:{' '}
      <Box component="span" data-testid="total-debt" sx={{ fontWeight: 700 }}>
        <MoneyText value={q.data?.totalDebt ?? null} empty="…" />
      </Box>
    </Card>
  );
}

export default function TransactionsPage() {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const { can } = useAuth();
  const canAdd = can('business_unit', 'add');
  const [tab, setTab] = useState<'tx' | 'debts'>('tx');
  const [unit, setUnit] = useState('none');
  const [kind, setKind] = useState('none');
  const [adding, setAdding] = useState(false);
  const [journalOf, setJournalOf] = useState<string | null>(null);
  const [debt, setDebt] = useState<MemberDebt | null>(null);
  const [paying, setPaying] = useState<MemberDebt | null>(null);
  const txColumns = useMemo(() => transactionColumns(t, f), [t, f]);
  const dColumns = useMemo<GridColDef<MemberDebt>[]>(
    () => [
      ...debtColumns(t),
      {
        field: 'actions',
        headerName: '',
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          canAdd && (
            <Button
              size="small"
              variant="outlined"
              onClick={(e) => {
                e.stopPropagation();
                setPaying(row);
              }}
              data-testid={`pay-${row.memberId}`}
            >
              {t('pay.action')}
            </Button>
          ),
      },
    ],
    [t, canAdd],
  );
  return (
    <>
      <PageHeader
        title={t('tx.pageTitle')}
        breadcrumbs={[{ label: t('nav') }, { label: t('tx.pageTitle') }]}
        actions={
          canAdd && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAdding(true)} data-testid="tx-add">
              {t('tx.add')}
            </Button>
          )
        }
      />
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="tx" label={t('tx.tab')} data-testid="tab-transactions" />
        <Tab value="debts" label={t('debt.tab')} data-testid="tab-debts" />
      </Tabs>
      {tab === 'tx' ? (
        <ServerDataTable<UnitTransaction>
          key="transactions"
          queryKey={[...unitKey, 'transactions']}
          fetchPage={listTransactions('/api/transaction-business-unit/datatable-detail')}
          filters={{ businessUnitId: unit, kind }}
          columns={txColumns}
          searchPlaceholder={t('tx.search')}
          emptyText={t('tx.empty')}
          onRowClick={(r) => setJournalOf(r.id)}
          excel={{ fileName: 'transaksi-unit-usaha', title: t('tx.pageTitle'), columns: transactionSheet(t) }}
          toolbar={
            <>
              <UnitFilter value={unit} onChange={setUnit} />
              <TextField
                select
                size="small"
                label={t('field.kind')}
                value={kind}
                onChange={(e) => setKind(e.target.value)}
                sx={{ width: { xs: '100%', sm: 200 } }}
              >
                <MenuItem value="none">{t('filter.allKinds')}</MenuItem>
                {ALL_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          }
        />
      ) : (
        <ServerDataTable<MemberDebt>
          key="debts"
          queryKey={[...unitKey, 'debts']}
          fetchPage={listDebts('/api/transaction-business-unit/datatable-summary')}
          getRowId={(r) => `${r.businessUnitId}:${r.memberId}`}
          filters={{ businessUnitId: unit }}
          columns={dColumns}
          searchPlaceholder={t('debt.search')}
          emptyText={t('debt.empty')}
          onRowClick={(r) => setDebt(r)}
          excel={{ fileName: 'utang-anggota-unit-usaha', title: t('debt.tab'), columns: debtSheet(t), totalLabel: t('debt.total') }}
          toolbar={
            <>
              <UnitFilter value={unit} onChange={setUnit} />
              <TotalDebt unit={unit} />
            </>
          }
        />
      )}
      {adding && <TransactionDialog open unitId={unit} onClose={() => setAdding(false)} />}
      {journalOf && <JournalDialog id={journalOf} onClose={() => setJournalOf(null)} />}
      {debt && <DebtDialog debt={debt} canCancel={can('business_unit', 'update')} onClose={() => setDebt(null)} />}
      {paying && <PaymentDialog debt={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
