/**
 * Pengajuan Anggota (/members/applications): non-members' requests to become
 * members, waiting (oldest first) or decided, with the optional interview and
 * the decision; "new request" picks an active non-member.
 */
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { membersKey } from '../api/keys';
import { listUpgradeRequests, type UpgradeRequest } from '../api/upgradeRequests';
import { ApprovalDialog, type DecisionTarget } from '../components/ApprovalDialog';
import { InterviewDialog } from '../components/InterviewDialog';
import { InterviewResultChip, UpgradeStatusChip } from '../components/MemberChips';
import { UpgradeDialog } from '../components/UpgradeDialog';

const STATES = ['WAITING_APPROVAL', 'APPROVED', 'REJECTED', 'ALL'] as const;
type State = (typeof STATES)[number];

function NameCell({ row }: { row: UpgradeRequest }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
        {row.fullName}
      </Typography>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
        {[row.branchName, row.areaName].filter(Boolean).join(' · ') || '-'}
      </Typography>
    </Box>
  );
}

/** Interview (until done) and decide, while the request waits. */
function RowDecide({
  row,
  onInterview,
  onDecide,
}: {
  row: UpgradeRequest;
  onInterview: (r: UpgradeRequest) => void;
  onDecide: (r: UpgradeRequest) => void;
}) {
  const { t } = useTranslation('members');
  if (row.upgradeStatus !== 'WAITING_APPROVAL') return null;
  return (
    <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
      {!row.interviewResult && (
        <Button size="small" variant="text" onClick={() => onInterview(row)}>
          {t('actions.interview')}
        </Button>
      )}
      <Button size="small" variant="contained" startIcon={<FactCheckOutlined />} onClick={() => onDecide(row)} data-testid="row-decide">
        {t('actions.decide')}
      </Button>
    </Box>
  );
}

export default function ApplicationsPage() {
  const { t } = useTranslation('members');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state: State = (STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as State)
    : 'WAITING_APPROVAL';
  const [interview, setInterview] = useState<DecisionTarget | null>(null);
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const [newRequest, setNewRequest] = useState(false);
  const canUpdate = can('member', 'update');

  const columns = useMemo<GridColDef<UpgradeRequest>[]>(
    () => [
      { field: 'cifNumber', headerName: t('fields.cifNumber'), width: 115 },
      {
        field: 'fullName',
        headerName: t('fields.fullName'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => <NameCell row={row} />,
      },
      {
        field: 'requestedAt',
        headerName: t('applications.requested'),
        width: 140,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontSize: '0.8125rem' }}>{f.date(row.requestedAt)}</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {row.requestedByName ?? '-'}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'upgradeReason',
        headerName: t('upgrade.reason'),
        flex: 1,
        minWidth: 130,
        sortable: false,
        valueGetter: (_v, row) => row.upgradeReason ?? '-',
      },
      {
        field: 'interviewResult',
        headerName: t('interview.title'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <InterviewResultChip result={row.interviewResult} />,
      },
      ...(state === 'WAITING_APPROVAL'
        ? []
        : [
            {
              field: 'upgradeStatus',
              headerName: t('fields.status'),
              width: 185,
              sortable: false,
              renderCell: ({ row }: { row: UpgradeRequest }) => (
                <Box sx={{ minWidth: 0 }}>
                  <UpgradeStatusChip status={row.upgradeStatus} />
                  {row.decidedAt && (
                    <Typography sx={{ fontSize: '0.7rem', color: 'text.secondary', mt: 0.25 }} noWrap>
                      {f.date(row.decidedAt)} · {row.decidedByName ?? '-'}
                    </Typography>
                  )}
                </Box>
              ),
            } satisfies GridColDef<UpgradeRequest>,
          ]),
      ...(state === 'WAITING_APPROVAL' && canUpdate
        ? [
            {
              field: 'actions',
              headerName: '',
              width: 215,
              sortable: false,
              align: 'right' as const,
              renderCell: ({ row }: { row: UpgradeRequest }) => <RowDecide row={row} onInterview={setInterview} onDecide={setDecision} />,
            } satisfies GridColDef<UpgradeRequest>,
          ]
        : []),
    ],
    [t, f, canUpdate, state],
  );

  return (
    <>
      <PageHeader
        title={t('applications.title')}
        subtitle={t('applications.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member.title'), to: '/members' }, { label: t('applications.title') }]}
        actions={
          canUpdate && (
            <Button variant="contained" startIcon={<PostAddOutlined />} onClick={() => setNewRequest(true)} data-testid="new-application">
              {t('applications.new')}
            </Button>
          )
        }
      />
      <Card sx={{ mb: 3, px: 1 }}>
        <Tabs
          value={state}
          onChange={(_e, v: State) => setParams(v === 'WAITING_APPROVAL' ? {} : { state: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ '& .MuiTab-root': { minHeight: 52, textTransform: 'none', fontWeight: 500 } }}
        >
          {STATES.map((s) => (
            <Tab key={s} value={s} label={t(`applications.states.${s}`)} data-testid={`state-${s}`} />
          ))}
        </Tabs>
      </Card>
      <ServerDataTable<UpgradeRequest>
        queryKey={[...membersKey, 'upgrade-requests']}
        fetchPage={listUpgradeRequests}
        filters={{ status: state }}
        columns={columns}
        searchPlaceholder={t('applications.search')}
        onRowClick={(row) => navigate(`/members/${row.id}`)}
        emptyText={t(`applications.empty.${state}`)}
        gridProps={{ getRowHeight: () => 60 }}
      />
      <InterviewDialog key={`i-${interview?.id}`} member={interview} onClose={() => setInterview(null)} />
      <ApprovalDialog key={`a-${decision?.id}`} member={decision} onClose={() => setDecision(null)} />
      <UpgradeDialog open={newRequest} onClose={() => setNewRequest(false)} />
    </>
  );
}
