/** Dashboard: members who have not paid the principal saving (simpanan pokok), CIF ascending, with what remains. */
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
import { usePrincipalOwed } from '../../api/home';

export default function PrincipalOwedWidget() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const q = usePrincipalOwed(6);
  const d = q.data;
  const linkable = can('member_transaction');
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-principal-owed">
      <CardHeader
        title={t('widgets.principalOwed')}
        subheader={d ? t('widgets.principalOwedSubtitle', { count: d.totalElements, amount: f.money(d.totalRemaining) }) : ' '}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      {q.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Skeleton variant="rounded" height={180} />
        </Box>
      ) : d.content.length === 0 ? (
        <EmptyState kind="noData" compact description={t('widgets.principalAllPaid')} />
      ) : (
        <Box sx={{ overflowX: 'auto', pb: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' } }}>
                <TableCell>{t('member.cif')}</TableCell>
                <TableCell>{t('account.member')}</TableCell>
                <TableCell align="right">{t('widgets.paid')}</TableCell>
                <TableCell align="right">{t('widgets.remaining')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.content.map((r) => (
                <TableRow key={r.memberId} sx={{ '& td': { fontSize: '0.8125rem' } }} data-testid="principal-owed-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.cifNumber}</TableCell>
                  <TableCell>
                    {linkable ? (
                      <Link component={RouterLink} to={`/transactions/savings?memberId=${r.memberId}`}>
                        {r.fullName}
                      </Link>
                    ) : (
                      r.fullName
                    )}
                    <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>
                      {t('widgets.joined', { date: f.date(r.joinDate) })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={r.paid} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    <MoneyText value={r.remaining} />
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
