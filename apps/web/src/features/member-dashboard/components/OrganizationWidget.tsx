/**
 * Dashboard: the cooperative's organisation (GET home/member-organitation):
 * officers by the three groups of UU 25/1992 (pengurus, pengawas,
 * karyawan) and, per branch, its staff and live members.
 */
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useOrganization } from '../api/home';
import { stateOf, WidgetCard } from './WidgetCard';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

export default function OrganizationWidget() {
  const { t } = useTranslation('member-dashboard');
  const f = useFormat();
  const th = useTheme();
  const q = useOrganization();
  const d = q.data;
  const branches = d?.branches ?? [];
  const color = { PENGURUS: th.palette.primary.main, PENGAWAS: th.palette.warning.main, KARYAWAN: th.palette.info.main } as const;
  return (
    <WidgetCard
      testId="widget-member-organization"
      title={t('organization.title')}
      subheader={d ? t('organization.subtitle', { officers: f.number(d.totalOfficers), branches: f.number(branches.length) }) : undefined}
      state={stateOf(q, !d || (d.totalOfficers === 0 && branches.length === 0))}
      onRetry={() => void q.refetch()}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
          {(d?.groups ?? []).map((g) => (
            <Box
              key={g.group}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Box sx={{ width: 6, alignSelf: 'stretch', borderRadius: 3, bgcolor: color[g.group] }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>
                  {t(`organization.groups.${g.group}`)} · {f.number(g.count)}
                </Typography>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                  {g.officers.length
                    ? g.officers
                        .map((o) => `${o.name} (${t(`organization.positions.${o.position}`, { defaultValue: o.position })})`)
                        .join(', ')
                    : t('organization.empty')}
                </Typography>
              </Box>
              <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 30, height: 30, fontSize: '0.7rem' } }}>
                {g.officers.map((o) => (
                  <Tooltip key={o.id} title={o.name}>
                    <Avatar sx={{ bgcolor: color[g.group] }}>{initials(o.name)}</Avatar>
                  </Tooltip>
                ))}
              </AvatarGroup>
            </Box>
          ))}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, mb: 1 }}>{t('organization.perBranch')}</Typography>
          <BarChart
            height={Math.max(160, 56 * branches.length + 60)}
            layout="horizontal"
            margin={{ top: 8, bottom: 0, left: 0, right: 36 }}
            yAxis={[{ scaleType: 'band', data: branches.map((b) => b.name ?? t('organization.noBranch')), width: 110 }]}
            xAxis={[{ tickMinStep: 1, height: 28 }]}
            series={[
              {
                data: branches.map((b) => b.members),
                label: t('organization.members'),
                color: th.palette.primary.main,
                barLabel: 'value',
                barLabelPlacement: 'outside',
              },
              {
                data: branches.map((b) => b.staff),
                label: t('organization.staff'),
                color: th.palette.warning.main,
                barLabel: 'value',
                barLabelPlacement: 'outside',
              },
            ]}
            borderRadius={4}
            slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
          />
        </Box>
      </Box>
    </WidgetCard>
  );
}
