/**
 * Pengajuan Online (/transactions/online-requests): cash-out requests from the
 * member app, waiting ones first come first served (other statuses on
 * demand), with what is waiting in total; a request opens its detail where
 * staff approve (the withdrawal posts) or reject with a reason. For staff who
 * may decide (member_transaction:update, the API's permission), two more tabs
 * (?tab=withdrawals, ?tab=openings, linked from the dashboard): withdrawals
 * above a teller's limit waiting for approval, and account openings of
 * products that need approval. The header (title, subtitle, breadcrumbs)
 * names the tab shown.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeFields } from '../../../components/dates/PeriodPicker';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { DateTimeCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { type CashOutPage, listRequests, type RequestSource } from '../api/cashOutRequests';
import { requestsKey } from '../api/keys';
import type { CashOutRequest } from '../api/types';
import { RequestStatusChip } from '../components/Chips';
import { PendingOpenings } from '../components/PendingOpenings';
import { RequestDialog } from '../components/RequestDialog';

export const APPROVAL_TABS = ['cash-out', 'withdrawals', 'openings'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

export default function OnlineRequestsPage() {
  const { t } = useTranslation('savings');
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const canDecide = can('member_transaction', 'update');
  const asked = params.get('tab');
  const tab: ApprovalTab = canDecide && (asked === 'withdrawals' || asked === 'openings') ? asked : 'cash-out';

  // Each tab's header names it; on the approval tabs a crumb of the menu entry leads back to the first tab.
  const title = tab === 'cash-out' ? t('online.title') : t(`approvals.${tab}Title`);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={tab === 'cash-out' ? t('online.subtitle') : t(`approvals.${tab}Subtitle`)}
        breadcrumbs={[
          { label: t('common:nav.member_transaction.title') },
          ...(tab === 'cash-out' ? [] : [{ label: t('common:nav.member_transaction.online'), to: '/transactions/online-requests' }]),
          { label: title },
        ]}
      />
      {canDecide && (
        <Tabs
          value={tab}
          onChange={(_e, v: ApprovalTab) => setParams(v === 'cash-out' ? {} : { tab: v }, { replace: true })}
          sx={{ mb: 2 }}
          variant="scrollable"
        >
          {APPROVAL_TABS.map((k) => (
            <Tab key={k} value={k} label={t(`approvals.tab.${k}`)} data-testid={`tab-${k}`} />
          ))}
        </Tabs>
      )}
      {tab === 'openings' ? <PendingOpenings /> : <RequestList key={tab} source={tab === 'withdrawals' ? 'WITHDRAWAL' : 'CASH_OUT'} />}
    </>
  );
}

function RequestList({ source }: { source: RequestSource }) {
  const { t } = useTranslation('savings');
  const w = source === 'WITHDRAWAL';
  const f = useFormat();
  const [status, setStatus] = useState('WAITING');
  const [range, setRange] = useState<DateRange>({ start: null, end: null });
  const [openId, setOpenId] = useState<string | null>(null);
  const [summary, setSummary] = useState<Pick<CashOutPage, 'waitingCount' | 'waitingAmount'> | null>(null);
  const ok = !(range.start && range.end && range.end < range.start);

  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const page = await listRequests(source, p, signal);
    setSummary({ waitingCount: page.waitingCount, waitingAmount: page.waitingAmount });
    return page;
  };

  const columns = useMemo<GridColDef<CashOutRequest>[]>(
    () =>
      (
        [
          {
            field: 'requested_at',
            headerName: t('online.requestedAt'),
            width: 120,
            renderCell: ({ row }) => <DateTimeCell value={row.requestedAt} />,
          },
          {
            field: 'member_name',
            headerName: t('account.member'),
            flex: 1,
            minWidth: 200,
            renderCell: ({ row }) => (
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
                  {row.memberName}
                </Typography>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                  {row.cifNumber} · {row.accountNumber} {row.productName}
                </Typography>
              </Box>
            ),
          },
          moneyColumn('amount', t('tx.amount')),
          !w && {
            field: 'bank',
            headerName: t('online.bank'),
            width: 210,
            sortable: false,
            renderCell: ({ row }) => (
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontSize: '0.8125rem' }} noWrap>
                  {[row.bankName, row.bankAccountNumber].filter(Boolean).join(' ') || '-'}
                </Typography>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                  {row.bankAccountName}
                </Typography>
              </Box>
            ),
          },
          { field: 'status', headerName: t('tx.status'), width: 130, renderCell: ({ row }) => <RequestStatusChip status={row.status} /> },
          {
            field: 'decidedByName',
            headerName: t('online.decidedBy'),
            width: 150,
            sortable: false,
            valueGetter: (_v, r) => r.decidedByName ?? '',
          },
        ] as Array<GridColDef<CashOutRequest> | false>
      ).filter((c): c is GridColDef<CashOutRequest> => Boolean(c)),
    [t, w],
  );

  return (
    <>
      {summary && (
        <Card sx={{ p: 2.5, mb: 3, display: 'flex', gap: 4, flexWrap: 'wrap' }} data-testid="online-summary">
          <Box>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('online.waitingCount')}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem' }} data-testid="online-waiting-count">
              {f.number(summary.waitingCount)}
            </Typography>
          </Box>
          <Box>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('online.waitingAmount')}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem' }} data-testid="online-waiting-amount">
              <MoneyText value={summary.waitingAmount} />
            </Typography>
          </Box>
        </Card>
      )}
      <ServerDataTable<CashOutRequest>
        queryKey={[...requestsKey, source]}
        fetchPage={fetchPage}
        filters={{ status, start: ok ? range.start : undefined, end: ok ? range.end : undefined }}
        columns={columns}
        searchPlaceholder={t('online.search')}
        onRowClick={(row) => setOpenId(row.id)}
        emptyText={status === 'WAITING' ? t('online.emptyWaiting') : t('online.empty')}
        toolbar={
          <>
            <TextField
              select
              label={t('tx.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              sx={{ width: { xs: '100%', sm: 170 } }}
              slotProps={{ htmlInput: { 'data-testid': 'filter-request-status' } }}
            >
              {(['WAITING', 'APPROVED', 'REJECTED', 'CANCELLED', 'ALL'] as const).map((s) => (
                <MenuItem key={s} value={s}>
                  {s === 'ALL' ? t('history.allStatuses') : t(`requestStatus.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ width: { xs: '100%', md: 340 } }}>
              <DateRangeFields value={range} onChange={setRange} />
            </Box>
          </>
        }
      />
      {openId && <RequestDialog id={openId} source={source} onClose={() => setOpenId(null)} />}
    </>
  );
}
