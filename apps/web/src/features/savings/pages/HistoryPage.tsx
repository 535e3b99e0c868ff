/**
 * Riwayat Transaksi (/transactions/history, ?memberId=): member transactions
 * (GET transaction/datatable) with the spec's filters — search, transaction
 * date range, approval date range, product, activity, standing or cancelled —
 * plus kind and channel; an agent sees their own (datatable-by-me). Rows open
 * the detail (cancel, receipt). Excel exports every row the filters select.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type DateRange, DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import type { ExcelColumn } from '../../../components/excel';
import { ItemsSelect } from '../../../components/form/ItemsSelect';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ServerExcelButton } from '../../../components/ServerExcelButton';
import { DateTimeCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { allRows, type ListParams, listQuery } from '../../../lib/api/list';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useMember } from '../api/getMember';
import { transactionsKey } from '../api/keys';
import { listMyTransactions, listTransactions } from '../api/listTransactions';
import { useSavingProducts } from '../api/products';
import type { Transaction } from '../api/types';
import { ActivityChip, TxStatusChip } from '../components/Chips';

export const ACTIVITIES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'OPENING',
  'CLOSING',
  'CLOSING_FEE',
  'CASH_OUT_ONLINE',
  'AUTO_DEBIT',
  'ADMIN_FEE',
  'INTEREST',
  'TAX',
  'EXIT',
  'OPENING_BALANCE',
  'REVERSAL',
] as const;

const valid = (r: DateRange) => !(r.start && r.end && r.end < r.start);

/** The list's columns. */
function useHistoryColumns() {
  const { t } = useTranslation('savings');
  return useMemo<GridColDef<Transaction>[]>(
    () => [
      {
        field: 'created_date',
        headerName: t('tx.time'),
        width: 120,
        renderCell: ({ row }) => <DateTimeCell value={row.createdAt} />,
      },
      {
        field: 'code',
        headerName: t('tx.code'),
        width: 150,
        renderCell: ({ row }) => <Box sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>{row.code}</Box>,
      },
      {
        field: 'member_name',
        headerName: t('account.member'),
        flex: 1,
        minWidth: 180,
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
      { field: 'activity', headerName: t('tx.activity'), width: 130, renderCell: ({ row }) => <ActivityChip activity={row.activity} /> },
      {
        field: 'amount',
        headerName: t('tx.amount'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.signedAmount} colorNegative />,
      },
      moneyColumn('balanceAfter', t('tx.balanceAfter'), 120, { sortable: false }),
      {
        field: 'tellerName',
        headerName: t('tx.teller'),
        width: 120,
        sortable: false,
        valueGetter: (_v, r) => r.tellerName ?? t(`channel.${r.channel}`),
      },
      { field: 'status', headerName: t('tx.status'), width: 105, sortable: false, renderCell: ({ row }) => <TxStatusChip tx={row} /> },
    ],
    [t],
  );
}

/** The Excel export's columns (debit and credit apart, cash account, journal, reason). */
function historyExcelColumns(t: ReturnType<typeof useTranslation<'savings'>>['t']): ExcelColumn<Transaction>[] {
  return [
    { header: t('tx.date'), value: 'transactionDate', type: 'date' },
    { header: t('tx.time'), value: 'createdAt', type: 'datetime' },
    { header: t('tx.code'), value: 'code', width: 20 },
    { header: t('member.cif'), value: 'cifNumber', width: 14 },
    { header: t('account.member'), value: 'memberName', width: 26 },
    { header: t('account.number'), value: 'accountNumber', width: 14 },
    { header: t('open.product'), value: 'productName', width: 22 },
    { header: t('tx.activity'), value: (r) => t(`activity.${r.activity}`, { defaultValue: r.activity }), width: 18 },
    { header: t('tx.debit'), value: (r) => (r.signedAmount < 0 ? r.amount : null), type: 'money' },
    { header: t('tx.credit'), value: (r) => (r.signedAmount >= 0 ? r.amount : null), type: 'money' },
    { header: t('tx.balanceAfter'), value: 'balanceAfter', type: 'money' },
    { header: t('form.cashAccount'), value: (r) => (r.cashCoa ? `${r.cashCoa.code} ${r.cashCoa.name}` : ''), width: 22 },
    { header: t('tx.channel'), value: (r) => t(`channel.${r.channel}`), width: 10 },
    { header: t('tx.teller'), value: 'tellerName', width: 18 },
    { header: t('tx.journal'), value: 'journalNumber', width: 18 },
    { header: t('tx.status'), value: (r) => (r.isReversal ? t('txStatus.REVERSAL') : t(`txStatus.${r.status}`)), width: 12 },
    { header: t('tx.cancelReason'), value: 'cancelReason', width: 24 },
    { header: t('form.description'), value: 'description', width: 30 },
  ];
}

export default function HistoryPage() {
  const { t } = useTranslation('savings');
  const _f = useFormat();
  const user = useUser();
  const navigate = useNavigate();
  const agent = user.isAgent;
  const [params, setParams] = useSearchParams();
  const memberId = params.get('memberId');
  const member = useMember(memberId);
  const products = useSavingProducts(!agent);
  const [created, setCreated] = useState<DateRange>(thisMonth());
  const [approved, setApproved] = useState<DateRange>({ start: null, end: null });
  const [product, setProduct] = useState('none');
  const [activity, setActivity] = useState('none');
  const [status, setStatus] = useState<'none' | 'true' | 'false'>('none');
  const [channel, setChannel] = useState('none');

  const filters = agent
    ? { startCreated: valid(created) ? created.start : undefined, endCreated: valid(created) ? created.end : undefined }
    : {
        startCreated: valid(created) ? created.start : undefined,
        endCreated: valid(created) ? created.end : undefined,
        startApprovedDate: valid(approved) ? approved.start : undefined,
        endApprovedDate: valid(approved) ? approved.end : undefined,
        product,
        activity,
        isActive: status,
        channel,
        memberId: memberId ?? undefined,
      };
  const fetchPage = agent ? listMyTransactions : listTransactions;
  const [lastParams, setLastParams] = useState<ListParams | null>(null);
  const fetchAndKeep = (p: ListParams, signal?: AbortSignal) => {
    setLastParams(p);
    return fetchPage(p, signal);
  };

  const columns = useHistoryColumns();

  const excel = historyExcelColumns(t);

  return (
    <>
      <PageHeader
        title={t('history.title')}
        subtitle={agent ? t('history.agentSubtitle') : t('history.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('history.title') }]}
      />
      <ServerDataTable<Transaction>
        queryKey={transactionsKey}
        fetchPage={fetchAndKeep}
        filters={filters}
        columns={columns}
        searchPlaceholder={t('history.search')}
        onRowClick={(row) => navigate(`/transactions/history/${row.id}`)}
        initialSort={{ field: 'created_date', sort: 'desc' }}
        emptyText={t('history.empty')}
        actions={
          agent ? (
            <ExportExcelButton
              fileName={`${t('history.excelFile')}-${created.start ?? ''}-${created.end ?? ''}`}
              title={t('history.title')}
              columns={excel}
              rows={() => allRows(fetchPage, { ...(lastParams ?? {}), filters })}
            />
          ) : (
            // The server's file: one query over the same filters and sort (every row, up to the export limit).
            <ServerExcelButton
              path="/api/transaction/datatable"
              query={listQuery({ ...(lastParams ?? { page: 0, limit: 10 }), filters })}
              fileName={`${t('history.excelFile')}-${created.start ?? ''}-${created.end ?? ''}.xlsx`}
            />
          )
        }
        toolbar={
          <>
            {memberId && (
              <Chip
                label={t('history.memberFilter', { name: member.data ? `${member.data.fullName} (${member.data.cifNumber})` : '…' })}
                onDelete={() => setParams({}, { replace: true })}
                data-testid="member-filter"
              />
            )}
            <Box sx={{ width: { xs: '100%', md: 340 } }} data-testid="filter-created">
              <DateRangeFields value={created} onChange={setCreated} startLabel={t('history.from')} endLabel={t('history.to')} />
            </Box>
            {!agent && (
              <>
                <Box sx={{ width: { xs: '100%', md: 340 } }} data-testid="filter-approved">
                  <DateRangeFields
                    value={approved}
                    onChange={setApproved}
                    startLabel={t('history.approvedFrom')}
                    endLabel={t('history.approvedTo')}
                  />
                </Box>
                <ItemsSelect
                  label={t('open.product')}
                  value={product}
                  onChange={setProduct}
                  items={[
                    ['none', t('history.allProducts')],
                    ...(products.data ?? []).map((p) => [p.id, `${p.code} · ${p.name}`] as [string, string]),
                  ]}
                  testId="filter-product"
                  width={200}
                />
                <ItemsSelect
                  label={t('tx.activity')}
                  value={activity}
                  onChange={setActivity}
                  items={[['none', t('history.allActivities')], ...ACTIVITIES.map((a) => [a, t(`activity.${a}`)] as [string, string])]}
                  testId="filter-activity"
                />
                <ItemsSelect
                  label={t('tx.status')}
                  value={status}
                  onChange={(v) => setStatus(v as typeof status)}
                  items={[
                    ['none', t('history.allStatuses')],
                    ['true', t('history.standing')],
                    ['false', t('history.cancelled')],
                  ]}
                  testId="filter-status"
                  width={150}
                />
                <ItemsSelect
                  label={t('tx.channel')}
                  value={channel}
                  onChange={setChannel}
                  items={[
                    ['none', t('history.allChannels')],
                    ...(['TELLER', 'AGENT', 'MOBILE', 'SYSTEM'] as const).map((c) => [c, t(`channel.${c}`)] as [string, string]),
                  ]}
                  testId="filter-channel"
                  width={140}
                />
              </>
            )}
          </>
        }
      />
    </>
  );
}
