/** Dashboard: live members by type, gender, age band and branch (GET home/member-composition). */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useComposition } from '../api/home';
import { LegendRow, stateOf, WidgetCard } from './WidgetCard';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, mb: 1 }}>{title}</Typography>
      {children}
    </Box>
  );
}

function Donut({ slices, total }: { slices: Array<{ id: string; label: string; value: number; color: string }>; total: number }) {
  const f = useFormat();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ width: 120, height: 120, flexShrink: 0 }}>
        <PieChart
          width={120}
          height={120}
          hideLegend
          margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
          series={[{ data: slices, innerRadius: 36, outerRadius: 58, paddingAngle: 2, cornerRadius: 3 }]}
        />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {slices.map((s) => (
          <LegendRow
            key={s.id}
            color={s.color}
            label={s.label}
            value={`${f.number(s.value)} · ${total ? f.number((s.value * 100) / total, 0) : 0}%`}
          />
        ))}
      </Box>
    </Box>
  );
}

export default function CompositionWidget() {
  const { t } = useTranslation('member-dashboard');
  const f = useFormat();
  const th = useTheme();
  const q = useComposition();
  const d = q.data;
  const palette = [
    th.palette.primary.main,
    th.palette.info.main,
    th.palette.warning.main,
    th.palette.secondary.main,
    th.palette.error.main,
  ];
  const typeColor: Record<string, string> = {
    MEMBER: th.palette.primary.main,
    NON_MEMBER: th.palette.secondary.main,
    PROSPECTIVE: th.palette.info.main,
  };
  const genderColor: Record<string, string> = { L: th.palette.info.main, P: th.palette.error.light };
  const ages = (d?.byAgeBand ?? []).filter((b) => b.band !== 'UNKNOWN' || b.count > 0);
  const branches = d?.byBranch ?? [];

  return (
    <WidgetCard
      testId="widget-member-composition"
      title={t('composition.title')}
      subheader={d ? t('composition.subtitle', { total: f.number(d.total), at: f.date(d.computedAt, 'time') }) : undefined}
      state={stateOf(q, (d?.total ?? 0) === 0)}
      onRetry={() => void q.refetch()}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Panel title={t('composition.byType')}>
          <Donut
            total={d?.total ?? 0}
            slices={(d?.byType ?? []).map((x, i) => ({
              id: x.memberType,
              label: t(`types.${x.memberType}`, { defaultValue: x.memberType }),
              value: x.count,
              color: typeColor[x.memberType] ?? palette[i % palette.length]!,
            }))}
          />
        </Panel>
        <Panel title={t('composition.byGender')}>
          <Donut
            total={d?.total ?? 0}
            slices={(d?.byGender ?? []).map((x, i) => ({
              id: x.gender,
              label: t(`genders.${x.gender}`, { defaultValue: x.gender }),
              value: x.count,
              color: genderColor[x.gender] ?? palette[i % palette.length]!,
            }))}
          />
        </Panel>
        <Panel title={t('composition.byAge')}>
          <BarChart
            height={180}
            hideLegend
            margin={{ top: 20, bottom: 0, left: 0, right: 8 }}
            xAxis={[{ scaleType: 'band', data: ages.map((b) => (b.band === 'UNKNOWN' ? t('composition.unknown') : b.band)), height: 28 }]}
            yAxis={[{ width: 32, tickMinStep: 1 }]}
            series={[
              {
                data: ages.map((b) => b.count),
                label: t('composition.members'),
                color: th.palette.primary.main,
                barLabel: 'value',
                barLabelPlacement: 'outside',
              },
            ]}
            borderRadius={4}
          />
        </Panel>
        <Panel title={t('composition.byBranch')}>
          <BarChart
            height={Math.max(120, 44 * branches.length + 40)}
            layout="horizontal"
            hideLegend
            margin={{ top: 8, bottom: 0, left: 0, right: 36 }}
            yAxis={[{ scaleType: 'band', data: branches.map((b) => b.name ?? t('composition.noBranch')), width: 110 }]}
            xAxis={[{ tickMinStep: 1, height: 28 }]}
            series={[
              {
                data: branches.map((b) => b.count),
                label: t('composition.members'),
                color: th.palette.info.main,
                barLabel: 'value',
                barLabelPlacement: 'outside',
              },
            ]}
            borderRadius={4}
          />
        </Panel>
      </Box>
    </WidgetCard>
  );
}
