/**
 * Dashboard: the loan side of GET /api/home/saving-loan — outstanding
 * principal of running loans, released this month, and the counts of running
 * loans, loans in arrears (linked to the NPL report) and applications waiting
 * (linked to the loan list). An empty cooperative shows the empty state.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFormat } from '../../../../lib/format';
import { useLoansSummary } from '../../api/home';

export default function LoanSummaryWidget() {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const { can } = useAuth();
  const q = useLoansSummary();
  const s = q.data?.loans;
  const link = (to: string, allowed: boolean) => (allowed ? { component: RouterLink, to, clickable: true } : {});
  const canLoans = can('member_transaction', 'view');
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-loan-summary">
      <CardHeader
        title={t('widgets.summary')}
        subheader={t('widgets.summarySubtitle')}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 3 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton variant="rounded" height={140} />
        ) : !s || (s.running === 0 && s.waiting === 0) ? (
          <EmptyState kind="noData" compact title={t('widgets.summaryNone')} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2, mb: 2 }}>
              {(
                [
                  ['outstanding', s.outstanding, 'primary.main'],
                  ['releasedThisMonth', s.releasedThisMonth, 'success.main'],
                ] as const
              ).map(([k, v, color]) => (
                <Box key={k} sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }} noWrap>
                    {t(`widgets.${k}`)}
                  </Typography>
                  <Typography
                    sx={{ fontWeight: 700, fontSize: k === 'outstanding' ? '1.25rem' : '0.9375rem', color }}
                    noWrap
                    data-testid={`loans-${k}`}
                  >
                    <MoneyText value={v} />
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Chip
                size="small"
                variant="outlined"
                label={`${t('widgets.running')}: ${f.number(s.running)}`}
                data-testid="loans-running"
                {...link('/transactions/loans?tab=all', canLoans)}
              />
              <Chip
                size="small"
                color={s.overdue ? 'error' : 'default'}
                variant="outlined"
                label={`${t('widgets.overdue')}: ${f.number(s.overdue)}`}
                data-testid="loans-overdue"
                {...link('/reports/npl', can('report', 'view'))}
              />
              <Chip
                size="small"
                color={s.waiting ? 'warning' : 'default'}
                variant="outlined"
                label={`${t('widgets.waiting')}: ${f.number(s.waiting)}`}
                data-testid="loans-waiting"
                {...link('/transactions/loans', canLoans)}
              />
            </Box>
          </>
        )}
      </Box>
    </Card>
  );
}
