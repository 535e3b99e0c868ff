/**
 * Detail transaksi (/transactions/history/:id): the transaction with the
 * other legs of its operation, who and when, the cash account, its journal
 * lines, the reversal when cancelled; "Cetak bukti" (A5 or 80 mm); and
 * "Batalkan" for a role that may cancel (hidden otherwise; the server's 403
 * is shown if the right was withdrawn meanwhile).
 */
import BlockRounded from '@mui/icons-material/BlockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth, useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useTransaction } from '../api/transactionDetail';
import type { CancelResult, Transaction } from '../api/types';
import { CancelDialog } from '../components/CancelDialog';
import { ActivityChip, TxStatusChip } from '../components/Chips';
import { ReceiptButtons } from '../components/ReceiptButtons';

/** Operations the server never cancels here (closings, exits, interest and its tax, balances brought forward). */
const NOT_CANCELLABLE = new Set(['CLOSING', 'CLOSING_FEE', 'EXIT', 'INTEREST', 'TAX', 'OPENING_BALANCE']);

export function cancellable(tx: Pick<Transaction, 'status' | 'isReversal' | 'activity'>): boolean {
  return tx.status === 'POSTED' && !tx.isReversal && !NOT_CANCELLABLE.has(tx.activity);
}

function Legs({ rows, current }: { rows: Transaction[]; current: string }) {
  const { t } = useTranslation('savings');
  return (
    <Table size="small" data-testid="operation-legs">
      <TableHead>
        <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' } }}>
          <TableCell>{t('tx.code')}</TableCell>
          <TableCell>{t('account.number')}</TableCell>
          <TableCell>{t('tx.activity')}</TableCell>
          <TableCell align="right">{t('tx.amount')}</TableCell>
          <TableCell align="right">{t('tx.balanceAfter')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} selected={r.id === current} sx={{ '& td': { fontSize: '0.8125rem' } }}>
            <TableCell sx={{ fontFamily: 'monospace' }}>
              {r.id === current ? (
                r.code
              ) : (
                <Link component={RouterLink} to={`/transactions/history/${r.id}`}>
                  {r.code}
                </Link>
              )}
            </TableCell>
            <TableCell>
              {r.accountNumber} · {r.memberName}
            </TableCell>
            <TableCell>
              <ActivityChip activity={r.activity} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.signedAmount} colorNegative />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.balanceAfter} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type TxJournal = NonNullable<ReturnType<typeof useTransaction>['data']>['journals'][number];

