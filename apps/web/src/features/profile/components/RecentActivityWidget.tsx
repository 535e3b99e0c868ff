/** Dashboard widget: the user's latest sign-ins and actions. */
import LoginRounded from '@mui/icons-material/LoginRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useFormat } from '../../../lib/format';
import { useRecentActivity } from '../api/activity';
import { useActionLabel } from '../lib/actionLabel';
import { describeUserAgent } from '../lib/userAgent';

export default function RecentActivityWidget() {
  const { t } = useTranslation('profile');
  const f = useFormat();
  const label = useActionLabel();
  const q = useRecentActivity(6);
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-recent-activity">
      <CardHeader
        title={t('widget.title')}
        subheader={t('widget.subtitle')}
        action={
          <Button size="small" component={Link} to="/profile/activity">
            {t('widget.all')}
          </Button>
        }
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 2.5 }}>
        {q.isPending ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} height={44} />)
        ) : q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : q.data.content.length === 0 ? (
          <EmptyState kind="noData" compact />
        ) : (
          q.data.content.map((row) => (
            <Box
              key={`${row.type}-${row.at}-${row.action ?? ''}`}
              sx={{ display: 'flex', gap: 1.5, py: 1.1, alignItems: 'center', '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Box
                sx={(th) => ({
                  width: 34,
                  height: 34,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                  color: row.type === 'SIGN_IN' ? 'primary.main' : 'info.main',
                  bgcolor: alpha(row.type === 'SIGN_IN' ? th.palette.primary.main : th.palette.info.main, 0.12),
                })}
              >
                {row.type === 'SIGN_IN' ? <LoginRounded sx={{ fontSize: 18 }} /> : <TaskAltRounded sx={{ fontSize: 18 }} />}
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontSize: '0.8125rem', fontWeight: 500 }} noWrap>
                  {label(row)}
                </Typography>
                {(row.userAgent || row.ip) && (
                  <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                    {[row.userAgent ? describeUserAgent(row.userAgent) : null, row.ip].filter(Boolean).join(' · ')}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', flexShrink: 0 }}>{f.relative(row.at)}</Typography>
            </Box>
          ))
        )}
      </Box>
    </Card>
  );
}
