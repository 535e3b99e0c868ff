/** Dashboard: online cash-out requests from the member app waiting for staff, oldest first, with their total. */
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFormat } from '../../../../lib/format';
import { useWaitingCashOut } from '../../api/home';

export default function CashOutWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const q = useWaitingCashOut(5);
  const d = q.data;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="widget-cash-out">
      <CardHeader
        title={t('widgets.cashOut')}
        subheader={t('widgets.cashOutSubtitle')}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
        action={
          can('member_transaction') && (
            <Button component={RouterLink} to="/transactions/online-requests" size="small" endIcon={<ArrowForwardRounded />}>
              {t('widgets.open')}
            </Button>
          )
        }
      />
      <Box sx={{ px: 3, pb: 3, flex: 1 }}>
        {q.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
        ) : !d ? (
          <Skeleton variant="rounded" height={150} />
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1.5 }}>
              <Typography
                sx={{ fontWeight: 700, fontSize: '1.75rem', color: d.waitingCount ? 'warning.main' : 'text.primary' }}
                data-testid="widget-cash-out-count"
              >
                {f.number(d.waitingCount)}
              </Typography>
              <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
                {t('widgets.waitingTotal')} <MoneyText value={d.waitingAmount} />
              </Typography>
            </Box>
            {d.content.length === 0 ? (
              <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('online.emptyWaiting')}</Typography>
            ) : (
              d.content.map((r) => (
                <Box
                  key={r.id}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.9, borderTop: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
                      {r.memberName}
                    </Typography>
                    <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                      {f.relative(r.requestedAt)} · {r.bankName ?? r.accountNumber}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>
                    <MoneyText value={r.amount} />
                  </Typography>
                </Box>
              ))
            )}
          </>
        )}
      </Box>
    </Card>
  );
}
