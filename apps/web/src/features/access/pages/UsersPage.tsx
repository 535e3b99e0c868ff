/**
 * User Akses › Pengguna (/users): every user of the cooperative with search
 * and filters (position, status, role, branch), add, and the actions of each
 * row (edit, cash account, area, invitation, activate/deactivate, delete).
 */
import { OFFICER_TITLES } from '@koperasi/contracts/enums';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAllRoles } from '../api/allRoles';
import { accessKeys } from '../api/keys';
import { useBranchOptions } from '../api/listBranches';
import { listUsers } from '../api/listUsers';
import { ActiveStatusFilter } from '../components/ActiveStatusFilter';
import { RowActions } from '../components/RowActions';
import { contactOf, PersonCell, RoleChip, UserStatus } from '../components/UserCells';
import { useUserActions } from '../components/useUserActions';
import type { UserView } from '../types';

/** The filters above the list (position, status, role, branch): their values and their toolbar. */
function useUserFilters() {
  const { t } = useTranslation('access');
  const roles = useAllRoles();
  const branches = useBranchOptions();
  const [position, setPosition] = useState('none');
  const [status, setStatus] = useState('none');
  const [roleId, setRoleId] = useState('none');
  const [branchId, setBranchId] = useState('none');
  const toolbar = (
    <>
      <FilterSelect
        label={t('users.fields.position')}
        value={position}
        onChange={setPosition}
        allLabel={t('common.all')}
        width={150}
        options={OFFICER_TITLES.map((p) => ({ value: p, label: t(`positions.${p}`) }))}
      />
      <ActiveStatusFilter value={status} onChange={setStatus} />
      <FilterSelect
        label={t('users.fields.role')}
        value={roleId}
        onChange={setRoleId}
        allLabel={t('common.all')}
        width={150}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      />
      <FilterSelect
        label={t('users.fields.branch')}
        value={branchId}
        onChange={setBranchId}
        allLabel={t('common.all')}
        width={160}
        options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      />
    </>
  );
  return { values: { position, isActive: status, roleId, branchId }, toolbar };
}

export default function UsersPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const actions = useUserActions();
  // The grid keeps its columns while the actions follow the latest state.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const filters = useUserFilters();

  const columns = useMemo<GridColDef<UserView>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1.6,
        minWidth: 220,
        renderCell: ({ row }) => <PersonCell name={row.fullName} secondary={contactOf(row)} />,
      },
      {
        field: 'role',
        headerName: t('users.columns.role'),
        flex: 0.9,
        minWidth: 130,
        renderCell: ({ row }) => <RoleChip name={row.role.name} builtin={Boolean(row.role.code)} />,
      },
      {
        field: 'position',
        headerName: t('users.columns.position'),
        flex: 0.8,
        minWidth: 110,
        valueGetter: (_v, row) => (row.position ? t(`positions.${row.position}`) : '-'),
      },
      {
        field: 'branch',
        headerName: t('users.columns.branchArea'),
        flex: 1.1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <div>
            <Typography sx={{ fontSize: '0.8125rem' }}>{row.branch?.name ?? '-'}</Typography>
            {row.area && <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{row.area.name}</Typography>}
          </div>
        ),
      },
      {
        field: 'coa',
        headerName: t('users.columns.coa'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => (row.coa ? `${row.coa.code} · ${row.coa.name}` : '-'),
      },
      {
        field: 'isActive',
        headerName: t('users.columns.status'),
        width: 150,
        renderCell: ({ row }) => <UserStatus user={row} />,
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => <RowActions actions={actionsRef.current.actionsFor(row)} />,
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('common:nav.user_access.users')}
        subtitle={t('users.subtitle')}
        breadcrumbs={[{ label: t('common:nav.user_access.title'), to: '/users' }, { label: t('common:nav.user_access.users') }]}
        actions={
          actions.mayAdd && (
            <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={actions.openAdd} data-testid="user-add">
              {t('users.add')}
            </Button>
          )
        }
      />
      <ServerDataTable<UserView>
        queryKey={accessKeys.users}
        fetchPage={listUsers}
        columns={columns}
        filters={filters.values}
        searchPlaceholder={t('users.search')}
        onRowClick={(row) => navigate(`/users/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
        toolbar={filters.toolbar}
        excel={{
          fileName: t('users.excelFile'),
          title: t('common:nav.user_access.users'),
          columns: [
            { header: t('users.columns.name'), value: 'fullName', width: 28 },
            { header: t('users.fields.email'), value: 'email', width: 28 },
            { header: t('users.fields.phone'), value: 'phone', width: 18 },
            { header: t('users.columns.role'), value: (r) => r.role.name, width: 16 },
            { header: t('users.columns.position'), value: (r) => (r.position ? t(`positions.${r.position}`) : ''), width: 16 },
            { header: t('users.fields.branch'), value: (r) => r.branch?.name ?? '', width: 20 },
            { header: t('users.fields.area'), value: (r) => r.area?.name ?? '', width: 20 },
            { header: t('users.columns.coa'), value: (r) => (r.coa ? `${r.coa.code} ${r.coa.name}` : ''), width: 24 },
            { header: t('users.columns.status'), value: (r) => (r.isActive ? t('common.active') : t('common.inactive')), width: 12 },
            { header: t('users.columns.lastLogin'), value: 'lastLoginAt', type: 'datetime', width: 20 },
          ],
        }}
      />
      {actions.dialogs}
    </>
  );
}
