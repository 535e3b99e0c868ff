/** Deposito (/transactions/deposits): every deposit with its member, principal, rate and maturity; placement and potential interest. */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { type Deposit, depositsKey, listDeposits } from '../api/deposits';
import { StatusChip } from '../components/StatusChip';

export default function DepositsPage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [status, setStatus] = useState('ACTIVE,MATURED');
  const columns = useMemo<GridColDef<Deposit>[]>(
    () => [
      {
        field: 'accountNumber',
        headerName: t('field.account'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <TwoLineCell
            main={
              <Link component={RouterLink} to={`/transactions/deposits/${row.id}`}>
                {row.accountNumber}
              </Link>
            }
            sub={row.certificateNumber}
          />
        ),
      },
      {
        field: 'memberName',
        headerName: t('field.member'),
        flex: 1.2,
        minWidth: 170,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={row.cifNumber} />,
      },
      moneyColumn('principal', t('field.principal'), 150),
      {
        field: 'rate',
        headerName: t('field.rateTenor'),
        width: 130,
        sortable: false,
        valueGetter: (_v, row) => `${f.percent(row.rate)} · ${t('months', { count: row.tenor })}`,
      },
      { field: 'maturityDate', headerName: t('field.maturity'), width: 130, valueFormatter: (v) => f.date(v as string) },
      { field: 'status', headerName: t('field.status'), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ],
    [t, f],
  );
  return (
    <>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[{ label: t('list.section') }, { label: t('list.title') }]}
        actions={
          <>
            <Button variant="outlined" component={RouterLink} to="/transactions/deposits/holding" data-testid="holding-link">
              {t('holding.title')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/transactions/deposits/potential-interest">
              {t('potential.title')}
            </Button>
            {can('member_transaction', 'add') && (
              <Button variant="contained" component={RouterLink} to="/transactions/deposits/new" data-testid="new-deposit">
                {t('place.title')}
              </Button>
            )}
          </>
        }
      />
      <ServerDataTable<Deposit>
        queryKey={[...depositsKey, 'list']}
        fetchPage={listDeposits}
        columns={columns}
        filters={{ status }}
        searchable
        searchPlaceholder={t('list.search')}
        onRowClick={(r) => navigate(`/transactions/deposits/${r.id}`)}
        toolbar={
          <TextField
            select
            size="small"
            label={t('field.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ width: 240 }}
          >
            <MenuItem value="ACTIVE,MATURED">{t('list.open')}</MenuItem>
            {(['ACTIVE', 'MATURED', 'WITHDRAWN', 'BROKEN'] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
            <MenuItem value="none">{t('list.all')}</MenuItem>
          </TextField>
        }
      />
    </>
  );
}
