/**
 * Akses Role (/roles): the roles with what they open, their limits and how
 * many users hold them. Built-in roles (SUPER ADMIN, TELLER, AGENT) are
 * marked; deleting is refused by the server while users hold a role (its
 * message is shown in a dialog).
 */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useDeleteRole } from '../api/deleteRole';
import { accessKeys } from '../api/keys';
import { listRoles } from '../api/listRoles';
import { useRefusal } from '../components/RefusalDialog';
import { TagChip } from '../components/StatusChip';
import { grantedCount, viewableSections } from '../lib/permissionMatrix';
import type { RoleView } from '../types';

function RoleNameCell({ row }: { row: RoleView }) {
  const { t } = useTranslation('access');
  return (
    <Box sx={{ py: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.name}</Typography>
        {row.isBuiltin && <TagChip label={t('roles.builtin')} color="info" variant="outlined" />}
      </Box>
      {row.description && (
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
          {row.description}
        </Typography>
      )}
    </Box>
  );
}

function RoleLimitsCell({ row, limit }: { row: RoleView; limit: (v: number | null) => string }) {
  const { t } = useTranslation('access');
  return (
    <Box sx={{ fontSize: '0.75rem', lineHeight: 1.5, py: 1 }}>
      <div>
        {t('roles.short.withdrawal')}: <b>{limit(row.savingWithdrawalLimit)}</b>
      </div>
      <div>
        {t('roles.short.loanRequest')}: <b>{limit(row.loanRequestLimit)}</b>
      </div>
      <div>
        {t('roles.short.loanApproval')}: <b>{limit(row.loanApprovalLimit)}</b>
      </div>
    </Box>
  );
}

export default function RolesPage() {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const refusal = useRefusal();
  const del = useDeleteRole();
  const mayUpdate = can('access_role', 'update');
  const mayDelete = can('access_role', 'delete');
  const limit = (v: number | null) => (v === null ? t('roles.noLimit') : Number(v) === 0 ? t('roles.notAllowed') : f.money(v));

  const remove = async (r: RoleView) => {
    const ok = await confirm({
      title: t('roles.confirm.deleteTitle'),
      message: t('roles.confirm.delete', { name: r.name }),
      confirmLabel: t('roles.actions.delete'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await del.mutateAsync(r.id);
    } catch (e) {
      refusal.report(e, t('roles.deleteRefused'));
    }
  };
  // The grid keeps its columns; the cells read the latest handlers through this.
  const live = useRef({ remove, limit, mayUpdate, mayDelete, f });
  live.current = { remove, limit, mayUpdate, mayDelete, f };

  const columns = useMemo<GridColDef<RoleView>[]>(() => {
    const limit = (v: number | null) => live.current.limit(v);
    return [
      {
        field: 'name',
        headerName: t('roles.columns.name'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => <RoleNameCell row={row} />,
      },
      {
        field: 'permissions',
        headerName: t('roles.columns.access'),
        flex: 0.9,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <div>
            <Typography sx={{ fontSize: '0.8125rem' }}>{t('roles.menusOpen', { count: viewableSections(row.permissions) })}</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
              {t('roles.rightsGranted', { count: grantedCount(row.permissions) })}
            </Typography>
          </div>
        ),
      },
      {
        field: 'limits',
        headerName: t('roles.columns.limits'),
        flex: 1.4,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => <RoleLimitsCell row={row} limit={limit} />,
      },
      {
        field: 'userCount',
        headerName: t('roles.columns.users'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => live.current.f.number(v),
      },
      {
        field: 'actions',
        headerName: '',
        width: 104,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => {
          const locked = row.code === 'SUPER_ADMIN';
          return (
            <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(e) => e.stopPropagation()}>
              {live.current.mayUpdate && (
                <Tooltip title={locked ? t('roles.superAdminLocked') : t('roles.actions.edit')}>
                  <IconButton size="small" component={RouterLink} to={`/roles/${row.id}`} data-testid="role-edit">
                    {locked ? <LockOutlined fontSize="small" /> : <EditOutlined fontSize="small" />}
                  </IconButton>
                </Tooltip>
              )}
              {live.current.mayDelete && !row.isBuiltin && (
                <Tooltip title={t('roles.actions.delete')}>
                  <IconButton size="small" color="error" onClick={() => void live.current.remove(row)} data-testid="role-delete">
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        },
      },
    ];
  }, [t]);

  return (
    <>
      <PageHeader
        title={t('common:nav.access_role.title')}
        subtitle={t('roles.subtitle')}
        breadcrumbs={[{ label: t('common:nav.access_role.title') }]}
        actions={
          can('access_role', 'add') && (
            <Button variant="contained" startIcon={<AddRounded />} component={RouterLink} to="/roles/new" data-testid="role-add">
              {t('roles.add')}
            </Button>
          )
        }
      />
      <ServerDataTable<RoleView>
        queryKey={accessKeys.roles}
        fetchPage={listRoles}
        columns={columns}
        searchPlaceholder={t('roles.search')}
        initialSort={{ field: 'name', sort: 'asc' }}
        onRowClick={(row) => navigate(`/roles/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
      />
      {dialog}
      {refusal.dialog}
    </>
  );
}
