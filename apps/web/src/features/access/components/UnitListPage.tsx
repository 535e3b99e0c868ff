/**
 * One list screen for the organisation units, Cabang (/branches) and Area (/areas): the table with the unit's own
 * columns, the counts, status and row actions (open, edit, delete an unused one with the server's refusal shown),
 * the status filter, Excel, and the add/edit dialog. BranchesPage and AreasPage describe only what differs.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable, type ServerDataTableProps } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { ActiveStatusFilter } from './ActiveStatusFilter';
import { useRefusal } from './RefusalDialog';
import { RowActions } from './RowActions';
import { ActiveChip } from './StatusChip';

interface UnitRow {
  id: string;
  name: string;
  isActive: boolean;
}

export interface UnitListProps<T extends UnitRow> {
  /** Permission section, navigation key (common:nav.<unit>.title) and test id prefix (`<unit>-add`). */
  unit: 'branch' | 'area';
  /** Texts prefix in the access namespace (`<ns>.subtitle`, `<ns>.confirm.delete`, ...). */
  ns: 'branches' | 'areas';
  /** The detail screen of a row: `${path}/${id}`. */
  path: string;
  queryKey: ServerDataTableProps<T>['queryKey'];
  fetchPage: ServerDataTableProps<T>['fetchPage'];
  deleteUnit: { mutateAsync: (id: string) => Promise<unknown> };
  /** The unit's own columns (before status and actions); `number` formats a count. */
  columns: (t: TFunction, number: (v: number) => string) => GridColDef<T>[];
  /** Filters besides the status, and their controls. */
  filters?: Record<string, string>;
  toolbar?: ReactNode;
  excel: NonNullable<ServerDataTableProps<T>['excel']>['columns'];
  /** The add (row null) or edit dialog. */
  renderForm: (open: boolean, row: T | null | undefined, onClose: () => void) => ReactNode;
}

export function UnitListPage<T extends UnitRow>(p: UnitListProps<T>) {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const refusal = useRefusal();
  const [status, setStatus] = useState('none');
  const [form, setForm] = useState<{ row: T | null } | null>(null);

  const actionsFor = (row: T) => [
    { key: 'view', label: t('common.open'), icon: <VisibilityOutlined fontSize="small" />, onClick: () => navigate(`${p.path}/${row.id}`) },
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined fontSize="small" />,
      hidden: !can(p.unit, 'update'),
      onClick: () => setForm({ row }),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineRounded fontSize="small" />,
      hidden: !can(p.unit, 'delete'),
      danger: true,
      onClick: async () => {
        const ok = await confirm({
          title: t(`${p.ns}.confirm.deleteTitle`),
          message: t(`${p.ns}.confirm.delete`, { name: row.name }),
          confirmLabel: t('common.delete'),
          destructive: true,
        });
        if (!ok) return;
        try {
          await p.deleteUnit.mutateAsync(row.id);
        } catch (e) {
          refusal.report(e, t(`${p.ns}.deleteRefused`));
        }
      },
    },
  ];
  const live = useRef({ actionsFor, f, columns: p.columns });
  live.current = { actionsFor, f, columns: p.columns };

  const columns = useMemo<GridColDef<T>[]>(
    () => [
      ...live.current.columns(t, (v) => live.current.f.number(v)),
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
        title={t(`common:nav.${p.unit}.title`)}
        subtitle={t(`${p.ns}.subtitle`)}
        breadcrumbs={[{ label: t(`common:nav.${p.unit}.title`) }]}
        actions={
          can(p.unit, 'add') && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setForm({ row: null })} data-testid={`${p.unit}-add`}>
              {t(`${p.ns}.add`)}
            </Button>
          )
        }
      />
      <ServerDataTable<T>
        queryKey={p.queryKey}
        fetchPage={p.fetchPage}
        columns={columns}
        filters={{ ...p.filters, isActive: status }}
        initialSort={{ field: 'name', sort: 'asc' }}
        searchPlaceholder={t(`${p.ns}.search`)}
        onRowClick={(row) => navigate(`${p.path}/${row.id}`)}
        gridProps={{ getRowHeight: () => 'auto' }}
        toolbar={
          <>
            {p.toolbar}
            <ActiveStatusFilter value={status} onChange={setStatus} width={140} />
          </>
        }
        excel={{ fileName: t(`${p.ns}.excelFile`), title: t(`common:nav.${p.unit}.title`), columns: p.excel }}
      />
      {p.renderForm(Boolean(form), form?.row, () => setForm(null))}
      {dialog}
      {refusal.dialog}
    </>
  );
}
