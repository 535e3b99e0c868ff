/**
 * Calon Anggota (/members/prospective): prospective members by step —
 * waiting for the interview, waiting for the decision, rejected — with the
 * interview and decision dialogs, and "register" (staff entry with photos).
 */
import type { MemberListItem } from '@koperasi/contracts/members';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { membersKey } from '../api/keys';
import { listMembers } from '../api/listMembers';
import { ApprovalDialog, type DecisionTarget } from '../components/ApprovalDialog';
import { InterviewDialog } from '../components/InterviewDialog';
import { MemberStatusChip } from '../components/MemberChips';
import { phoneForInput } from '../lib/memberForm';

const STEPS = ['WAITING_INTERVIEW', 'WAITING_APPROVAL', 'REJECTED', 'ALL'] as const;
type Step = (typeof STEPS)[number];

function useStepCount(status: Step) {
  return useQuery({
    queryKey: [...membersKey, 'list', 'prospective-count', status],
    queryFn: ({ signal }) =>
      listMembers({ page: 0, limit: 1, filters: { memberType: 'PROSPECTIVE', status: status === 'ALL' ? undefined : status } }, signal),
    select: (p) => p.totalElements,
  });
}

/** Interview (while waiting for it) and decide. */
function RowActions({
  row,
  onInterview,
  onDecide,
}: {
  row: MemberListItem;
  onInterview: (r: MemberListItem) => void;
  onDecide: (r: MemberListItem) => void;
}) {
  const { t } = useTranslation('members');
  return (
    <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
      {row.status === 'WAITING_INTERVIEW' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<RecordVoiceOverOutlined />}
          onClick={() => onInterview(row)}
          data-testid="row-interview"
        >
          {t('actions.interview')}
        </Button>
      )}
      <Button
        size="small"
        variant={row.status === 'WAITING_APPROVAL' ? 'contained' : 'text'}
        startIcon={row.status === 'WAITING_APPROVAL' ? <FactCheckOutlined /> : undefined}
        onClick={() => onDecide(row)}
        data-testid="row-decide"
      >
        {t('actions.decide')}
      </Button>
    </Box>
  );
}

/** The tab's label, with the number waiting as a badge. */
function StepLabel({ step, count }: { step: Step; count: number | undefined }) {
  const { t } = useTranslation('members');
  const label = t(`prospective.steps.${step}`);
  return count ? (
    <Badge
      badgeContent={count}
      color={step === 'WAITING_INTERVIEW' ? 'info' : 'warning'}
      max={999}
      sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}
    >
      <span>{label}</span>
    </Badge>
  ) : (
    label
  );
}

export default function ProspectivePage() {
  const { t } = useTranslation('members');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const step: Step = (STEPS as readonly string[]).includes(params.get('step') ?? '') ? (params.get('step') as Step) : 'WAITING_INTERVIEW';
  const [interview, setInterview] = useState<DecisionTarget | null>(null);
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const counts = { WAITING_INTERVIEW: useStepCount('WAITING_INTERVIEW'), WAITING_APPROVAL: useStepCount('WAITING_APPROVAL') };
  const canUpdate = can('member', 'update');

  const columns = useMemo<GridColDef<MemberListItem>[]>(
    () => [
      { field: 'cifNumber', headerName: t('fields.cifNumber'), width: 125 },
      {
        field: 'fullName',
        headerName: t('fields.fullName'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
              {row.fullName}
            </Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {phoneForInput(row.phone)} · {row.identityNumber}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'registrationChannel',
        headerName: t('fields.channelShort'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant={row.registrationChannel === 'MEMBER_APP' ? 'filled' : 'outlined'}
            color={row.registrationChannel === 'MEMBER_APP' ? 'secondary' : 'default'}
            label={t(`channel.${row.registrationChannel}`)}
          />
        ),
      },
      { field: 'branchName', headerName: t('fields.branch'), width: 130, sortable: false, valueGetter: (_v, row) => row.branchName ?? '-' },
      { field: 'createdDate', headerName: t('fields.registeredAt'), width: 150, valueFormatter: (v: string) => f.date(v) },
      ...(step === 'ALL' || step === 'REJECTED'
        ? [
            {
              field: 'status',
              headerName: t('fields.status'),
              width: 175,
              renderCell: ({ row }) => <MemberStatusChip status={row.status} />,
            } satisfies GridColDef<MemberListItem>,
          ]
        : []),
      {
        field: 'actions',
        headerName: '',
        width: 260,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) =>
          canUpdate && (row.status === 'WAITING_INTERVIEW' || row.status === 'WAITING_APPROVAL') ? (
            <RowActions row={row} onInterview={setInterview} onDecide={setDecision} />
          ) : null,
      },
    ],
    [t, f, canUpdate, step],
  );

  return (
    <>
      <PageHeader
        title={t('prospective.title')}
        subtitle={t('prospective.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member.title'), to: '/members' }, { label: t('prospective.title') }]}
        actions={
          can('member', 'add') && (
            <Button
              variant="contained"
              component={Link}
              to="/members/new?type=PROSPECTIVE&from=prospective"
              startIcon={<PersonAddAlt1Outlined />}
              data-testid="register-prospective"
            >
              {t('prospective.register')}
            </Button>
          )
        }
      />
      <Card sx={{ mb: 3, px: 1 }}>
        <Tabs
          value={step}
          onChange={(_e, v: Step) => setParams(v === 'WAITING_INTERVIEW' ? {} : { step: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ '& .MuiTab-root': { minHeight: 52, textTransform: 'none', fontWeight: 500, pr: 4 } }}
        >
          {STEPS.map((s) => (
            <Tab
              key={s}
              value={s}
              label={<StepLabel step={s} count={s === 'ALL' || s === 'REJECTED' ? undefined : counts[s].data} />}
              data-testid={`step-${s}`}
            />
          ))}
        </Tabs>
      </Card>
      <ServerDataTable<MemberListItem>
        queryKey={membersKey}
        fetchPage={listMembers}
        filters={{ memberType: 'PROSPECTIVE', status: step === 'ALL' ? undefined : step }}
        initialSort={{ field: 'createdDate', sort: 'asc' }}
        columns={columns}
        searchPlaceholder={t('list.search')}
        onRowClick={(row) => navigate(`/members/${row.id}`)}
        emptyText={t(`prospective.empty.${step}`)}
        excel={{
          fileName: t('prospective.excelFile'),
          title: t('prospective.title'),
          columns: [
            { header: t('fields.cifNumber'), value: 'cifNumber', width: 16 },
            { header: t('fields.fullName'), value: 'fullName', width: 28 },
            { header: t('fields.identityNumber'), value: 'identityNumber', width: 20 },
            { header: t('fields.phone'), value: (r) => phoneForInput(r.phone), width: 16 },
            { header: t('fields.registrationChannel'), value: (r) => t(`channel.${r.registrationChannel}`), width: 16 },
            { header: t('fields.branch'), value: 'branchName', width: 18 },
            { header: t('fields.registeredAt'), value: 'createdDate', type: 'datetime' },
            { header: t('fields.status'), value: (r) => t(`status.${r.status}`), width: 22 },
          ],
        }}
      />
      <InterviewDialog key={`i-${interview?.id}`} member={interview} onClose={() => setInterview(null)} />
      <ApprovalDialog key={`a-${decision?.id}`} member={decision} onClose={() => setDecision(null)} />
    </>
  );
}
