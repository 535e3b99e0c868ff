/** The bill's figures and its payment history (with the cancel of the latest posted payment). */

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useBillPayments } from '../api/bills';
import type { BillDetailView } from '../api/types';
import { BillStatusChip } from './Chips';

export function FactsCard({ bill }: { bill: BillDetailView }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const facts: Array<[string, ReactNode]> = [
    [t('bill.member'), `${bill.memberName} (${bill.cifNumber})`],
    [t('form.product'), bill.productName],
    [t('bill.type'), t(`type.${bill.billType}`)],
    [t('bill.date'), f.date(bill.date)],
    [t('bill.installments'), bill.installments],
    [t('bill.amount'), <MoneyText key="a" value={bill.amount} />],
    [t('bill.adminFee'), <MoneyText key="f" value={bill.adminFee} />],
    [t('bill.paid'), <MoneyText key="p" value={bill.paid} />],
    [t('bill.deducted'), <MoneyText key="d" value={bill.deducted} />],
    [t('bill.writtenOff'), <MoneyText key="w" value={bill.writtenOff} />],
    [t('bill.debt'), <MoneyText key="o" value={bill.debt} />],
  ];
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6">{t('detail.facts')}</Typography>
          <BillStatusChip status={bill.status} />
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr', xl: 'auto 1fr' },
            columnGap: 3,
            rowGap: 0.75,
            m: 0,
          }}
        >
          {facts.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '0.875rem', fontWeight: 500, textAlign: 'right' }} data-testid={`fact-${k}`}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function PaymentsCard({ bill, onCancel }: { bill: BillDetailView; onCancel: (paymentId: string) => void }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const { can } = useAuth();
  const payments = useBillPayments(bill.id);
  const latestPosted = payments.data?.content.find((p) => p.status === 'POSTED');
  return (
    <Card>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('detail.payments')}
        </Typography>
        {payments.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : !payments.data?.content.length ? (
          <EmptyState compact title={t('detail.noPayments')} />
        ) : (
          <Table size="small" data-testid="bill-payments">
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.date')}</TableCell>
                <TableCell align="right">{t('payments.amount')}</TableCell>
                <TableCell>{t('payments.source')}</TableCell>
                <TableCell>{t('payments.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.data.content.map((p) => (
                <TableRow key={p.id} data-testid="bill-payment">
                  <TableCell>{f.date(p.paymentDate)}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={p.amount} />
                  </TableCell>
                  <TableCell>{t(`source.${p.source}`)}</TableCell>
                  <TableCell>
                    {p.status === 'CANCELLED' ? t('payments.cancelled', { reason: p.cancelReason }) : t('payments.posted')}
                  </TableCell>
                  <TableCell align="right">
                    {p.id === latestPosted?.id &&
                      (bill.status === 'RUNNING' || bill.status === 'PAID_OFF') &&
                      can('member_transaction', 'delete') && (
                        <Button size="small" color="error" onClick={() => onCancel(p.id)}>
                          {t('cancel.submit')}
                        </Button>
                      )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
