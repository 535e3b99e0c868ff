/**
 * Penampung deposito (/transactions/deposits/holding): deposits whose principal
 * or interest waits in the holding accounts (after a withdrawal at maturity, a
 * break, or interest released to the holding account), largest first, with the
 * totals; staff pay each out in cash or to the member's savings (PayoutDialog).
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { depositsKey, type HoldingWaiting, listHolding } from '../api/deposits';
import { PayoutDialog } from '../components/PayoutDialog';
import { StatusChip } from '../components/StatusChip';

const money = (field: 'principal' | 'interest' | 'total', header: string): GridColDef<HoldingWaiting> => ({
  field,
  headerName: header,
  width: 130,
  align: 'right',
  headerAlign: 'right',
  sortable: false,
  renderCell: ({ row }) => <MoneyText value={row[field]} />,
});

export default function HoldingPage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const { can } = useAuth();
  const [paying, setPaying] = useState<HoldingWaiting | null>(null);
  const [totals, setTotals] = useState<{ principal: number; interest: number } | null>(null);
  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const r = await listHolding(p, signal);
    setTotals({ principal: r.totalPrincipal, interest: r.totalInterest });
    return r;
  };
  const columns = useMemo<GridColDef<HoldingWaiting>[]>(
    () => [
      {
        field: 'accountNumber',
        headerName: t('field.account'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <TwoLineCell
            main={
              <Link component={RouterLink} to={`/transactions/deposits/${row.id}`}>
                {row.accountNumber}
              </Link>
            }
            sub={row.productName}
          />
        ),
      },
      {
        field: 'memberName',
        headerName: t('field.member'),
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={row.cifNumber} />,
      },
      {
        field: 'status',
        headerName: t('field.status'),
        width: 225,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', flexWrap: 'nowrap' }}>
            <StatusChip status={row.status} />
            {row.payoutRequestPending ? (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('holding.pendingChip')}
                title={t('holding.pendingChip')}
                sx={{ maxWidth: 150 }}
                data-testid={`payout-pending-${row.accountNumber}`}
              />
            ) : null}
          </Stack>
        ),
      },
      { field: 'since', headerName: t('holding.since'), width: 105, sortable: false, valueFormatter: (v) => f.date(v as string) },
      money('principal', t('holding.colPrincipal')),
      money('interest', t('holding.colInterest')),
      money('total', t('holding.total')),
      {
        field: 'actions',
        headerName: '',
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          can('member_transaction', 'add') ? (
            <Button size="small" variant="contained" onClick={() => setPaying(row)} data-testid={`payout-open-${row.accountNumber}`}>
              {t('holding.pay')}
            </Button>
          ) : null,
      },
    ],
    [t, f, can],
  );
  return (
    <>
      <PageHeader
        title={t('holding.title')}
        subtitle={t('holding.subtitle')}
        breadcrumbs={[
          { label: t('list.section') },
          { label: t('list.title'), to: '/transactions/deposits' },
          { label: t('holding.title') },
        ]}
      />
      <ServerDataTable<HoldingWaiting>
        queryKey={[...depositsKey, 'holding-list']}
        fetchPage={fetchPage}
        columns={columns}
        searchable
        searchPlaceholder={t('list.search')}
        emptyText={t('holding.empty')}
        excel={{
          fileName: t('holding.excelFile'),
          title: t('holding.title'),
          columns: [
            { header: t('field.account'), value: 'accountNumber', width: 16 },
            { header: t('field.certificate'), value: 'certificateNumber', width: 18 },
            { header: t('field.member'), value: 'memberName', width: 28 },
            { header: 'CIF', value: 'cifNumber', width: 14 },
            { header: t('holding.since'), value: 'since', type: 'date', width: 12 },
            { header: t('holding.kind.PRINCIPAL'), value: 'principal', type: 'money', width: 18 },
            { header: t('holding.kind.INTEREST'), value: 'interest', type: 'money', width: 18 },
            { header: t('holding.total'), value: 'total', type: 'money', width: 18 },
          ],
        }}
        toolbar={
          totals && (
            <Typography variant="body2" data-testid="holding-totals">
              {t('holding.kind.PRINCIPAL')}: <MoneyText value={totals.principal} /> · {t('holding.kind.INTEREST')}:{' '}
              <MoneyText value={totals.interest} />
            </Typography>
          )
        }
      />
      {paying && <PayoutDialog depositId={paying.id} memberId={paying.memberId} onClose={() => setPaying(null)} />}
    </>
  );
}
