/** Potensi bunga deposito (/transactions/deposits/potential-interest): each running deposit's interest due in a window (liquidity planning). */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { addDays, todayWib } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { depositsKey, type PotentialRow, potentialInterest } from '../api/deposits';

export default function PotentialInterestPage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const today = todayWib();
  const [start, setStart] = useState<string | null>(today);
  const [end, setEnd] = useState<string | null>(addDays(today, 30));
  const [totals, setTotals] = useState<{ gross: number; tax: number; net: number } | null>(null);
  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const r = await potentialInterest(p, signal);
    setTotals({ gross: r.totalGross, tax: r.totalTax, net: r.totalNet });
    return r;
  };
  const columns = useMemo<GridColDef<PotentialRow>[]>(
    () => [
      {
        field: 'accountNumber',
        headerName: t('field.account'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => <TwoLineCell main={row.accountNumber} sub={row.productName} />,
      },
      {
        field: 'memberName',
        headerName: t('field.member'),
        flex: 1.2,
        minWidth: 170,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={row.cifNumber} />,
      },
      moneyColumn('principal', t('field.principal'), 150),
      { field: 'firstDue', headerName: t('potential.firstDue'), width: 130, valueFormatter: (v) => f.date(v as string) },
      { field: 'periods', headerName: t('potential.periods'), width: 90, align: 'right', headerAlign: 'right', sortable: false },
      moneyColumn<PotentialRow>('gross', t('schedule.gross')),
      moneyColumn<PotentialRow>('tax', t('schedule.tax')),
      moneyColumn<PotentialRow>('net', t('schedule.net')),
    ],
    [t, f],
  );
  return (
    <>
      <PageHeader
        title={t('potential.title')}
        subtitle={t('potential.subtitle')}
        breadcrumbs={[{ label: t('list.title'), to: '/transactions/deposits' }, { label: t('potential.title') }]}
      />
      <ServerDataTable<PotentialRow>
        queryKey={[...depositsKey, 'potential']}
        fetchPage={fetchPage}
        columns={columns}
        filters={{ startDate: start ?? undefined, endDate: end ?? undefined }}
        enabled={Boolean(start && end)}
        searchable
        toolbar={
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ width: 200 }}>
              <DateField label={t('field.startDate')} value={start} onChange={setStart} />
            </Box>
            <Box sx={{ width: 200 }}>
              <DateField label={t('field.endDate')} value={end} onChange={setEnd} min={start ?? undefined} />
            </Box>
            {totals && (
              <Typography variant="body2" data-testid="potential-totals">
                {t('schedule.gross')}: <MoneyText value={totals.gross} /> · {t('schedule.tax')}: <MoneyText value={totals.tax} /> ·{' '}
                {t('schedule.net')}:{' '}
                <b>
                  <MoneyText value={totals.net} />
                </b>
              </Typography>
            )}
          </Stack>
        }
      />
    </>
  );
}
