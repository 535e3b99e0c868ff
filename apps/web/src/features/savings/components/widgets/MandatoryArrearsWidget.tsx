/** Dashboard: members behind on the mandatory saving (simpanan wajib), largest arrears first, with unpaid periods. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFormat } from '../../../../lib/format';
import { useMandatoryArrears } from '../../api/home';

export default function MandatoryArrearsWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const q = useMandatoryArrears(6);
  const d = q.data;
  const linkable = can('member_transaction');
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-mandatory-arrears">
      <CardHeader
        title={t('widgets.mandatoryArrears')}
        subheader={d ? t('widgets.mandatoryArrearsSubtitle', { count: d.totalElements, amount: f.money(d.totalArrears) }) : ' '}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      {q.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Skeleton variant="rounded" height={180} />
        </Box>
      ) : d.content.length === 0 ? (
        <EmptyState kind="noData" compact description={t('widgets.mandatoryAllPaid')} />
      ) : (
        <Box sx={{ overflowX: 'auto', pb: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' } }}>
                <TableCell>{t('account.member')}</TableCell>
                <TableCell align="right">{t('widgets.periodsUnpaid')}</TableCell>
                <TableCell align="right">{t('widgets.arrears')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.content.map((r) => (
                <TableRow key={r.memberId} sx={{ '& td': { fontSize: '0.8125rem' } }} data-testid="mandatory-arrears-row">
                  <TableCell>
                    {linkable ? (
                      <Link component={RouterLink} to={`/transactions/savings?memberId=${r.memberId}`}>
                        {r.fullName}
                      </Link>
                    ) : (
                      r.fullName
                    )}
                    <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>
                      {r.cifNumber}
                      {r.oldestUnpaid
                        ? ` · ${t('widgets.since', { date: f.date(r.oldestUnpaid, d.product?.period === 'HARIAN' ? 'date' : 'month') })}`
                        : ''}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{f.number(r.periodsUnpaid)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    <MoneyText value={r.arrears} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
