/**
 * Area (/areas): the working areas of agents and members, with their branch
 * and counts; add, change, delete an empty one. A row opens the area with its
 * people, where someone can be taken out of the area.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useDeleteArea } from '../api/deleteArea';
import { accessKeys } from '../api/keys';
import { listAreas } from '../api/listAreas';
import { useBranchOptions } from '../api/listBranches';
import { AreaFormDialog } from '../components/AreaFormDialog';
import { useRefusal } from '../components/RefusalDialog';
import { RowActions } from '../components/RowActions';
import { ActiveChip } from '../components/StatusChip';
import type { AreaView } from '../types';

export default function AreasPage() {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const branches = useBranchOptions();
  const { confirm, dialog } = useConfirm();
  const refusal = useRefusal();
  const del = useDeleteArea();
  const [branchId, setBranchId] = useState('none');
  const [status, setStatus] = useState('none');
  const [form, setForm] = useState<{ area: AreaView | null } | null>(null);

  const actionsFor = (a: AreaView) => [
    { key: 'view', label: t('common.open'), icon: <VisibilityOutlined fontSize="small" />, onClick: () => navigate(`/areas/${a.id}`) },
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined fontSize="small" />,
      hidden: !can('area', 'update'),
      onClick: () => setForm({ area: a }),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineRounded fontSize="small" />,
      hidden: !can('area', 'delete'),
      danger: true,
      onClick: async () => {
        const ok = await confirm({
          title: t('areas.confirm.deleteTitle'),
          message: t('areas.confirm.delete', { name: a.name }),
          confirmLabel: t('common.delete'),
          destructive: true,
        });
        if (!ok) return;
        try {
          await del.mutateAsync(a.id);
        } catch (e) {
          refusal.report(e, t('areas.deleteRefused'));
        }
      },
    },
  ];
  const live = useRef({ actionsFor, f });
  live.current = { actionsFor, f };

  const columns = useMemo<GridColDef<AreaView>[]>(
    () => [
      {
        field: 'name',
        headerName: t('areas.fields.name'),
        flex: 1.3,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.name}</Typography>
            {row.description && (
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {row.description}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'branch',
        headerName: t('areas.fields.branch'),
        flex: 0.9,
        minWidth: 150,
        valueGetter: (_v, row) => row.branch?.name ?? '-',
      },
      ...(['userCount', 'memberCount'] as const).map(
        (k): GridColDef<AreaView> => ({
          field: k,
          headerName: t(`branches.columns.${k}`),
          width: 110,
          sortable: false,
          align: 'right',
          headerAlign: 'right',
          valueFormatter: (v: number) => live.current.f.number(v),
        }),
      ),
      {
        field: 'isActive',
        headerName: t('users.columns.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => <RowActions actions={live.current.actionsFor(row)} />,
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('common:nav.area.title')}
        subtitle={t('areas.subtitle')}
        breadcrumbs={[{ label: t('common:nav.area.title') }]}
        actions={
          can('area', 'add') && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setForm({ area: null })} data-testid="area-add">
              {t('areas.add')}
            </Button>
          )
        }
      />
      <ServerDataTable<AreaView>
        queryKey={accessKeys.areas}
        fetchPage={listAreas}
        columns={columns}
        filters={{ branchId, isActive: status }}
        initialSort={{ field: 'name', sort: 'asc' }}
        searchPlaceholder={t('areas.search')}
        onRowClick={(row) => navigate(`/areas/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
        toolbar={
          <>
            <FilterSelect
              label={t('areas.fields.branch')}
              value={branchId}
              onChange={setBranchId}
              allLabel={t('common.all')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
            <FilterSelect
              label={t('users.columns.status')}
              value={status}
              onChange={setStatus}
              allLabel={t('common.all')}
              width={140}
              options={[
                { value: 'true', label: t('common.active') },
                { value: 'false', label: t('common.inactive') },
              ]}
            />
          </>
        }
        excel={{
          fileName: t('areas.excelFile'),
          title: t('common:nav.area.title'),
          columns: [
            { header: t('areas.fields.name'), value: 'name', width: 26 },
            { header: t('areas.fields.branch'), value: (r) => r.branch?.name ?? '', width: 22 },
            { header: t('areas.fields.description'), value: 'description', width: 36 },
            { header: t('branches.columns.userCount'), value: 'userCount', type: 'number', width: 10 },
            { header: t('branches.columns.memberCount'), value: 'memberCount', type: 'number', width: 10 },
            { header: t('users.columns.status'), value: (r) => (r.isActive ? t('common.active') : t('common.inactive')), width: 12 },
          ],
        }}
      />
      <AreaFormDialog open={Boolean(form)} area={form?.area} onClose={() => setForm(null)} />
      {dialog}
      {refusal.dialog}
    </>
  );
}
