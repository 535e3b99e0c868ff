/** Laporan simpanan berjangka (/reports/deposits): every deposit with principal, interest paid, tax and penalty; Excel from the server. */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { TwoLineCell } from '../../../components/table/cells';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { downloadServerExcel } from '../../../lib/api/download';
import type { ListParams } from '../../../lib/api/list';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { type Deposit, depositReport, depositsKey } from '../api/deposits';
import { StatusChip } from '../components/StatusChip';

const money = (field: keyof Deposit, header: string): GridColDef<Deposit> => ({
  field,
  headerName: header,
  width: 140,
  align: 'right',
  headerAlign: 'right',
  renderCell: ({ row }) => <MoneyText value={row[field] as number} />,
});

export default function DepositReportPage() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const [status, setStatus] = useState('none');
  const [totals, setTotals] = useState<{ principal: number; interest: number; tax: number } | null>(null);
  const fetchPage = async (p: ListParams, signal?: AbortSignal) => {
    const r = await depositReport(p, signal);
    setTotals({ principal: r.totalPrincipal, interest: r.totalInterestPaid, tax: r.totalTaxPaid });
    return r;
  };
  const columns = useMemo<GridColDef<Deposit>[]>(
    () => [
      {
        field: 'accountNumber',
        headerName: t('field.account'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => <TwoLineCell main={row.accountNumber} sub={row.certificateNumber} />,
      },
      {
        field: 'memberName',
        headerName: t('field.member'),
        flex: 1.2,
        minWidth: 170,
        renderCell: ({ row }) => <TwoLineCell main={row.memberName} sub={row.cifNumber} />,
      },
      { field: 'productName', headerName: t('field.product'), width: 150 },
      {
        field: 'rate',
        headerName: t('field.rateTenor'),
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => `${f.percent(row.rate)} · ${row.tenor}`,
      },
      { field: 'maturityDate', headerName: t('field.maturity'), width: 120, valueFormatter: (v) => f.date(v as string) },
      money('principal', t('field.principal')),
      money('interestPaid', t('detail.interestPaid')),
      money('taxPaid', t('detail.taxPaid')),
      { field: 'status', headerName: t('field.status'), width: 120, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ],
    [t, f],
  );
  return (
    <>
      <PageHeader
        title={t('report.title')}
        breadcrumbs={[{ label: t('report.section') }, { label: t('report.title') }]}
        actions={
          <Button
            variant="outlined"
            onClick={() => downloadServerExcel('/api/report/deposit', { status }, 'laporan-deposito.xlsx').catch(notifyError)}
          >
            Excel
          </Button>
        }
      />
      <ServerDataTable<Deposit>
        queryKey={[...depositsKey, 'report']}
        fetchPage={fetchPage}
        columns={columns}
        filters={{ status }}
        searchable
        toolbar={
          <>
            <TextField
              select
              size="small"
              label={t('field.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              sx={{ width: 220 }}
            >
              <MenuItem value="none">{t('list.all')}</MenuItem>
              {(['ACTIVE', 'MATURED', 'WITHDRAWN', 'BROKEN'] as const).map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            {totals && (
              <Typography variant="body2" sx={{ ml: 2 }} data-testid="report-totals">
                {t('field.principal')}: <MoneyText value={totals.principal} /> · {t('detail.interestPaid')}:{' '}
                <MoneyText value={totals.interest} /> · {t('detail.taxPaid')}: <MoneyText value={totals.tax} />
              </Typography>
            )}
          </>
        }
      />
    </>
  );
}
