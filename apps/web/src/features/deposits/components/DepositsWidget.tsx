/**
 * Dashboard: term deposits (the `deposits` part of GET /api/home/saving-loan) —
 * principal held (running and matured), this month's placements, deposits
 * maturing in the next 30 days (the first five, linked), break requests waiting
 * for approval, and what waits in the holding accounts (linked to the payout
 * screen). An empty cooperative shows the empty state.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useDepositsSummary } from '../api/deposits';

export default function DepositsWidget() {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const { can } = useAuth();
  const q = useDepositsSummary();
  const s = q.data?.deposits;
  const canOpen = can('member_transaction', 'view');
  const link = (to: string) => (canOpen ? { component: RouterLink, to, clickable: true } : {});
  const holding = s ? s.holding.principal + s.holding.interest : 0;
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-term-deposits">
      <CardHeader title={t('widget.title')} subheader={t('widget.subtitle')} slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }} />
      <Box sx={{ px: 3, pb: 3 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton variant="rounded" height={220} />
        ) : !s || (s.running === 0 && s.matured === 0 && holding === 0) ? (
          <EmptyState kind="noData" compact title={t('widget.empty')} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2, mb: 2 }}>
              {(
                [
                  ['total', s.totalPrincipal, 'primary.main'],
                  ['maturing', s.maturingSoon.principal, 'warning.main'],
                  ['placed', s.placedThisMonth.amount, 'success.main'],
                  ['holding', holding, 'text.primary'],
                ] as const
              ).map(([k, v, color]) => (
                <Box key={k} sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }} noWrap>
                    {t(`widget.${k}`)}
                  </Typography>
                  <Typography
                    sx={{ fontWeight: 700, fontSize: k === 'total' ? '1.25rem' : '0.9375rem', color }}
                    noWrap
                    data-testid={`deposits-${k}`}
                  >
                    <MoneyText value={v} />
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, mb: 1 }}>
              {t('widget.maturingList', { days: s.maturingSoon.days })}
            </Typography>
            {s.maturingSoon.next.length === 0 ? (
              <Typography variant="body2" color="text.secondary" data-testid="deposits-maturing-none">
                {t('widget.noneMaturing')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="deposits-maturing">
                {s.maturingSoon.next.map((d) => (
                  <Box
                    component="li"
                    key={d.id}
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5, fontSize: '0.8125rem' }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      {canOpen ? (
                        <Link component={RouterLink} to={`/transactions/deposits/${d.id}`}>
                          {d.accountNumber}
                        </Link>
                      ) : (
                        d.accountNumber
                      )}{' '}
                      · {d.memberName}
                      <Typography component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
                        {f.date(d.maturityDate)} · {t(`rollover.${d.rollover}`)}
                      </Typography>
                    </Box>
                    <MoneyText value={d.principal} />
                  </Box>
                ))}
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
              <Chip
                size="small"
                variant="outlined"
                label={`${t('widget.running')}: ${f.number(s.running)}`}
                {...link('/transactions/deposits')}
              />
              <Chip
                size="small"
                color={s.matured ? 'warning' : 'default'}
                label={`${t('widget.matured')}: ${f.number(s.matured)}`}
                {...link('/transactions/deposits')}
              />
              <Chip
                size="small"
                color={s.breakRequests ? 'warning' : 'default'}
                label={`${t('widget.breakRequests')}: ${f.number(s.breakRequests)}`}
                {...link('/transactions/deposits')}
              />
              {Boolean(s.payoutRequests) && (
                <Chip
                  size="small"
                  color="warning"
                  label={`${t('widget.payoutRequests')}: ${f.number(s.payoutRequests ?? 0)}`}
                  data-testid="deposits-payout-requests-chip"
                  {...link('/transactions/deposits/holding')}
                />
              )}
              <Chip
                size="small"
                color={holding ? 'info' : 'default'}
                label={`${t('widget.holdingLink')}: ${f.money(holding)}`}
                data-testid="deposits-holding-chip"
                {...link('/transactions/deposits/holding')}
              />
            </Box>
          </>
        )}
      </Box>
    </Card>
  );
}
