/** Pieces of the bill creation form: the amounts of a NOT_FIXED_BILL, and the installment simulation card. */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { errorMessage } from '../../../lib/notify';
import type { BillSimulationView } from '../api/types';
import { ScheduleTable } from './ScheduleTable';

export function AmountList({
  amounts,
  onChange: setAmounts,
}: {
  amounts: Array<number | null>;
  onChange: Dispatch<SetStateAction<Array<number | null>>>;
}) {
  const { t } = useTranslation('bills');
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {amounts.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions of the schedule
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <MoneyField
            label={t('form.installmentN', { n: i + 1 })}
            value={a}
            onChange={(v) => setAmounts((xs) => xs.map((x, j) => (j === i ? v : x)))}
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={t('form.removeInstallment')}
            onClick={() => setAmounts((xs) => xs.filter((_x, j) => j !== i))}
            disabled={amounts.length <= 1}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddRounded />} onClick={() => setAmounts((xs) => [...xs, null])} sx={{ justifySelf: 'start' }}>
        {t('form.addInstallment')}
      </Button>
    </Box>
  );
}

export function SimulationCard({ sim, ready }: { sim: UseQueryResult<BillSimulationView>; ready: boolean }) {
  const { t } = useTranslation('bills');
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('simulation.title')}
        </Typography>
        {sim.isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {!ready ? (
          <EmptyState compact title={t('simulation.empty')} description={t('simulation.emptyHint')} />
        ) : sim.isError ? (
          <Alert severity="warning">{errorMessage(sim.error)}</Alert>
        ) : sim.data ? (
          <>
            <Box sx={{ display: 'flex', gap: 3, mb: 1, flexWrap: 'wrap' }}>
              <Typography>
                {t('simulation.amount')}: <MoneyText value={sim.data.amount} />
              </Typography>
              <Typography>
                {t('bill.adminFee')}: <MoneyText value={sim.data.adminFee} />
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="sim-total">
                {t('simulation.total')}: <MoneyText value={sim.data.total} />
              </Typography>
            </Box>
            <ScheduleTable rows={sim.data.installments} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
