/**
 * Simulasi jasa on the release screen: base rate, profit sharing (an amount
 * shared in proportion to the balances) or term deposits at the 3, 6 and 12
 * month rates; per member gross, tax, admin fee and net with totals, and the
 * server's Excel. Nothing is posted.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { gridLocaleText } from '../../../components/table/gridLocale';
import { downloadServerExcel } from '../../../lib/api/download';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { fetchSimulation, type MemberSimulationRow, SIMULATION_TIMEOUT_MS, type SimulationKind, simulationPath } from '../api/interest';

const KINDS: SimulationKind[] = ['baserate', 'profit-sharing', 'profit-deposit'];

function RateField({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d.,]/g, '').replace(',', '.'))}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': testId } }}
      sx={{ width: 200 }}
    />
  );
}

const money = (field: keyof MemberSimulationRow, header: string): GridColDef<MemberSimulationRow> => ({
  field,
  headerName: header,
  width: 150,
  align: 'right',
  headerAlign: 'right',
  renderCell: ({ row }) => <MoneyText value={row[field] as number} />,
});

export function SimulationCard({
  from,
  to,
  initialKind = 'baserate',
}: {
  from: string | null;
  to: string | null;
  initialKind?: SimulationKind;
}) {
  const { t, i18n } = useTranslation('interest-release');
  const fmt = useFormat();
  const [kind, setKind] = useState<SimulationKind>(initialKind);
  const [baseRate, setBaseRate] = useState('');
  const [profit, setProfit] = useState<number | null>(null);
  const [r3, setR3] = useState('');
  const [r6, setR6] = useState('');
  const [r12, setR12] = useState('');
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const query = () => ({
    start: from,
    end: to,
    ...(kind === 'baserate' ? { baseRate: num(baseRate) } : {}),
    ...(kind === 'profit-sharing' ? { profitSharing: profit ?? undefined } : {}),
    ...(kind === 'profit-deposit' ? { interestThreeMonth: num(r3), interestSixMonth: num(r6), interestTwelveMonth: num(r12) } : {}),
  });
  const sim = useMutation({ mutationFn: () => fetchSimulation(kind, query()), onError: notifyError });
  const data = sim.data;
  const columns = useMemo<GridColDef<MemberSimulationRow>[]>(
    () => [
      { field: 'cifNumber', headerName: 'CIF', width: 130 },
      { field: 'memberName', headerName: t('sim.member'), flex: 1, minWidth: 180 },
      { field: 'accounts', headerName: t('accounts'), width: 100, align: 'right', headerAlign: 'right' },
      money('averageBalance', t('sim.basis')),
      money('gross', t('gross')),
      money('tax', t('tax')),
      money('adminFee', t('adminFee')),
      money('net', t('net')),
    ],
    [t],
  );
  const ready = !!from && !!to && (kind !== 'profit-sharing' || (profit ?? 0) > 0);
  return (
    <Card sx={{ mb: 3 }} data-testid="simulation-card">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('sim.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`sim.explain.${kind}`)}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('sim.kind')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as SimulationKind);
              sim.reset();
            }}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'simulation-kind' } }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`sim.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'baserate' && <RateField label={t('sim.baseRate')} value={baseRate} onChange={setBaseRate} testId="sim-base-rate" />}
          {kind === 'profit-sharing' && (
            <Box sx={{ width: 240 }} data-testid="sim-profit">
              <MoneyField size="small" label={t('sim.profitSharing')} value={profit} onChange={setProfit} />
            </Box>
          )}
          {kind === 'profit-deposit' && (
            <>
              <RateField label={t('sim.rate3')} value={r3} onChange={setR3} testId="sim-rate-3" />
              <RateField label={t('sim.rate6')} value={r6} onChange={setR6} testId="sim-rate-6" />
              <RateField label={t('sim.rate12')} value={r12} onChange={setR12} testId="sim-rate-12" />
            </>
          )}
          <Button variant="contained" onClick={() => sim.mutate()} disabled={!ready || sim.isPending} data-testid="simulate-submit">
            {t('sim.submit')}
          </Button>
          {data && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              data-testid="simulation-excel"
              onClick={() =>
                downloadServerExcel(simulationPath(kind), query(), `simulasi-${kind}.xlsx`, undefined, SIMULATION_TIMEOUT_MS).catch(
                  notifyError,
                )
              }
            >
              {t('table.exportExcel', { ns: 'common' })}
            </Button>
          )}
        </Stack>
        {sim.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }} role="status" data-testid="simulation-computing">
            <CircularProgress size={18} />
            <Typography variant="body2" color="text.secondary">
              {t('sim.computing')}
            </Typography>
          </Stack>
        )}
        {data && (
          <>
            <Typography sx={{ mb: 1 }} data-testid="simulation-totals">
              {t('gross')}: <MoneyText value={data.totalGross} /> · {t('tax')}: <MoneyText value={data.totalTax} /> · {t('adminFee')}:{' '}
              <MoneyText value={data.totalAdminFee} /> · {t('net')}: <MoneyText value={data.totalNet} />
            </Typography>
            <DataGrid<MemberSimulationRow>
              rows={data.content}
              columns={columns}
              getRowId={(r) => r.memberId}
              density="compact"
              autoHeight
              pageSizeOptions={[10, 25, 50, 100]}
              initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
              localeText={{ ...gridLocaleText(i18n.language), noRowsLabel: t('sim.empty') }}
              disableRowSelectionOnClick
            />
            {data.totalElements > data.content.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="simulation-partial">
                {t('sim.partial', { shown: fmt.number(data.content.length, 0), total: fmt.number(data.totalElements, 0) })}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