/** One journal of the transaction (or of its reversal) with its lines. */
function JournalCard({ journal, reversal }: { journal: TxJournal; reversal: boolean }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  return (
    <Card data-testid="tx-journal-card">
      <Typography sx={{ fontWeight: 600, p: 2.5, pb: 1 }}>
        {t(reversal ? 'detail.reversalJournal' : 'detail.journal', {
          number: journal.number ?? '-',
          date: f.date(journal.date, 'long'),
        })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' } }}>
              <TableCell>{t('detail.coa')}</TableCell>
              <TableCell align="right">{t('tx.debit')}</TableCell>
              <TableCell align="right">{t('tx.credit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {journal.lines.map((l) => (
              <TableRow key={l.lineNo} sx={{ '& td': { fontSize: '0.8125rem' } }}>
                <TableCell>
                  <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary', mr: 1 }}>
                    {l.coaCode}
                  </Box>
                  {l.coaName}
                </TableCell>
                <TableCell align="right">{l.debit ? <MoneyText value={l.debit} /> : ''}</TableCell>
                <TableCell align="right">{l.credit ? <MoneyText value={l.credit} /> : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

export default function TransactionDetailPage() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { id } = useParams();
  const { can } = useAuth();
  const user = useUser();
  const q = useTransaction(id);
  const tx = q.data;
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState<CancelResult | null>(null);
  const mayCancel = can('member_transaction', 'update') && user.limits.canCancelTransaction;

  if (q.isError)
    return (
      <Card>
        <EmptyState kind="notFound" description={(q.error as Error).message} />
      </Card>
    );

  return (
    <>
      <PageHeader
        title={tx ? t('detail.heading', { code: tx.code }) : t('detail.title')}
        subtitle={tx ? `${tx.activityLabel} · ${tx.productName}` : undefined}
        breadcrumbs={[
          { label: t('common:nav.member_transaction.title') },
          { label: t('history.title'), to: '/transactions/history' },
          { label: tx?.code ?? t('detail.title') },
        ]}
        actions={
          tx && (
            <>
              <ReceiptButtons transactionId={tx.id} />
              {mayCancel && cancellable(tx) && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<BlockRounded />}
                  onClick={() => setCancelling(true)}
                  data-testid="tx-cancel"
                >
                  {t('cancel.button')}
                </Button>
              )}
            </>
          )
        }
      />
      {cancelled && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid="cancel-result">
          {t('cancel.done', { code: cancelled.code, journal: cancelled.reversalJournalNumber })}
        </Alert>
      )}
      {!tx ? (
        <Skeleton variant="rounded" height={320} sx={{ borderRadius: 3 }} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="tx-card">
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                <ActivityChip activity={tx.activity} />
                <TxStatusChip tx={tx} />
              </Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('tx.amount')}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.75rem', mb: 2 }} data-testid="tx-amount">
                <MoneyText value={tx.signedAmount} colorNegative />
              </Typography>
              <Facts
                items={[
                  { label: t('tx.code'), value: tx.code, testId: 'tx-code' },
                  { label: t('tx.date'), value: f.date(tx.transactionDate, 'long') },
                  { label: t('tx.time'), value: f.date(tx.createdAt, 'dateTime') },
                  {
                    label: t('account.member'),
                    value: (
                      <Link component={RouterLink} to={`/transactions/savings?memberId=${tx.memberId}`}>
                        {tx.memberName} ({tx.cifNumber})
                      </Link>
                    ),
                  },
                  {
                    label: t('account.number'),
                    value: tx.memberSavingId ? (
                      <Link component={RouterLink} to={`/transactions/savings/accounts/${tx.memberSavingId}`}>
                        {tx.accountNumber} · {tx.productName}
                      </Link>
                    ) : (
                      tx.productName
                    ),
                  },
                  { label: t('tx.balanceAfter'), value: <MoneyText value={tx.balanceAfter} />, testId: 'tx-balance' },
                  { label: t('form.cashAccount'), value: tx.cashCoa ? `${tx.cashCoa.code} · ${tx.cashCoa.name}` : '-' },
                  { label: t('tx.channel'), value: t(`channel.${tx.channel}`) },
                  { label: t('tx.teller'), value: tx.tellerName ?? '-' },
                  { label: t('tx.journal'), value: tx.journalNumber ?? '-', testId: 'tx-journal' },
                  tx.description && { label: t('form.description'), value: tx.description },
                  tx.status === 'CANCELLED' && { label: t('tx.cancelledAt'), value: f.date(tx.cancelledAt, 'dateTime') },
                  tx.status === 'CANCELLED' && { label: t('tx.cancelReason'), value: tx.cancelReason ?? '-', testId: 'tx-cancel-reason' },
                ]}
              />
              {tx.reversalOfId && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {t('detail.isReversal')}{' '}
                  <Link component={RouterLink} to={`/transactions/history/${tx.reversalOfId}`}>
                    {t('detail.openOriginal')}
                  </Link>
                </Alert>
              )}
              {tx.reversal && (
                <Alert severity="warning" sx={{ mt: 2 }} data-testid="tx-reversal">
                  {t('detail.reversedBy', { code: tx.reversal.code })}{' '}
                  <Link component={RouterLink} to={`/transactions/history/${tx.reversal.id}`}>
                    {t('detail.open')}
                  </Link>
                </Alert>
              )}
            </Card>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            <Card>
              <Typography sx={{ fontWeight: 600, p: 2.5, pb: 1 }}>{t('detail.operation')}</Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Legs rows={tx.operation} current={tx.id} />
              </Box>
            </Card>
            {tx.journals.map((j) => (
              <JournalCard key={j.id} journal={j} reversal={tx.reversal?.journalId === j.id} />
            ))}
          </Grid>
        </Grid>
      )}
      {cancelling && tx && (
        <CancelDialog
          tx={tx}
          onClose={() => setCancelling(false)}
          onDone={(r) => {
            setCancelling(false);
            setCancelled(r);
          }}
        />
      )}
    </>
  );
}
