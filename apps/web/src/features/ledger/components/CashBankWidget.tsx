/** Dashboard: the cash and bank position (every account below 101 and the total), linking to Kas & Bank. */
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useCashBankAccounts } from '../api/cashBankAccounts';

export default function CashBankWidget() {
  const { t } = useTranslation('ledger');
  const q = useCashBankAccounts();
  const accounts = (q.data ?? []).filter((a) => a.isActive || a.balance !== 0);
  const total = accounts.reduce((s, a) => s + Math.round((a.balance ?? 0) * 100), 0) / 100;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="widget-cash-bank">
      <CardHeader
        title={t('widget.cashBank')}
        subheader={t('widget.cashBankSubtitle')}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
        action={
          <Button component={RouterLink} to="/cash-bank" size="small" endIcon={<ArrowForwardRounded />}>
            {t('widget.open')}
          </Button>
        }
      />
      <Box sx={{ px: 3, pb: 3, flex: 1 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : q.isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : accounts.length === 0 ? (
          <EmptyState kind="noData" compact />
        ) : (
          <>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('widget.total')}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem', color: 'primary.main', mb: 1.5 }} data-testid="widget-cash-bank-total">
              <MoneyText value={total} colorNegative />
            </Typography>
            {accounts.slice(0, 6).map((a) => (
              <Box
                key={a.id}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.9, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }} noWrap title={a.name}>
                  {a.name}
                </Typography>
                <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>
                  <MoneyText value={a.balance} colorNegative />
                </Typography>
              </Box>
            ))}
            {accounts.length > 6 && (
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', pt: 1 }}>
                {t('widget.more', { count: accounts.length - 6 })}
              </Typography>
            )}
          </>
        )}
      </Box>
    </Card>
  );
}
