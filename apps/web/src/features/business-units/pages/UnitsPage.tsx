/**
 * Unit Usaha (/business-units): the cooperative's business units with their
 * main accounts; add a unit, click a row to change it (name, type, status,
 * accounts). Excel of the list.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { BUSINESS_TYPES, type BusinessUnit, listUnits, unitKey } from '../api/businessUnits';
import { StatusChip } from '../components/Parts';
import { UnitFormDialog } from '../components/UnitFormDialog';

const acc = (u: BusinessUnit, f: keyof BusinessUnit['accounts']) => (u.accounts?.[f] ? `${u.accounts[f].code} ${u.accounts[f].name}` : '');

export default function UnitsPage() {
  const { t } = useTranslation('business-units');
  const { can } = useAuth();
  const canAdd = can('business_unit', 'add');
  const canUpdate = can('business_unit', 'update');
  const [type, setType] = useState('none');
  const [editing, setEditing] = useState<BusinessUnit | null | undefined>(undefined);
  const columns = useMemo<GridColDef<BusinessUnit>[]>(
    () => [
      { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 180 },
      { field: 'type', headerName: t('field.type'), width: 140, valueGetter: (_v, r) => t(`type.${r.type}`) },
      {
        field: 'cash',
        headerName: t('account.cashAccountId'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, r) => acc(r, 'cashAccountId'),
      },
      {
        field: 'receivable',
        headerName: t('account.receivableAccountId'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, r) => acc(r, 'receivableAccountId'),
      },
      {
        field: 'revenue',
        headerName: t('account.revenueAccountId'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, r) => acc(r, 'revenueAccountId'),
      },
      { field: 'status', headerName: t('field.status'), width: 120, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('units.title')}
        subtitle={t('units.subtitle')}
        breadcrumbs={[{ label: t('nav') }, { label: t('units.title') }]}
        actions={
          canAdd && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing(null)} data-testid="unit-add">
              {t('units.add')}
            </Button>
          )
        }
      />
      <ServerDataTable<BusinessUnit>
        queryKey={[...unitKey, 'units']}
        fetchPage={listUnits}
        filters={{ type }}
        columns={columns}
        searchPlaceholder={t('units.search')}
        emptyText={t('units.empty')}
        onRowClick={canUpdate ? (r) => setEditing(r) : undefined}
        excel={{
          fileName: 'unit-usaha',
          title: t('units.title'),
          columns: [
            { header: t('field.name'), value: 'name', width: 28 },
            { header: t('field.type'), value: (r) => t(`type.${r.type}`), width: 16 },
            { header: t('field.status'), value: (r) => t(`status.${r.status}`), width: 12 },
            { header: t('account.cashAccountId'), value: (r) => acc(r, 'cashAccountId'), width: 30 },
            { header: t('account.inventoryAccountId'), value: (r) => acc(r, 'inventoryAccountId'), width: 30 },
            { header: t('account.receivableAccountId'), value: (r) => acc(r, 'receivableAccountId'), width: 30 },
            { header: t('account.payableAccountId'), value: (r) => acc(r, 'payableAccountId'), width: 30 },
            { header: t('account.revenueAccountId'), value: (r) => acc(r, 'revenueAccountId'), width: 30 },
            { header: t('account.expenseAccountId'), value: (r) => acc(r, 'expenseAccountId'), width: 30 },
          ],
        }}
        toolbar={
          <TextField select size="small" label={t('field.type')} value={type} onChange={(e) => setType(e.target.value)} sx={{ width: 180 }}>
            <MenuItem value="none">{t('filter.allTypes')}</MenuItem>
            {BUSINESS_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`type.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {editing !== undefined && <UnitFormDialog open unit={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
