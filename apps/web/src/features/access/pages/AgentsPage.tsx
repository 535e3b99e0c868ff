/**
 * User Akses › Agen & AO (/users/agents): the account officers (active users
 * flagged as AO; agents are by default), with the area and the cash account
 * each works with, and the actions to assign or take them back.
 */
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { accessKeys } from '../api/keys';
import { listAccountOfficers } from '../api/listAccountOfficers';
import { useAreaOptions } from '../api/listAreas';
import { useBranchOptions } from '../api/listBranches';
import { RowActions } from '../components/RowActions';
import { contactOf, PersonCell, RoleChip } from '../components/UserCells';
import { useUserActions } from '../components/useUserActions';
import type { UserView } from '../types';

export default function AgentsPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const branches = useBranchOptions();
  const areas = useAreaOptions();
  const actions = useUserActions();
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const [branchId, setBranchId] = useState('none');
  const [areaId, setAreaId] = useState('none');

  const columns = useMemo<GridColDef<UserView>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1.5,
        minWidth: 220,
        renderCell: ({ row }) => <PersonCell name={row.fullName} secondary={contactOf(row)} />,
      },
      {
        field: 'role',
        headerName: t('users.columns.role'),
        flex: 0.8,
        minWidth: 120,
        renderCell: ({ row }) => <RoleChip name={row.role.name} builtin={Boolean(row.role.code)} />,
      },
      {
        field: 'branch',
        headerName: t('users.columns.branchArea'),
        flex: 1.1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <div>
            <Typography sx={{ fontSize: '0.8125rem' }}>{row.area?.name ?? t('agents.noArea')}</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{row.branch?.name ?? '-'}</Typography>
          </div>
        ),
      },
      {
        field: 'coa',
        headerName: t('users.columns.coa'),
        flex: 1.1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) =>
          row.coa ? (
            <div>
              <Typography sx={{ fontSize: '0.8125rem', fontVariantNumeric: 'tabular-nums' }}>{row.coa.code}</Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{row.coa.name}</Typography>
            </div>
          ) : (
            <Typography sx={{ fontSize: '0.8125rem', color: 'warning.main' }}>{t('agents.noCoa')}</Typography>
          ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => (
          <RowActions
            actions={actionsRef.current.actionsFor(row, ['view', 'assign-coa', 'remove-coa', 'assign-area', 'remove-area', 'edit'])}
          />
        ),
      },
    ],
    [t],
  );

  const areaChoices = (areas.data ?? []).filter((a) => branchId === 'none' || a.branchId === branchId);
  return (
    <>
      <PageHeader
        title={t('common:nav.user_access.agents')}
        subtitle={t('agents.subtitle')}
        breadcrumbs={[{ label: t('common:nav.user_access.title'), to: '/users' }, { label: t('common:nav.user_access.agents') }]}
      />
      <ServerDataTable<UserView>
        queryKey={[...accessKeys.users, 'ao']}
        fetchPage={listAccountOfficers}
        columns={columns}
        filters={{ branchId, areaId }}
        searchPlaceholder={t('users.search')}
        onRowClick={(row) => navigate(`/users/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
        emptyText={t('agents.empty')}
        toolbar={
          <>
            <FilterSelect
              label={t('users.fields.branch')}
              value={branchId}
              onChange={(v) => {
                setBranchId(v);
                setAreaId('none');
              }}
              allLabel={t('common.all')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
            <FilterSelect
              label={t('users.fields.area')}
              value={areaId}
              onChange={setAreaId}
              allLabel={t('common.all')}
              options={areaChoices.map((a) => ({ value: a.id, label: a.name }))}
            />
          </>
        }
        excel={{
          fileName: t('agents.excelFile'),
          title: t('common:nav.user_access.agents'),
          columns: [
            { header: t('users.columns.name'), value: 'fullName', width: 28 },
            { header: t('users.fields.phone'), value: 'phone', width: 18 },
            { header: t('users.columns.role'), value: (r) => r.role.name, width: 16 },
            { header: t('users.fields.branch'), value: (r) => r.branch?.name ?? '', width: 20 },
            { header: t('users.fields.area'), value: (r) => r.area?.name ?? '', width: 20 },
            { header: t('users.columns.coa'), value: (r) => (r.coa ? `${r.coa.code} ${r.coa.name}` : ''), width: 26 },
          ],
        }}
      />
      {actions.dialogs}
    </>
  );
}
