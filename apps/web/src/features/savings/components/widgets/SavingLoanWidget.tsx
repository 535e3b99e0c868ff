/**
 * Dashboard: the savings and loans summary (GET /api/home/saving-loan) —
 * balances by saving type, this month's deposits and withdrawals, the last
 * six months' flows, and the work waiting (online cash-outs, withdrawals
 * above a limit, account openings). Loans add their part there when their
 * module registers it. The waiting counts link to their lists (the approval
 * tabs only for staff who may decide).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFormat } from '../../../../lib/format';
import { languageInfo } from '../../../../lib/i18n/languages';
import { useSavingLoan } from '../../api/home';

export default function SavingLoanWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const theme = useTheme();
  const q = useSavingLoan();
  const { can } = useAuth();
  const canDecide = can('member_transaction', 'update');
  const canView = can('member_transaction', 'view');
  /** Props that make a count chip a link to its list, when the user may open it. */
  const linkTo = (to: string, allowed: boolean) => (allowed ? { component: RouterLink, to, clickable: true } : {});
  const s = q.data?.savings;
  const intl = languageInfo(f.lang).intl;
  const monthShort = new Intl.DateTimeFormat(intl, { month: 'short' });
  const compactFormat = new Intl.NumberFormat(intl, { notation: 'compact', maximumFractionDigits: 1 });
  const compact = (v: number | null) => (v === null ? '' : compactFormat.format(v));
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-saving-loan">
      <CardHeader
        title={t('widgets.summary')}
        subheader={s ? t('widgets.summarySubtitle', { count: s.accounts }) : ' '}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 3 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : !s ? (
          <Skeleton variant="rounded" height={300} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2, mb: 2 }}>
              {(
                [
                  ['totalBalance', s.totalBalance, 'primary.main'],
                  ['totalEquity', s.totalEquity, 'text.primary'],
                  ['totalSaving', s.totalSaving, 'text.primary'],
                  ['deposits', s.thisMonth.deposits, 'success.main'],
                  ['withdrawals', s.thisMonth.withdrawals, 'warning.main'],
                ] as const
              ).map(([k, v, color]) => (
                <Box key={k} sx={{ minWidth: 0, gridColumn: k === 'totalBalance' ? 'span 2' : undefined }}>
                  <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }} noWrap>
                    {t(`widgets.${k}`)}
                  </Typography>
                  <Typography
                    sx={{ fontWeight: 700, fontSize: k === 'totalBalance' ? '1.375rem' : '0.9375rem', color }}
                    noWrap
                    data-testid={`widget-${k}`}
                  >
                    <MoneyText value={v} />
                  </Typography>
                </Box>
              ))}
            </Box>
            <BarChart
              height={200}
              xAxis={[
                {
                  scaleType: 'band',
                  data: s.trend.map((m) => monthShort.format(new Date(`${m.month}-01T00:00:00`))),
                  tickLabelStyle: { fontSize: 11 },
                },
              ]}
              yAxis={[{ valueFormatter: compact, width: 48 }]}
              series={[
                {
                  data: s.trend.map((m) => m.deposits),
                  label: t('widgets.seriesDeposits'),
                  color: theme.palette.success.main,
                  valueFormatter: (v) => f.money(v),
                },
                {
                  data: s.trend.map((m) => m.withdrawals),
                  label: t('widgets.seriesWithdrawals'),
                  color: theme.palette.warning.main,
                  valueFormatter: (v) => f.money(v),
                },
              ]}
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
              {s.byType.map((b) => (
                <Chip
                  key={`${b.kind}-${b.savingType}`}
                  size="small"
                  variant="outlined"
                  label={`${t(`savingType.${b.savingType}`, { defaultValue: b.savingType })}: ${f.money(b.balance)}`}
                />
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }} data-testid="widget-pending">
              <Chip
                size="small"
                color={s.pending.cashOutOnline ? 'warning' : 'default'}
                {...linkTo('/transactions/online-requests', canView)}
                data-testid="pending-cash-out"
                label={t('widgets.pendingCashOut', { count: s.pending.cashOutOnline })}
              />
              <Chip
                size="small"
                color={s.pending.withdrawalApprovals ? 'warning' : 'default'}
                {...linkTo('/transactions/online-requests?tab=withdrawals', canDecide)}
                data-testid="pending-withdrawals"
                label={t('widgets.pendingWithdrawals', { count: s.pending.withdrawalApprovals })}
              />
              <Chip
                size="small"
                color={s.pending.accountOpenings ? 'info' : 'default'}
                {...linkTo('/transactions/online-requests?tab=openings', canDecide)}
                data-testid="pending-openings"
                label={t('widgets.pendingOpenings', { count: s.pending.accountOpenings })}
              />
              <Chip size="small" label={t('widgets.principalOwedCount', { count: s.membersPrincipalOwed })} />
            </Box>
          </>
        )}
      </Box>
    </Card>
  );
}
