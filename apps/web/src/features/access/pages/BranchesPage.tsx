/**
 * Cabang (/branches): branches with their counts of areas, staff and members;
 * add, change, delete an unused one (the server refuses a branch in use and
 * says how many records hold it). A row opens the branch with its people.
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
import { useDeleteBranch } from '../api/deleteBranch';
import { accessKeys } from '../api/keys';
import { listBranches } from '../api/listBranches';
import { BranchFormDialog } from '../components/BranchFormDialog';
import { useRefusal } from '../components/RefusalDialog';
import { RowActions } from '../components/RowActions';
import { ActiveChip } from '../components/StatusChip';
import type { BranchView } from '../types';

export default function BranchesPage() {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const refusal = useRefusal();
  const del = useDeleteBranch();
  const [status, setStatus] = useState('none');
  const [form, setForm] = useState<{ branch: BranchView | null } | null>(null);

  const actionsFor = (b: BranchView) => [
    { key: 'view', label: t('common.open'), icon: <VisibilityOutlined fontSize="small" />, onClick: () => navigate(`/branches/${b.id}`) },
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined fontSize="small" />,
      hidden: !can('branch', 'update'),
      onClick: () => setForm({ branch: b }),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineRounded fontSize="small" />,
      hidden: !can('branch', 'delete'),
      danger: true,
      onClick: async () => {
        const ok = await confirm({
          title: t('branches.confirm.deleteTitle'),
          message: t('branches.confirm.delete', { name: b.name }),
          confirmLabel: t('common.delete'),
          destructive: true,
        });
        if (!ok) return;
        try {
          await del.mutateAsync(b.id);
        } catch (e) {
          refusal.report(e, t('branches.deleteRefused'));
        }
      },
    },
  ];
  const live = useRef({ actionsFor, f });
  live.current = { actionsFor, f };

  const columns = useMemo<GridColDef<BranchView>[]>(
    () => [
      {
        field: 'code',
        headerName: t('branches.fields.code'),
        width: 110,
        renderCell: ({ row }) => <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.code ?? '-'}</Typography>,
      },
      {
        field: 'name',
        headerName: t('branches.fields.name'),
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.name}</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {[row.address, row.phone].filter(Boolean).join(' · ') || '-'}
            </Typography>
          </Box>
        ),
      },
      ...(['areaCount', 'userCount', 'memberCount'] as const).map(
        (k): GridColDef<BranchView> => ({
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
        title={t('common:nav.branch.title')}
        subtitle={t('branches.subtitle')}
        breadcrumbs={[{ label: t('common:nav.branch.title') }]}
        actions={
          can('branch', 'add') && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setForm({ branch: null })} data-testid="branch-add">
              {t('branches.add')}
            </Button>
          )
        }
      />
      <ServerDataTable<BranchView>
        queryKey={accessKeys.branches}
        fetchPage={listBranches}
        columns={columns}
        filters={{ isActive: status }}
        initialSort={{ field: 'name', sort: 'asc' }}
        searchPlaceholder={t('branches.search')}
        onRowClick={(row) => navigate(`/branches/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
        toolbar={
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
        }
        excel={{
          fileName: t('branches.excelFile'),
          title: t('common:nav.branch.title'),
          columns: [
            { header: t('branches.fields.code'), value: 'code', width: 10 },
            { header: t('branches.fields.name'), value: 'name', width: 26 },
            { header: t('branches.fields.address'), value: 'address', width: 36 },
            { header: t('branches.fields.phone'), value: 'phone', width: 18 },
            { header: t('branches.columns.areaCount'), value: 'areaCount', type: 'number', width: 10 },
            { header: t('branches.columns.userCount'), value: 'userCount', type: 'number', width: 10 },
            { header: t('branches.columns.memberCount'), value: 'memberCount', type: 'number', width: 10 },
            { header: t('users.columns.status'), value: (r) => (r.isActive ? t('common.active') : t('common.inactive')), width: 12 },
          ],
        }}
      />
      <BranchFormDialog open={Boolean(form)} branch={form?.branch} onClose={() => setForm(null)} />
      {dialog}
      {refusal.dialog}
    </>
  );
}
