/**
 * User Akses › Pengurus & Pengawas (/users/organization): the cooperative's
 * organization. On top, the board (pengurus) and supervisors (pengawas) as
 * recorded in the cooperative's settings (for roles that may read settings);
 * below, the staff of each organization unit, a branch
 * (GET member/user/{organizationId}/datatable), with their positions.
 */
import { OFFICER_TITLES } from '@koperasi/contracts/enums';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { accessKeys } from '../api/keys';
import { useBranchOptions } from '../api/listBranches';
import { listBranchStaff } from '../api/listBranchStaff';
import { useTenantDetail } from '../api/tenantDetail';
import { RowActions } from '../components/RowActions';
import { contactOf, initials, PersonCell, RoleChip, UserStatus } from '../components/UserCells';
import { useUserActions } from '../components/useUserActions';
import type { Officer, UserView } from '../types';

function Board({ title, officers, testId }: { title: string; officers: Officer[]; testId: string }) {
  const { t } = useTranslation('access');
  const f = useFormat();
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader title={title} subheader={t('organization.people', { count: officers.length })} />
      <CardContent sx={{ pt: 0 }}>
        {officers.length === 0 ? (
          <EmptyState kind="noData" compact title={t('organization.noOfficers')} />
        ) : (
          officers.map((o) => (
            <Box
              key={`${o.board}-${o.title}-${o.name}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Avatar sx={{ width: 36, height: 36, fontSize: '0.8125rem', bgcolor: 'primary.main' }}>{initials(o.name)}</Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontSize: '0.875rem', fontWeight: 600 }} noWrap>
                  {o.name}
                </Typography>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                  {t(`positions.${o.title}`)}
                  {o.periodStart || o.periodEnd
                    ? ` · ${o.periodStart ? f.date(o.periodStart) : '…'} – ${o.periodEnd ? f.date(o.periodEnd) : '…'}`
                    : ''}
                </Typography>
              </Box>
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

function Officers() {
  const { t } = useTranslation('access');
  const { can } = useAuth();
  const tenant = useTenantDetail();
  if (tenant.isPending) return <Skeleton variant="rounded" height={220} />;
  if (tenant.isError) return <EmptyState kind="loadFailed" onRetry={() => void tenant.refetch()} />;
  const officers = tenant.data.officers;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h6">{t('organization.boardTitle')}</Typography>
        {can('settings', 'update') && (
          <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to="/settings/cooperative">
            {t('organization.editBoard')}
          </Button>
        )}
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Board title={t('organization.pengurus')} officers={officers.filter((o) => o.board === 'PENGURUS')} testId="board-pengurus" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Board title={t('organization.pengawas')} officers={officers.filter((o) => o.board === 'PENGAWAS')} testId="board-pengawas" />
        </Grid>
      </Grid>
    </>
  );
}

export default function OrganizationPage() {
  const { t } = useTranslation('access');
  const { can } = useAuth();
  const navigate = useNavigate();
  const branches = useBranchOptions();
  const actions = useUserActions();
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const [picked, setPicked] = useState<string | null>(null);
  const [position, setPosition] = useState('none');
  const branchId = picked ?? branches.data?.[0]?.id ?? null;

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
        field: 'position',
        headerName: t('users.columns.position'),
        flex: 0.8,
        minWidth: 120,
        valueGetter: (_v, row) => (row.position ? t(`positions.${row.position}`) : '-'),
      },
      {
        field: 'role',
        headerName: t('users.columns.role'),
        flex: 0.8,
        minWidth: 130,
        renderCell: ({ row }) => <RoleChip name={row.role.name} builtin={Boolean(row.role.code)} />,
      },
      { field: 'area', headerName: t('users.fields.area'), flex: 0.9, minWidth: 130, valueGetter: (_v, row) => row.area?.name ?? '-' },
      { field: 'isActive', headerName: t('users.columns.status'), width: 150, renderCell: ({ row }) => <UserStatus user={row} /> },
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
        title={t('common:nav.user_access.organization')}
        subtitle={t('organization.subtitle')}
        breadcrumbs={[{ label: t('common:nav.user_access.title'), to: '/users' }, { label: t('common:nav.user_access.organization') }]}
      />
      {can('settings') && (
        <Box sx={{ mb: 4 }}>
          <Officers />
        </Box>
      )}
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {t('organization.staffTitle')}
      </Typography>
      {branches.isError ? (
        <Card>
          <EmptyState kind="loadFailed" onRetry={() => void branches.refetch()} />
        </Card>
      ) : branches.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : !branchId ? (
        <Card>
          <EmptyState kind="noData" title={t('organization.noBranches')} description={t('organization.noBranchesHint')} />
        </Card>
      ) : (
        <Card>
          <Tabs
            value={branchId}
            onChange={(_e, v: string) => setPicked(v)}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {branches.data.map((b) => (
              <Tab key={b.id} value={b.id} label={b.name} data-testid={`org-branch-${b.code ?? b.id}`} />
            ))}
          </Tabs>
          <ServerDataTable<UserView>
            bare
            queryKey={[...accessKeys.users, 'branch-staff', branchId]}
            fetchPage={(p: ListParams, signal) => listBranchStaff(branchId, p, signal)}
            columns={columns}
            filters={{ position }}
            initialSort={{ field: 'position', sort: 'asc' }}
            searchPlaceholder={t('users.search')}
            onRowClick={(row) => navigate(`/users/${row.id}`)}
            gridProps={{ getRowHeight: () => 'auto' }}
            emptyText={t('organization.noStaff')}
            toolbar={
              <FilterSelect
                label={t('users.fields.position')}
                value={position}
                onChange={setPosition}
                allLabel={t('common.all')}
                width={160}
                options={OFFICER_TITLES.map((p) => ({ value: p, label: t(`positions.${p}`) }))}
              />
            }
          />
        </Card>
      )}
      {actions.dialogs}
    </>
  );
}
