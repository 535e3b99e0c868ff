/**
 * Simulasi Jasa (/interest-simulation/base-rate and /profit-sharing): the
 * period and the simulation card (base rate, profit sharing, term deposits).
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/dates/DateRangeFields';
import { PageHeader } from '../../../components/PageHeader';
import type { SimulationKind } from '../api/interest';
import { SimulationCard } from '../components/SimulationCard';

export default function SimulationPage({ kind }: { kind: SimulationKind }) {
  const { t } = useTranslation('interest-release');
  const now = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const lastMonthEnd = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10);
  const [from, setFrom] = useState<string | null>(`${lastMonthEnd.slice(0, 8)}01`);
  const [to, setTo] = useState<string | null>(lastMonthEnd);
  const title = t(`sim.kinds.${kind}`);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('sim.section') }, { label: title }]} />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <DateRangeFields
              from={from}
              to={to}
              onFrom={setFrom}
              onTo={setTo}
              labels={{ from: t('fromDate'), to: t('toDate'), required: t('datesRequired') }}
            />
          </Stack>
        </CardContent>
      </Card>
      <SimulationCard key={kind} from={from} to={to} initialKind={kind} />
    </>
  );
}
