/**
 * Mutasi rekening (/transactions/savings/accounts/:id): the account (balance,
 * what may be taken, blocked and pledged amounts, flags, plan progress for a
 * plan saving), its mutations newest first with the balance after each
 * (cancelled ones struck through, reversals marked), a period filter, the
 * passbook-style statement for that period to print, and its Excel.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type DateRange, DateRangeFields } from '../../../components/dates/PeriodPicker';
import { EmptyState } from '../../../components/EmptyState';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { toQueryString } from '../../../lib/api/client';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useAccountDetail } from '../api/accountDetail';
import { downloadServerExcel } from '../api/download';
import { useMutations } from '../api/mutations';
import { PASSBOOK_PATH } from '../api/passbook';
import type { PlanProgress } from '../api/types';
import { AccountFlags, AccountStatusChip, ActivityChip } from '../components/Chips';

function PlanCard({ plan }: { plan: PlanProgress }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const color = plan.status === 'BEHIND' ? 'warning' : 'success';
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="plan-card">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('plan.title')}</Typography>
        <Chip size="small" color={color} label={t(`plan.status.${plan.status}`)} />
      </Box>
      <LinearProgress variant="determinate" value={plan.progressPercent ?? 0} color={color} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', mb: 2 }}>
        {t('plan.progress', { percent: f.number(plan.progressPercent ?? 0) })}
      </Typography>
      <Facts
        dense
        items={[
          { label: t('plan.monthly'), value: <MoneyText value={plan.planMonthlyAmount} /> },
          { label: t('plan.target'), value: <MoneyText value={plan.planTargetBalance} /> },
          { label: t('plan.targetDate'), value: f.date(plan.planTargetDate, 'long') },
          { label: t('plan.expected'), value: <MoneyText value={plan.expectedBalance} /> },
          { label: t('plan.shortfall'), value: <MoneyText value={plan.shortfall} /> },
          { label: t('plan.remaining'), value: <MoneyText value={plan.remainingToTarget} /> },
        ]}
      />
    </Card>
  );
}

type Mutation = NonNullable<ReturnType<typeof useMutations>['data']>['content'][number];
type AccountDetail = NonNullable<ReturnType<typeof useAccountDetail>['data']>;

/** The account's balance and its figures (available, blocked, pledged, totals, dates). */
function AccountCard({ a }: { a: AccountDetail }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="account-card">
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1.5 }}>
        <AccountStatusChip status={a.status} />
        <AccountFlags account={a} />
      </Box>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('account.balance')}</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.75rem', mb: 2 }} data-testid="account-balance">
        <MoneyText value={a.balance} />
      </Typography>
      <Facts
        items={[
          a.kind === 'SAVING' && {
            label: t('account.available'),
            value: <MoneyText value={a.availableBalance} />,
            testId: 'account-available',
          },
          { label: t('account.blocked'), value: <MoneyText value={a.blockedAmount} /> },
          a.blockReason && { label: t('block.reason'), value: a.blockReason },
          { label: t('account.pledged'), value: <MoneyText value={a.pledgedAmount} /> },
          { label: t('account.totalCredit'), value: <MoneyText value={a.totalCredit} /> },
          { label: t('account.totalDebit'), value: <MoneyText value={a.totalDebit} /> },
          { label: t('account.opened'), value: f.date(a.openDate, 'long') },
          a.closeDate && { label: t('account.closed'), value: f.date(a.closeDate, 'long') },
          { label: t('account.lastTransaction'), value: f.date(a.lastTransactionDate, 'long') },
        ]}
      />
      {a.waitingRequests.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('account.waiting', { count: a.waitingRequests.length })}
        </Alert>
      )}
    </Card>
  );
}

