import { useTranslation } from 'react-i18next';
import { PeriodCard, usePeriod } from '../../../components/dates/PeriodCard';
import { PageHeader } from '../../../components/PageHeader';
import type { SimulationKind } from '../api/interest';
import { SimulationCard } from '../components/SimulationCard';

export default function SimulationPage({ kind }: { kind: SimulationKind }) {
  const { t } = useTranslation('interest-release');
  const period = usePeriod();
  const title = t(`sim.kinds.${kind}`);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('sim.section') }, { label: title }]} />
      <PeriodCard period={period} labels={{ from: t('fromDate'), to: t('toDate'), required: t('datesRequired') }} />
      <SimulationCard key={kind} from={period.from} to={period.to} initialKind={kind} />
    </>
  );
}
