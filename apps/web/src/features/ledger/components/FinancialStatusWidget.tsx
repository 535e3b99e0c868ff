/**
 * Dashboard: income and expenses of the current fiscal year (spec "income
 * and expenses (current-year financial status)"), per month with the year's
 * totals and surplus, from GET /api/home/v2/current-year-financial-status.
 */
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { languageInfo } from '../../../lib/i18n/languages';
import { useFinancialStatus } from '../api/financialStatus';

export default function FinancialStatusWidget() {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const theme = useTheme();
  const { can } = useAuth();
  const q = useFinancialStatus();
  const d = q.data;
  const intl = languageInfo(f.lang).intl;
  const monthShort = new Intl.DateTimeFormat(intl, { month: 'short' });
  const compactFormat = new Intl.NumberFormat(intl, { notation: 'compact', maximumFractionDigits: 1 });
  const compact = (v: number | null) => (v === null ? '' : compactFormat.format(v));
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-financial-status">
      <CardHeader
        title={t('widget.financialStatus')}
        subheader={d ? t('widget.financialStatusSubtitle', { year: d.fiscalYear, date: f.date(d.asOf, 'long') }) : ' '}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
        action={
          can('report') && (
            <Button component={RouterLink} to="/reports/profit-loss" size="small" endIcon={<ArrowForwardRounded />}>
              {t('widget.details')}
            </Button>
          )
        }
      />
      <Box sx={{ px: 3, pb: 2 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : !d ? (
          <Skeleton variant="rounded" height={260} />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              <Box>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('widget.income')}</Typography>
                <Typography sx={{ fontWeight: 700, color: 'success.main' }} data-testid="widget-income">
                  <MoneyText value={d.totalIncome} />
                </Typography>
              </Box>
              <Box>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('widget.expense')}</Typography>
                <Typography sx={{ fontWeight: 700, color: 'error.main' }} data-testid="widget-expense">
                  <MoneyText value={d.totalExpense} />
                </Typography>
              </Box>
              <Box>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                  {d.surplus < 0 ? t('report.deficit') : t('report.surplus')}
                </Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="widget-surplus">
                  <MoneyText value={d.surplus} colorNegative />
                </Typography>
              </Box>
            </Box>
            <BarChart
              height={240}
              xAxis={[
                {
                  scaleType: 'band',
                  data: d.months.map((m) => monthShort.format(new Date(`${m.periode}-01T00:00:00`))),
                  tickLabelStyle: { fontSize: 11 },
                },
              ]}
              yAxis={[{ valueFormatter: compact, width: 48 }]}
              series={[
                {
                  data: d.months.map((m) => m.income),
                  label: t('widget.income'),
                  color: theme.palette.success.main,
                  valueFormatter: (v) => f.money(v),
                },
                {
                  data: d.months.map((m) => m.expense),
                  label: t('widget.expense'),
                  color: theme.palette.error.light,
                  valueFormatter: (v) => f.money(v),
                },
              ]}
              margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
              grid={{ horizontal: true }}
              slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
            />
          </>
        )}
      </Box>
    </Card>
  );
}
