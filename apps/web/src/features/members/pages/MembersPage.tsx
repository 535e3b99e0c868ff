/**
 * Daftar Anggota (/members): the server-paginated member list with search
 * (CIF, name, phone, NIK), filters (active, member / non-member /
 * prospective, branch, registration date range), Excel export of what the
 * filters select, and "add" for roles that may add members.
 */
import type { MemberListItem } from '@koperasi/contracts/members';
import AddRounded from '@mui/icons-material/AddRounded';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateRangeFields } from '../../../components/dates/PeriodPicker';
import type { ExcelColumn } from '../../../components/excel';
import { ItemsSelect } from '../../../components/form/ItemsSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useFormOptions } from '../api/formOptions';
import { membersKey } from '../api/keys';
import { listMembers } from '../api/listMembers';
import { MemberStatusChip, MemberTypeChip } from '../components/MemberChips';
import { initials } from '../components/MemberSummaryLine';
import { phoneForInput } from '../lib/memberForm';

type Kind = 'none' | 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';

function NameCell({ row }: { row: MemberListItem }) {
  const { t } = useTranslation('members');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar sx={{ width: 30, height: 30, fontSize: '0.75rem', fontWeight: 600, bgcolor: 'primary.main' }}>
        {initials(row.fullName)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
          {row.fullName}
        </Typography>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
          {t(`identityType.${row.identityType}`)} {row.identityNumber}
        </Typography>
      </Box>
    </Box>
  );
}

/** The Excel export's columns (more than the list shows). */
function memberExcelColumns(t: ReturnType<typeof useTranslation<'members'>>['t']): ExcelColumn<MemberListItem>[] {
  return [
    { header: t('fields.cifNumber'), value: 'cifNumber', width: 16 },
    { header: t('fields.fullName'), value: 'fullName', width: 28 },
    { header: t('fields.gender'), value: (r) => t(`gender.${r.gender}`), width: 12 },
    { header: t('fields.birthDate'), value: 'birthDate', type: 'date' },
    { header: t('fields.identityType'), value: 'identityType', width: 10 },
    { header: t('fields.identityNumber'), value: 'identityNumber', width: 20 },
    { header: t('fields.phone'), value: (r) => phoneForInput(r.phone), width: 16 },
    { header: t('fields.address'), value: 'address', width: 40 },
    { header: t('fields.memberType'), value: (r) => t(`type.${r.memberType}`), width: 14 },
    { header: t('fields.status'), value: (r) => t(`status.${r.status}`), width: 20 },
    { header: t('fields.branch'), value: 'branchName', width: 18 },
    { header: t('fields.area'), value: 'areaName', width: 18 },
    { header: t('fields.joinDate'), value: 'joinDate', type: 'date' },
    { header: t('fields.exitDate'), value: 'exitDate', type: 'date' },
    { header: t('fields.registeredAt'), value: 'createdDate', type: 'datetime' },
  ];
}

