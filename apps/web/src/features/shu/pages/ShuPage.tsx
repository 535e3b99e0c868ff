/**
 * Pembagian SHU (/shu): the fiscal year chosen, its settings and its calculation (members, distribution,
 * cancellation). The year defaults to last year, the usual one to divide.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useShuCalculation } from '../api/shu';
import { CalculationPanel } from '../components/CalculationPanel';
import { SettingsForm } from '../components/SettingsForm';

export function yearChoices(): number[] {
  const now = new Date().getFullYear();
  return Array.from({ length: 6 }, (_, i) => now - i);
}

export default function ShuPage() {
  const { t } = useTranslation(['shu', 'common']);
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || new Date().getFullYear() - 1;
  const tab = params.get('tab') === 'settings' ? 'settings' : 'calculation';
  const calc = useShuCalculation(year);
  const notFound = calc.isSuccess && calc.data === null;
  const locked = Boolean(calc.data && calc.data.status !== 'CALCULATED' && calc.data.status !== 'CANCELLED');
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    setParams(next, { replace: true });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('title') }]}
        actions={
          <TextField
            select
            size="small"
            label={t('year')}
            value={year}
            onChange={(e) => set('year', e.target.value)}
            sx={{ minWidth: 140 }}
          >
            {yearChoices().map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Tabs value={tab} onChange={(_, v) => set('tab', v)}>
        <Tab value="calculation" label={t('tabs.calculation')} />
        <Tab value="settings" label={t('tabs.settings')} />
      </Tabs>
      {tab === 'settings' ? (
        <SettingsForm year={year} locked={locked} />
      ) : (
        <CalculationPanel year={year} calc={calc.data ?? undefined} notFound={notFound} />
      )}
    </Box>
  );
}