/** One movement; a cancelled one is greyed out with its amounts struck through. */
function MutationRow({ row }: { row: Mutation }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const navigate = useNavigate();
  const struck = row.status === 'CANCELLED';
  return (
    <TableRow
      hover
      onClick={() => navigate(`/transactions/history/${row.id}`)}
      data-testid="mutation-row"
      sx={{
        cursor: 'pointer',
        '& td': { fontSize: '0.8125rem', color: struck ? 'text.disabled' : undefined },
        '& td.amount': { textDecoration: struck ? 'line-through' : undefined },
      }}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {f.date(row.transactionDate)}
        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
          {f.date(row.createdAt, 'time')}
        </Box>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>
        <Link
          component={RouterLink}
          to={`/transactions/history/${row.id}`}
          underline="hover"
          color="inherit"
          onClick={(e) => e.stopPropagation()}
        >
          {row.code}
        </Link>
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <ActivityChip activity={row.activity} />
          {struck && <Chip size="small" color="error" label={t('txStatus.CANCELLED')} sx={{ height: 20, fontSize: '0.625rem' }} />}
        </Box>
        {row.description && (
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
            {row.description}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" className="amount">
        {row.debit ? <MoneyText value={row.debit} /> : ''}
      </TableCell>
      <TableCell align="right" className="amount">
        {row.credit ? <MoneyText value={row.credit} /> : ''}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="mutation-balance">
        <MoneyText value={row.balanceAfter} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.tellerName ?? t(`channel.${row.channel}`)}</TableCell>
    </TableRow>
  );
}

/** The passbook as Excel for the period shown. */
function usePassbookExcel(id: string | undefined, accountNumber: string | undefined, period: { start?: string; end?: string }) {
  const [downloading, setDownloading] = useState(false);
  const excel = async () => {
    if (!id || !accountNumber) return;
    setDownloading(true);
    try {
      await downloadServerExcel(PASSBOOK_PATH(id), period, `buku-tabungan-${accountNumber}`);
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
    }
  };
  return { excel, downloading };
}

export default function AccountMutationsPage() {
  const { t } = useTranslation('savings');
  const navigate = useNavigate();
  const { id } = useParams();
  const account = useAccountDetail(id);
  const a = account.data;
  const [range, setRange] = useState<DateRange>({ start: null, end: null });
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const valid = !(range.start && range.end && range.end < range.start);
  const plan = a?.savingType === 'PLAN';
  const m = useMutations(a ? id : undefined, {
    page,
    limit,
    start: valid ? range.start : null,
    end: valid ? range.end : null,
    plan,
  });
  const rows = m.data?.content ?? [];
  const period = { start: range.start ?? undefined, end: range.end ?? undefined };
  const { excel, downloading } = usePassbookExcel(id, a?.accountNumber, period);

  if (account.isError)
    return (
      <Card>
        <EmptyState kind="notFound" action={<Button onClick={() => navigate('/transactions/savings')}>{t('teller.title')}</Button>} />
      </Card>
    );

  return (
    <>
      <PageHeader
        title={a ? t('mutations.heading', { number: a.accountNumber }) : t('mutations.title')}
        subtitle={a ? `${a.productName} · ${a.memberName} (${a.cifNumber})` : undefined}
        breadcrumbs={[
          { label: t('common:nav.member_transaction.title') },
          { label: t('teller.title'), to: a ? `/transactions/savings?memberId=${a.memberId}` : '/transactions/savings' },
          { label: a?.accountNumber ?? t('mutations.title') },
        ]}
        actions={
          a && (
            <>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<FileDownloadOutlined />}
                onClick={excel}
                loading={downloading}
                loadingPosition="start"
                data-testid="passbook-excel"
              >
                {t('table.excel')}
              </Button>
              <Button
                variant="contained"
                startIcon={<MenuBookOutlined />}
                href={`/transactions/savings/accounts/${a.id}/passbook${toQueryString(period)}`}
                target="_blank"
                rel="noopener"
                data-testid="passbook-print"
              >
                {t('passbook.print')}
              </Button>
            </>
          )
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          {!a ? <Skeleton variant="rounded" height={280} sx={{ borderRadius: 3 }} /> : <AccountCard a={a} />}
          {m.data?.plan && <PlanCard plan={m.data.plan} />}
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card data-testid="mutations">
            <Box sx={{ p: 2.5, pb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('mutations.title')}</Typography>
              <Box sx={{ width: { xs: '100%', md: 380 } }}>
                <DateRangeFields
                  value={range}
                  onChange={(r) => {
                    setRange(r);
                    setPage(0);
                  }}
                />
              </Box>
            </Box>
            {m.isError ? (
              <EmptyState kind="loadFailed" onRetry={() => void m.refetch()} />
            ) : m.isLoading || !a ? (
              <Box sx={{ px: 2.5, pb: 2.5 }}>
                <Skeleton variant="rounded" height={240} />
              </Box>
            ) : rows.length === 0 ? (
              <EmptyState kind={range.start || range.end ? 'noRecord' : 'noData'} />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" sx={{ minWidth: 760 }} data-testid="mutation-table">
                  <TableHead>
                    <TableRow sx={{ bgcolor: 'action.hover', '& th': { fontWeight: 600, fontSize: '0.75rem' } }}>
                      <TableCell>{t('tx.time')}</TableCell>
                      <TableCell>{t('tx.code')}</TableCell>
                      <TableCell>{t('tx.activity')}</TableCell>
                      <TableCell align="right">{t('tx.debit')}</TableCell>
                      <TableCell align="right">{t('tx.credit')}</TableCell>
                      <TableCell align="right">{t('tx.balanceAfter')}</TableCell>
                      <TableCell>{t('tx.teller')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <MutationRow key={r.id} row={r} />
                    ))}
                  </TableBody>
                </Table>
                <TablePagination
                  component="div"
                  count={m.data?.totalElements ?? 0}
                  page={page}
                  rowsPerPage={limit}
                  rowsPerPageOptions={[10, 25, 50, 100]}
                  onPageChange={(_e, p) => setPage(p)}
                  onRowsPerPageChange={(e) => {
                    setLimit(Number(e.target.value));
                    setPage(0);
                  }}
                  labelRowsPerPage={t('table.rowsPerPage')}
                  labelDisplayedRows={({ from, to, count }) => `${from}–${to} ${t('table.of')} ${count}`}
                />
              </Box>
            )}
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
