/** Dashboard: non-members' requests to become members waiting for a decision, oldest first. */
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useBecomeMemberApplications } from '../api/home';
import { stateOf, WidgetCard } from './WidgetCard';

export default function ApplicationsWidget() {
  const { t } = useTranslation('member-dashboard');
  const f = useFormat();
  const q = useBecomeMemberApplications(5);
  const total = q.data?.totalElements ?? 0;
  return (
    <WidgetCard
      testId="widget-become-member"
      title={t('applications.title')}
      subheader={t('applications.subtitle')}
      state={stateOf(q, false)}
      onRetry={() => void q.refetch()}
      action={
        <Button size="small" component={Link} to="/members/applications">
          {t('all')}
        </Button>
      }
    >
      <Box
        sx={(th) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 2,
          borderRadius: 2,
          bgcolor: alpha(th.palette.warning.main, 0.1),
          mb: 1.5,
        })}
      >
        <Box
          sx={(th) => ({
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: 'warning.main',
            bgcolor: alpha(th.palette.warning.main, 0.16),
          })}
        >
          <HowToRegOutlined />
        </Box>
        <Box>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.1 }} data-testid="applications-total">
            {f.number(total)}
          </Typography>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('applications.waiting')}</Typography>
        </Box>
      </Box>
      {total === 0 ? (
        <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', textAlign: 'center', py: 2 }}>
          {t('applications.none')}
        </Typography>
      ) : (
        (q.data?.content ?? []).map((m) => (
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
                {[m.cifNumber, m.branchName].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        ))
      )}
    </WidgetCard>
  );
}
