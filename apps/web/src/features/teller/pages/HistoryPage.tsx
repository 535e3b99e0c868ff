/**
 * Riwayat kas teller (/teller/history): sessions (a supervisor sees every
 * teller's, a teller their own), filter by status and dates; a row opens the
 * printable session report.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DateRange, DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useFormat } from '../../../lib/format';
import { listSessions, type TellerSession, tellerKey } from '../api/teller';
import { StatusChip } from '../components/Parts';

export default function HistoryPage() {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>(thisMonth());
  const [status, setStatus] = useState('none');
  const columns = useMemo<GridColDef<TellerSession>[]>(
    () => [
      { field: 'date', headerName: t('report.date'), width: 120, valueGetter: (_v, r) => f.date(r.date) },
      { field: 'teller_name', headerName: t('report.teller'), flex: 1, minWidth: 150, valueGetter: (_v, r) => r.tellerName },
      {
        field: 'coa',
        headerName: t('report.cashAccount'),
        width: 160,
        sortable: false,
        valueGetter: (_v, r) => `${r.coa.code} ${r.coa.name}`,
      },
      {
        field: 'opening_balance',
        headerName: t('session.opening'),
        width: 130,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyText value={row.openingBalance} />,
      },
      {
        field: 'expected',
        headerName: t('session.expected'),
        width: 130,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        renderCell: ({ row }) => <MoneyText value={row.expectedCash} />,
      },
      {
        field: 'counted',
        headerName: t('close.counted'),
        width: 130,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        renderCell: ({ row }) => <MoneyText value={row.countedCash} empty="-" />,
      },
      {
        field: 'difference',
        headerName: t('close.difference'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        renderCell: ({ row }) => <MoneyText value={row.difference} colorNegative empty="-" />,
      },
      { field: 'status', headerName: t('report.status'), width: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ],
    [t, f],
  );
  return (
    <>
      <PageHeader title={t('history.title')} breadcrumbs={[{ label: t('nav') }, { label: t('history.title') }]} />
      <ServerDataTable<TellerSession>
        queryKey={[...tellerKey, 'sessions']}
        fetchPage={listSessions(false)}
        filters={{ start: range.start ?? undefined, end: range.end ?? undefined, status }}
        columns={columns}
        searchPlaceholder={t('history.search')}
        emptyText={t('history.empty')}
        onRowClick={(r) => navigate(`/teller/sessions/${r.id}/print`)}
        toolbar={
          <>
            <DateRangeFields value={range} onChange={setRange} startLabel={t('report.from')} endLabel={t('report.to')} />
            <TextField
              select
              size="small"
              label={t('report.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              sx={{ width: 150 }}
            >
              <MenuItem value="none">{t('history.all')}</MenuItem>
              <MenuItem value="OPEN">{t('status.OPEN')}</MenuItem>
              <MenuItem value="CLOSED">{t('status.CLOSED')}</MenuItem>
            </TextField>
          </>
        }
      />
    </>
  );
}
