/** Dashboard: prospective members waiting for the interview or the decision (oldest first), with the member app's share. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useProspectiveMembers } from '../api/home';
import { LegendRow, stateOf, WidgetCard } from './WidgetCard';

const DAY = 86_400_000;

export default function ProspectiveWidget() {
  const { t } = useTranslation('member-dashboard');
  const f = useFormat();
  const theme = useTheme();
  const q = useProspectiveMembers(4);
  const d = q.data;
  const total = d ? d.waitingInterview + d.waitingApproval : 0;
  const slices = [
    { id: 'interview', value: d?.waitingInterview ?? 0, label: t('prospective.waitingInterview'), color: theme.palette.info.main },
    { id: 'approval', value: d?.waitingApproval ?? 0, label: t('prospective.waitingApproval'), color: theme.palette.warning.main },
  ];
  return (
    <WidgetCard
      testId="widget-prospective-members"
      title={t('prospective.title')}
      subheader={t('prospective.subtitle')}
      state={stateOf(q, total === 0)}
      onRetry={() => void q.refetch()}
      action={
        <Button size="small" component={Link} to="/members/prospective">
          {t('all')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ position: 'relative', width: 150, height: 150, flexShrink: 0 }}>
          <PieChart
            width={150}
            height={150}
            hideLegend
            margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
            series={[{ data: slices, innerRadius: 50, outerRadius: 72, paddingAngle: 2, cornerRadius: 4 }]}
          />
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none', textAlign: 'center' }}>
            <Box>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1 }} data-testid="prospective-total">
                {f.number(total)}
              </Typography>
              <Typography sx={{ fontSize: '0.7rem', color: 'text.secondary' }}>{t('prospective.waiting')}</Typography>
            </Box>
          </Box>
        </Box>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          {slices.map((s) => (
            <LegendRow key={s.id} color={s.color} label={s.label} value={f.number(s.value)} />
          ))}
          <LegendRow color={theme.palette.secondary.main} label={t('prospective.fromApp')} value={f.number(d?.fromMemberApp ?? 0)} />
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        {(d?.content ?? []).map((m) => (
          <Box
            key={m.id}
            component={Link}
            to={`/members/${m.id}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 1,
              color: 'inherit',
              textDecoration: 'none',
              '& + &': { borderTop: 1, borderColor: 'divider' },
              '&:hover .name': { color: 'primary.main' },
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography className="name" sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
                {m.fullName}
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {m.cifNumber} ·{' '}
                {t('prospective.since', { days: Math.max(0, Math.floor((Date.now() - new Date(m.createdDate).getTime()) / DAY)) })}
              </Typography>
            </Box>
            <Chip
              size="small"
              variant="outlined"
              color={m.status === 'WAITING_INTERVIEW' ? 'info' : 'warning'}
              label={m.status === 'WAITING_INTERVIEW' ? t('prospective.waitingInterview') : t('prospective.waitingApproval')}
            />
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}
