/**
 * Tagihan (/transactions/bills): the cooperative's bills by status (server
 * paging, search by bill number, name, member or CIF, product filter, Excel
 * of every row the filters select). "Buat tagihan" opens the creation form
 * with its installment simulation; a row opens the bill.
 */
import { BILL_STATUSES } from '@koperasi/contracts/bills';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { listBills, useBillProducts } from '../api/bills';
import { billListKey } from '../api/keys';
import type { BillView } from '../api/types';
import { BillStatusChip } from '../components/Chips';

export default function BillsPage() {
  const { t } = useTranslation('bills');
  const { can } = useAuth();
  const navigate = useNavigate();
  const f = useFormat();
  const products = useBillProducts();
  const [status, setStatus] = useState('none');
  const [productId, setProductId] = useState('none');

  const columns = useMemo<GridColDef<BillView>[]>(
    () => [
      {
        field: 'billNumber',
        headerName: t('bill.number'),
        width: 170,
        renderCell: ({ row }) => <TwoLineCell main={row.billNumber} sub={f.date(row.date)} />,
      },
      {
        field: 'memberName',
        headerName: t('bill.member'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={`${row.cifNumber} · ${row.name}`} />,
      },
      {
        field: 'billType',
        headerName: t('bill.type'),
        width: 170,
        renderCell: ({ row }) => <TwoLineCell main={t(`type.${row.billType}`)} sub={row.productName} />,
      },
      {
        field: 'amount',
        headerName: t('bill.amount'),
        width: 150,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.amount + row.adminFee} />,
      },
      moneyColumn('debt', t('bill.debt'), 150),
      { field: 'status', headerName: t('bill.status'), width: 170, renderCell: ({ row }) => <BillStatusChip status={row.status} /> },
    ],
    [t, f],
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('list.title') }]}
        actions={
          can('member_transaction', 'add') && (
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              component={RouterLink}
              to="/transactions/bills/new"
              data-testid="new-bill"
            >
              {t('list.new')}
            </Button>
          )
        }
      />
      <ServerDataTable<BillView>
        queryKey={billListKey}
        fetchPage={listBills}
        columns={columns}
        filters={{ status, productId }}
        searchPlaceholder={t('list.search')}
        onRowClick={(b) => navigate(`/transactions/bills/${b.id}`)}
        emptyText={t('list.empty')}
        toolbar={
          <>
            <FilterSelect
              label={t('bill.status')}
              value={status}
              onChange={setStatus}
              width={200}
              allLabel={t('list.allStatuses')}
              options={BILL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <FilterSelect
              label={t('form.product')}
              value={productId}
              onChange={setProductId}
              width={200}
              allLabel={t('list.allProducts')}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </>
        }
        excel={{
          fileName: 'tagihan',
          title: t('list.title'),
          columns: [
            { header: t('bill.number'), value: 'billNumber' },
            { header: t('bill.name'), value: 'name' },
            { header: t('bill.member'), value: 'memberName' },
            { header: 'CIF', value: 'cifNumber' },
            { header: t('form.product'), value: 'productName' },
            { header: t('bill.type'), value: (r) => t(`type.${r.billType}`) },
            { header: t('bill.date'), value: 'date', type: 'date' },
            { header: t('bill.installments'), value: 'installments', type: 'number' },
            { header: t('bill.amount'), value: 'amount', type: 'money' },
            { header: t('bill.adminFee'), value: 'adminFee', type: 'money' },
            { header: t('bill.paid'), value: 'paid', type: 'money' },
            { header: t('bill.deducted'), value: 'deducted', type: 'money' },
            { header: t('bill.debt'), value: 'debt', type: 'money' },
            { header: t('bill.status'), value: (r) => t(`status.${r.status}`) },
          ],
        }}
      />
    </>
  );
}
