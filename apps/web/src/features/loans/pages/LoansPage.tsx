/**
 * Pinjaman (/transactions/loans): the loans of the cooperative by status
 * (server paging, search by member, CIF or loan number, product filter,
 * Excel of every row the filters select), and the work queues as tabs
 * (?tab=): the signed-in officer's open items (applications waiting, approved
 * loans waiting for release, running loans past due), applications waiting
 * for approval, approved loans waiting to be
 * released, and loan requests from the member app. "Ajukan pinjaman" opens
 * the application with its live simulation. A row opens the loan.
 */

import { LOAN_STATUSES } from '@koperasi/contracts/loans';
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { loanListKey } from '../api/keys';
import { listLoans } from '../api/listLoans';
import { useLoanProducts } from '../api/products';
import type { LoanView } from '../api/types';
import { LoanStatusChip } from '../components/Chips';
import { OnlineRequests } from '../components/OnlineRequests';
import { todayWib } from '../lib/dates';

export const LOAN_TABS = ['all', 'open', 'approvals', 'release', 'online'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];
/** Where the open items start (spec section 5). */
const OPEN_ITEMS_FROM = '2020-01-01';

export default function LoansPage() {
  const { t } = useTranslation('loans');
  const { can, user } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as LoanTab | null;
  const tab: LoanTab = asked && (LOAN_TABS as readonly string[]).includes(asked) ? asked : 'all';
  const canAdd = can('member_transaction', 'add');

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t(`list.subtitle.${tab}`)}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('list.title') }]}
        actions={
          canAdd && (
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              component={RouterLink}
              to="/transactions/loans/new"
              data-testid="new-loan"
            >
              {t('list.new')}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, v: LoanTab) => setParams(v === 'all' ? {} : { tab: v }, { replace: true })}
        sx={{ mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {LOAN_TABS.map((k) => (
          <Tab key={k} value={k} label={t(`list.tabs.${k}`)} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
      {tab === 'online' ? (
        <OnlineRequests />
      ) : (
        <LoanList
          key={tab}
          fixedStatus={tab === 'approvals' ? 'WAITING_APPROVAL' : tab === 'release' ? 'APPROVED' : null}
          openItemsOf={tab === 'open' ? (user?.id ?? null) : undefined}
          onOpen={(l) => navigate(`/transactions/loans/${l.id}`)}
          releaseHint={tab === 'release' && !user?.limits.canReleaseLoan}
        />
      )}
    </>
  );
}

function LoanList({
  fixedStatus,
  openItemsOf,
  onOpen,
  releaseHint,
}: {
  fixedStatus: string | null;
  /** The open items of this officer (spec section 5: from 2020-01-01 to today, status OPEN, userId). */
  openItemsOf?: string | null;
  onOpen: (l: LoanView) => void;
  releaseHint: boolean;
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const products = useLoanProducts();
  const [status, setStatus] = useState('none');
  const [productId, setProductId] = useState('none');

  const columns = useMemo<GridColDef<LoanView>[]>(
    () => [
      {
        field: 'loanNumber',
        headerName: t('loan.number'),
        width: 170,
        renderCell: ({ row }) => <TwoLineCell main={row.loanNumber} sub={f.date(row.applicationDate)} />,
      },
      {
        field: 'memberName',
        headerName: t('loan.member'),
        flex: 1,
        minWidth: 190,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={`${row.cifNumber} · ${row.productName}`} />,
      },
      {
        field: 'amount',
        headerName: t('loan.amount'),
        width: 160,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <TwoLineCell main={<MoneyText value={row.amount} />} sub={t('form.tenorValue', { count: row.tenorInMonth })} />
        ),
      },
      moneyColumn('remainingPrincipal', t('loan.remainingPrincipal'), 150),
      {
        field: 'status',
        headerName: t('loan.status'),
        width: 190,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            <LoanStatusChip status={row.status} />
            {row.status === 'RUNNING' && row.daysLate > 0 && (
              <Box component="span" sx={{ fontSize: '0.75rem', color: 'error.main' }}>
                {t('installment.daysLate', { count: row.daysLate })}
              </Box>
            )}
          </Box>
        ),
      },
      {
        field: 'releaseDate',
        headerName: t('loan.releaseDate'),
        width: 140,
        renderCell: ({ row }) => f.date(row.releaseDate),
      },
    ],
    [t, f],
  );

  return (
    <>
      {releaseHint && (
        <Box sx={{ mb: 2, fontSize: '0.8125rem', color: 'text.secondary' }} data-testid="release-hint">
          {t('list.releaseHint')}
        </Box>
      )}
      <ServerDataTable<LoanView>
        queryKey={[...loanListKey, fixedStatus, openItemsOf ?? null]}
        fetchPage={listLoans}
        columns={columns}
        filters={
          openItemsOf !== undefined
            ? { status: 'OPEN', start: OPEN_ITEMS_FROM, end: todayWib(), userId: openItemsOf ?? 'none', productId }
            : { statusLoan: fixedStatus ?? status, productId }
        }
        searchPlaceholder={t('list.search')}
        onRowClick={onOpen}
        emptyText={openItemsOf !== undefined ? t('list.empty.OPEN') : fixedStatus ? t(`list.empty.${fixedStatus}`) : undefined}
        toolbar={
          <>
            {!fixedStatus && openItemsOf === undefined && (
              <FilterSelect
                label={t('loan.status')}
                value={status}
                onChange={setStatus}
                width={200}
                allLabel={t('list.allStatuses')}
                options={LOAN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            )}
            <FilterSelect
              label={t('form.product')}
              value={productId}
              onChange={setProductId}
              width={200}
              allLabel={t('list.allProducts')}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </>
        }
        excel={{
          fileName: 'pinjaman',
          title: t('list.title'),
          columns: [
            { header: t('loan.number'), value: 'loanNumber' },
            { header: t('loan.member'), value: 'memberName' },
            { header: 'CIF', value: 'cifNumber' },
            { header: t('form.product'), value: 'productName' },
            { header: t('loan.amount'), value: 'amount', type: 'money' },
            { header: t('form.tenor'), value: 'tenorInMonth', type: 'number' },
            { header: t('loan.rate'), value: 'interestRate', type: 'percent' },
            { header: t('loan.installment'), value: 'installmentAmount', type: 'money' },
            { header: t('loan.remainingPrincipal'), value: 'remainingPrincipal', type: 'money' },
            { header: t('loan.status'), value: (r) => t(`status.${r.status}`) },
            { header: t('loan.collectability'), value: 'collectability' },
            { header: t('loan.applicationDate'), value: 'applicationDate', type: 'date' },
            { header: t('loan.releaseDate'), value: 'releaseDate', type: 'date' },
          ],
        }}
      />
    </>
  );
}