export default function MembersPage() {
  const { t } = useTranslation('members');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const options = useFormOptions();
  const [active, setActive] = useState<'none' | 'true' | 'false'>('none');
  const [kind, setKind] = useState<Kind>('none');
  const [branchId, setBranchId] = useState('none');
  const [range, setRange] = useState<{ start: string | null; end: string | null }>({ start: null, end: null });
  const [capped, setCapped] = useState(false);

  const filters = {
    isActive: active,
    isNonMember: kind === 'MEMBER' ? 0 : kind === 'NON_MEMBER' ? 1 : undefined,
    memberType: kind === 'PROSPECTIVE' ? 'PROSPECTIVE' : undefined,
    branchId,
    start: range.start ?? undefined,
    end: range.start && range.end && range.end < range.start ? undefined : (range.end ?? undefined),
  };
  const filtered = active !== 'none' || kind !== 'none' || branchId !== 'none' || Boolean(range.start || range.end);

  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const page = await listMembers(p, signal);
    if (p.limit !== 999) setCapped(Boolean(page.totalCapped));
    return page;
  };

  const columns = useMemo<GridColDef<MemberListItem>[]>(
    () => [
      { field: 'cifNumber', headerName: t('fields.cifNumber'), width: 120 },
      {
        field: 'fullName',
        headerName: t('fields.fullName'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => <NameCell row={row} />,
      },
      { field: 'phone', headerName: t('fields.phone'), width: 130, sortable: false, valueGetter: (_v, row) => phoneForInput(row.phone) },
      {
        field: 'memberType',
        headerName: t('fields.memberType'),
        width: 125,
        renderCell: ({ row }) => <MemberTypeChip type={row.memberType} />,
      },
      { field: 'status', headerName: t('fields.status'), width: 165, renderCell: ({ row }) => <MemberStatusChip status={row.status} /> },
      { field: 'branchName', headerName: t('fields.branch'), width: 130, sortable: false, valueGetter: (_v, row) => row.branchName ?? '-' },
      { field: 'joinDate', headerName: t('fields.joinDate'), width: 115, valueFormatter: (v: string | null) => f.date(v) },
    ],
    [t, f],
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[{ label: t('common:nav.member.title'), to: '/members' }, { label: t('list.title') }]}
        actions={
          can('member', 'add') && (
            <>
              <Button variant="outlined" color="inherit" component={Link} to="/members/upload" startIcon={<UploadFileOutlined />}>
                {t('list.upload')}
              </Button>
              <Button variant="contained" component={Link} to="/members/new" startIcon={<AddRounded />} data-testid="add-member">
                {t('list.add')}
              </Button>
            </>
          )
        }
      />
      <ServerDataTable<MemberListItem>
        queryKey={membersKey}
        fetchPage={fetchPage}
        filters={filters}
        columns={columns}
        searchPlaceholder={t('list.search')}
        onRowClick={(row) => navigate(`/members/${row.id}`)}
        excel={{ fileName: t('list.excelFile'), title: t('list.title'), columns: memberExcelColumns(t) }}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        toolbar={
          <>
            <ItemsSelect
              width={160}
              label={t('filters.active')}
              value={active}
              onChange={(v) => setActive(v as typeof active)}
              items={[
                ['none', t('filters.all')],
                ['true', t('filters.activeOnly')],
                ['false', t('filters.inactiveOnly')],
              ]}
              testId="filter-active"
            />
            <ItemsSelect
              width={160}
              label={t('filters.kind')}
              value={kind}
              onChange={(v) => setKind(v as Kind)}
              items={[
                ['none', t('filters.allKinds')],
                ['MEMBER', t('type.MEMBER')],
                ['NON_MEMBER', t('type.NON_MEMBER')],
                ['PROSPECTIVE', t('type.PROSPECTIVE')],
              ]}
              testId="filter-kind"
            />
            <ItemsSelect
              width={160}
              label={t('fields.branch')}
              value={branchId}
              onChange={setBranchId}
              items={[['none', t('filters.allBranches')], ...(options.data?.branches ?? []).map((b) => [b.id, b.name] as [string, string])]}
              testId="filter-branch"
            />
            <Box sx={{ width: { xs: '100%', md: 380 } }}>
              <DateRangeFields
                value={range}
                onChange={setRange}
                startLabel={t('filters.registeredFrom')}
                endLabel={t('filters.registeredUntil')}
              />
            </Box>
            {filtered && (
              <Tooltip title={t('filters.clear')}>
                <IconButton
                  onClick={() => {
                    setActive('none');
                    setKind('none');
                    setBranchId('none');
                    setRange({ start: null, end: null });
                  }}
                  aria-label={t('filters.clear')}
                >
                  <FilterAltOffOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        }
      />
      {capped && (
        <Typography sx={{ mt: 1.5, fontSize: '0.8125rem', color: 'text.secondary' }} data-testid="list-capped">
          {t('list.capped')}
        </Typography>
      )}
    </>
  );
}
