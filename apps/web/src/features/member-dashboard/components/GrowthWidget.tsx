/** Dashboard: members at each month's end over the last 12 months, and who joined and left each month. */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useComposition } from '../api/home';
import { stateOf, WidgetCard } from './WidgetCard';

export default function GrowthWidget() {
  const { t } = useTranslation('member-dashboard');
  const f = useFormat();
  const th = useTheme();
  const q = useComposition();
  const growth = q.data?.growth ?? [];
  const monthFormat = new Intl.DateTimeFormat(f.lang, { month: 'short', year: '2-digit' });
  const months = growth.map((g) => monthFormat.format(new Date(`${g.month}-15T00:00:00`)));
  const first = growth[0]?.total ?? 0;
  const last = growth.at(-1)?.total ?? 0;
  const joined = growth.reduce((s, g) => s + g.joined, 0);
  const exited = growth.reduce((s, g) => s + g.exited, 0);
  const change = first ? ((last - first) * 100) / first : 0;
  return (
    <WidgetCard
      testId="widget-member-growth"
      title={t('growth.title')}
      subheader={t('growth.subtitle')}
      state={stateOf(q, growth.length === 0)}
      onRetry={() => void q.refetch()}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="growth-total">
          {f.number(last)}
        </Typography>
        <Typography sx={{ fontSize: '0.8125rem', color: change >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
          {change >= 0 ? '+' : ''}
          {f.number(change, 1)}%
        </Typography>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('growth.in12')}</Typography>
      </Box>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {t('growth.joinedExited', { joined: f.number(joined), exited: f.number(exited) })}
      </Typography>
      <LineChart
        height={150}
        hideLegend
        margin={{ top: 12, bottom: 0, left: 0, right: 8 }}
        xAxis={[{ scaleType: 'point', data: months, tickLabelStyle: { fontSize: 10 }, height: 24 }]}
        yAxis={[{ width: 36 }]}
        series={[
          { data: growth.map((g) => g.total), label: t('growth.members'), area: true, color: th.palette.primary.main, showMark: false },
        ]}
        sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.15 } }}
      />
      <BarChart
        height={140}
        margin={{ top: 8, bottom: 0, left: 0, right: 8 }}
        xAxis={[{ scaleType: 'band', data: months, tickLabelStyle: { fontSize: 10 }, height: 24 }]}
        yAxis={[{ width: 36, tickMinStep: 1 }]}
        series={[
          { data: growth.map((g) => g.joined), label: t('growth.joined'), color: th.palette.success.main },
          { data: growth.map((g) => g.exited), label: t('growth.exited'), color: th.palette.error.main },
        ]}
        borderRadius={3}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </WidgetCard>
  );
}
