/** The latest movements of a member (transaction/datatable with memberId): what the teller just did, with receipt and detail links. */
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { transactionsKey } from '../api/keys';
import { listTransactions } from '../api/listTransactions';
import { ActivityChip, TxStatusChip } from './Chips';

export function RecentTransactions({ memberId, limit = 8 }: { memberId: string; limit?: number }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: [...transactionsKey, 'member-recent', memberId, limit],
    queryFn: ({ signal }) => listTransactions({ page: 0, limit, filters: { memberId } }, signal),
  });
  const rows = q.data?.content ?? [];
  return (
    <Card data-testid="recent-transactions">
      <CardHeader
        title={t('recent.title')}
        slotProps={{ title: { sx: { fontSize: '1rem', fontWeight: 600 } } }}
        action={
          <Tooltip title={t('recent.all')}>
            <IconButton component={RouterLink} to={`/transactions/history?memberId=${memberId}`} aria-label={t('recent.all')}>
              <OpenInNewRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      />
      {q.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
      ) : q.isLoading ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyState kind="noData" compact />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                <TableCell>{t('tx.time')}</TableCell>
                <TableCell>{t('tx.code')}</TableCell>
                <TableCell>{t('account.number')}</TableCell>
                <TableCell>{t('tx.activity')}</TableCell>
                <TableCell align="right">{t('tx.amount')}</TableCell>
                <TableCell align="right">{t('tx.balanceAfter')}</TableCell>
                <TableCell>{t('tx.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  hover
                  onClick={() => navigate(`/transactions/history/${r.id}`)}
                  sx={{ cursor: 'pointer', '& td': { fontSize: '0.8125rem', whiteSpace: 'nowrap' } }}
                  data-testid="recent-row"
                >
                  <TableCell>{f.date(r.createdAt, 'dateTime')}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    <Link
                      component={RouterLink}
                      to={`/transactions/history/${r.id}`}
                      underline="hover"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {r.code}
                    </Link>
                  </TableCell>
                  <TableCell>{r.accountNumber}</TableCell>
                  <TableCell>
                    <ActivityChip activity={r.activity} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={r.signedAmount} colorNegative />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={r.balanceAfter} />
                  </TableCell>
                  <TableCell>
                    <TxStatusChip tx={r} />
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
