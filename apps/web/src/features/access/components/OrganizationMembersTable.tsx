/**
 * The people of a branch or an area: staff (USER) and members (MEMBER) in one
 * list, paged and sorted across both, with a kind and a status filter. An
 * area's list can take someone out of the area (confirmed).
 */
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams, Page } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useRemoveAreaMember } from '../api/removeAreaMember';
import type { OrganizationPerson } from '../types';
import { ActiveStatusFilter } from './ActiveStatusFilter';
import { ActiveChip, TagChip } from './StatusChip';
import { PersonCell } from './UserCells';

export function OrganizationMembersTable({
  queryKey,
  fetchPage,
  areaId,
  areaName,
}: {
  queryKey: readonly unknown[];
  fetchPage: (p: ListParams, signal?: AbortSignal) => Promise<Page<OrganizationPerson>>;
  /** Set for an area: rows get the "take out of the area" action. */
  areaId?: string;
  areaName?: string;
}) {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const remove = useRemoveAreaMember();
  const [kind, setKind] = useState('none');
  const [status, setStatus] = useState('none');
  const mayRemove = Boolean(areaId) && can('area', 'delete');

  const takeOut = async (p: OrganizationPerson) => {
    const ok = await confirm({
      title: t('areas.confirm.removeTitle'),
      message: t('areas.confirm.remove', { name: p.name, area: areaName ?? '' }),
      confirmLabel: t('areas.actions.remove'),
      destructive: true,
    });
    if (ok) await remove.mutateAsync({ areaId: areaId!, memberId: p.id }).catch(() => undefined);
  };
  const live = useRef({ takeOut, mayRemove, f });
  live.current = { takeOut, mayRemove, f };

  const columns = useMemo<GridColDef<OrganizationPerson>[]>(() => {
    const cols: GridColDef<OrganizationPerson>[] = [
      {
        field: 'name',
        headerName: t('members.columns.name'),
        flex: 1.5,
        minWidth: 220,
        renderCell: ({ row }) => <PersonCell name={row.name} secondary={[row.email, row.phone].filter(Boolean).join(' · ')} />,
      },
      {
        field: 'kind',
        headerName: t('members.columns.kind'),
        width: 130,
        renderCell: ({ row }) =>
          row.kind === 'USER' ? <TagChip label={t('members.kinds.USER')} color="primary" /> : <TagChip label={t('members.kinds.MEMBER')} />,
      },
      {
        field: 'code',
        headerName: t('members.columns.code'),
        width: 150,
        renderCell: ({ row }) => (
          <Typography sx={{ fontSize: '0.8125rem', fontVariantNumeric: 'tabular-nums' }}>
            {row.kind === 'USER' ? row.role : (row.code ?? '-')}
          </Typography>
        ),
      },
      {
        field: 'isActive',
        headerName: t('users.columns.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
      },
      {
        field: 'created_date',
        headerName: t('members.columns.since'),
        width: 140,
        valueGetter: (_v, row) => row.createdDate,
        valueFormatter: (v: string) => live.current.f.date(v),
      },
    ];
    if (areaId) {
      cols.push({
        field: 'actions',
        headerName: '',
        width: 64,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) =>
          live.current.mayRemove ? (
            <Box onClick={(e) => e.stopPropagation()}>
              <Tooltip title={t('areas.actions.remove')}>
                <IconButton size="small" color="error" onClick={() => void live.current.takeOut(row)} data-testid="area-member-remove">
                  <LocationOffOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      });
    }
    return cols;
  }, [t, areaId]);

  return (
    <>
      <ServerDataTable<OrganizationPerson>
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={(r) => `${r.kind}-${r.id}`}
        filters={{ kind, isActive: status }}
        initialSort={{ field: 'kind', sort: 'desc' }}
        searchPlaceholder={t('members.search')}
        onRowClick={(row) => {
          if (row.kind === 'USER' && can('user_access')) navigate(`/users/${row.id}`);
          else if (row.kind === 'MEMBER' && can('member')) navigate(`/members/${row.id}`);
        }}
        gridProps={{ getRowHeight: () => 'auto' }}
        emptyText={t('members.empty')}
        toolbar={
          <>
            <FilterSelect
              label={t('members.columns.kind')}
              value={kind}
              onChange={setKind}
              allLabel={t('common.all')}
              width={150}
              options={[
                { value: 'USER', label: t('members.kinds.USER') },
                { value: 'MEMBER', label: t('members.kinds.MEMBER') },
              ]}
            />
            <ActiveStatusFilter value={status} onChange={setStatus} />
          </>
        }
      />
      {dialog}
    </>
  );
}
