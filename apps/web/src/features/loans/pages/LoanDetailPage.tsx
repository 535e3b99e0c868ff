/**
 * Detail pinjaman (/transactions/loans/:id): the loan (status, figures,
 * dates, what was paid) and its actions by status and role — approve or
 * reject (member_transaction:update), release (the role's release flag),
 * pay and restructure (add / update), and under "Tindakan lain" change
 * installments, waive fines and cancel the release — and its tabs (?tab=): installments
 * (the schedule with what was paid, fines and days late; printable and as
 * Excel), payments (receipts, cancellation with the role's cancel flag),
 * mutations, collateral, verification (guarantor, criteria, interview and
 * survey notes), images and outstanding (what settles it on a date); a
 * released loan links to its recapitulation report (report:view).
 */
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useLoan } from '../api/loanDetail';
import type { Installment, LoanDetailView } from '../api/types';
import { CancelReleaseDialog, UpdateInstallmentDialog, WaiveFineDialog } from '../components/ChangeDialogs';
import { LoanStatusChip } from '../components/Chips';
import { DecisionDialog } from '../components/DecisionDialog';
import { CollateralTab, ImagesTab, MutationsTab, OutstandingTab, PaymentsTab, VerificationTab } from '../components/LoanTabs';
import { MoreActions } from '../components/MoreActions';
import { PaymentDialog } from '../components/PaymentDialog';
import { ReleaseDialog } from '../components/ReleaseDialog';
import { RestructureDialog } from '../components/RestructureDialog';
import { ScheduleTable } from '../components/ScheduleTable';
import { scheduleTotals } from '../lib/schedule';

export const DETAIL_TABS = ['installments', 'payments', 'mutations', 'collateral', 'verification', 'images', 'outstanding'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];
type Open = null | 'approve' | 'reject' | 'release' | 'pay' | 'restructure' | 'cancelRelease' | 'waive' | 'updateInstallment';

function LoanCard({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const running = loan.status === 'RUNNING' || loan.status === 'PAID_OFF';
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="loan-card">
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1.5, alignItems: 'center' }}>
        <LoanStatusChip status={loan.status} />
        {running && loan.status === 'RUNNING' && (
          <Typography component="span" sx={{ fontSize: '0.75rem', color: loan.daysLate > 0 ? 'error.main' : 'text.secondary', ml: 1 }}>
            {loan.collectability}
            {loan.daysLate > 0 ? ` · ${t('installment.daysLate', { count: loan.daysLate })}` : ''}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {running ? t('loan.remainingPrincipal') : t('loan.amount')}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.75rem', mb: 2 }} data-testid="loan-remaining">
        <MoneyText value={running ? loan.remainingPrincipal : loan.amount} />
      </Typography>
      <Facts
        items={[
          { label: t('loan.member'), value: `${loan.memberName} (${loan.cifNumber})` },
          { label: t('form.product'), value: `${loan.productCode} · ${loan.productName}` },
          { label: t('loan.amount'), value: <MoneyText value={loan.amount} />, testId: 'loan-amount' },
          { label: t('loan.tenor'), value: t('form.tenorValue', { count: loan.tenorInMonth }) },
          {
            label: t('loan.rate'),
            value: `${t(`method.${loan.interestMethod}`)} · ${t('terms.perMonth', { rate: f.percent(loan.interestRate) })}`,
          },
          { label: t('loan.installment'), value: <MoneyText value={loan.installmentAmount} />, testId: 'loan-installment' },
          { label: t('fees.admin'), value: <MoneyText value={loan.adminFee} /> },
          { label: t('fees.provision'), value: <MoneyText value={loan.provisionFee} /> },
          loan.otherCosts > 0 && { label: t('fees.other'), value: <MoneyText value={loan.otherCosts} /> },
          running && { label: t('fees.net'), value: <MoneyText value={loan.netDisbursed} /> },
          running && { label: t('loan.principalPaid'), value: <MoneyText value={loan.principalPaid} />, testId: 'loan-principal-paid' },
          running &&
            loan.principalPaidBeforeMigration > 0 && {
              label: t('loan.principalPaidBeforeMigration'),
              value: <MoneyText value={loan.principalPaidBeforeMigration} />,
              testId: 'loan-principal-paid-before-migration',
            },
          running && { label: t('loan.interestPaid'), value: <MoneyText value={loan.interestPaid} /> },
          running && loan.finePaid > 0 && { label: t('loan.finePaid'), value: <MoneyText value={loan.finePaid} /> },
          { label: t('loan.applicationDate'), value: f.date(loan.applicationDate, 'long') },
          loan.approvedDate && { label: t('loan.approvedDate'), value: f.date(loan.approvedDate, 'long') },
          loan.releaseDate && { label: t('loan.releaseDate'), value: f.date(loan.releaseDate, 'long') },
          loan.maturityDate && { label: t('loan.maturityDate'), value: f.date(loan.maturityDate, 'long') },
          loan.paidOffDate && { label: t('loan.paidOffDate'), value: f.date(loan.paidOffDate, 'long') },
          loan.purpose && { label: t('form.purpose'), value: loan.purpose },
          loan.officerName && { label: t('loan.officer'), value: loan.officerName },
        ]}
      />
      {loan.decisionReason && (
        <Alert severity={loan.status === 'REJECTED' || loan.status === 'RELEASE_REJECTED' ? 'error' : 'info'} sx={{ mt: 2 }}>
          {t('detail.decisionReason', { reason: loan.decisionReason })}
        </Alert>
      )}
    </Card>
  );
}

export default function LoanDetailPage() {
  const { t } = useTranslation('loans');
  const { id } = useParams();
  const navigate = useNavigate();
  const { can, user } = useAuth();
  const q = useLoan(id);
  const loan = q.data;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as DetailTab | null;
  const tab: DetailTab = asked && (DETAIL_TABS as readonly string[]).includes(asked) ? asked : 'installments';
  const [open, setOpen] = useState<Open>(null);

  if (q.isError)
    return (
      <Card>
        <EmptyState kind="notFound" action={<Button onClick={() => navigate('/transactions/loans')}>{t('list.title')}</Button>} />
      </Card>
    );

  const canDecide = can('member_transaction', 'update');
  const canPay = can('member_transaction', 'add');
  const nextDue = loan?.installments.find((i) => i.status !== 'PAID')?.number ?? null;
  const actions = loan && (
    <>
      {loan.status === 'WAITING_APPROVAL' && canDecide && (
        <>
          <Button variant="outlined" color="error" onClick={() => setOpen('reject')} data-testid="action-reject">
            {t('decision.reject')}
          </Button>
          <Button variant="contained" startIcon={<CheckRounded />} onClick={() => setOpen('approve')} data-testid="action-approve">
            {t('decision.approve')}
          </Button>
        </>
      )}
      {loan.status === 'APPROVED' && user?.limits.canReleaseLoan && canDecide && (
        <Button
          variant="contained"
          startIcon={<AccountBalanceWalletOutlined />}
          onClick={() => setOpen('release')}
          data-testid="action-release"
        >
          {t('release.action')}
        </Button>
      )}
      {(loan.status === 'RUNNING' || loan.status === 'PAID_OFF') && can('report', 'view') && (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<AssessmentOutlined />}
          component={RouterLink}
          to={`/reports/loans/${loan.id}/recapitulation`}
          data-testid="action-recap"
        >
          {t('detail.recap')}
        </Button>
      )}
      {loan.status === 'RUNNING' && <MoreActions loan={loan} onOpen={setOpen} />}
      {loan.status === 'RUNNING' && canDecide && (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<ReplayRounded />}
          onClick={() => setOpen('restructure')}
          data-testid="action-restructure"
        >
          {t('restructure.action')}
        </Button>
      )}
      {loan.status === 'RUNNING' && canPay && (
        <Button variant="contained" startIcon={<PaymentsOutlined />} onClick={() => setOpen('pay')} data-testid="action-pay">
          {t('pay.action')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={loan ? t('detail.heading', { number: loan.loanNumber }) : t('detail.title')}
        subtitle={loan ? `${loan.productName} · ${loan.memberName} (${loan.cifNumber})` : undefined}
        breadcrumbs={[
          { label: t('common:nav.member_transaction.title') },
          { label: t('list.title'), to: '/transactions/loans' },
          { label: loan?.loanNumber ?? t('detail.title') },
        ]}
        actions={actions}
      />
      {loan?.status === 'APPROVED' && !user?.limits.canReleaseLoan && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="release-not-allowed">
          {t('release.notAllowed')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          {!loan ? <Skeleton variant="rounded" height={420} sx={{ borderRadius: 3 }} /> : <LoanCard loan={loan} />}
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <Tabs
              value={tab}
              onChange={(_e, v: DetailTab) => setParams(v === 'installments' ? {} : { tab: v }, { replace: true })}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              {DETAIL_TABS.map((k) => (
                <Tab key={k} value={k} label={t(`detail.tabs.${k}`)} data-testid={`detail-tab-${k}`} />
              ))}
            </Tabs>
            <Box sx={{ p: { xs: 2, md: 2.5 } }}>
              {!loan ? (
                <Skeleton variant="rounded" height={320} />
              ) : (
                <>
                  {tab === 'installments' && <InstallmentsTab loan={loan} highlight={nextDue} />}
                  {tab === 'payments' && <PaymentsTab loan={loan} />}
                  {tab === 'mutations' && <MutationsTab loan={loan} />}
                  {tab === 'collateral' && <CollateralTab loan={loan} />}
                  {tab === 'verification' && <VerificationTab loan={loan} />}
                  {tab === 'images' && <ImagesTab loan={loan} />}
                  {tab === 'outstanding' && <OutstandingTab loan={loan} />}
                </>
              )}
            </Box>
          </Card>
        </Grid>
      </Grid>
      {loan && (open === 'approve' || open === 'reject') && (
        <DecisionDialog loan={loan} initial={open === 'approve' ? 'APPROVED' : 'REJECTED'} onClose={() => setOpen(null)} />
      )}
      {loan && open === 'release' && <ReleaseDialog loan={loan} onClose={() => setOpen(null)} />}
      {loan && open === 'pay' && <PaymentDialog loan={loan} onClose={() => setOpen(null)} />}
      {loan && open === 'restructure' && <RestructureDialog loan={loan} onClose={() => setOpen(null)} />}
      {loan && open === 'cancelRelease' && <CancelReleaseDialog loan={loan} onClose={() => setOpen(null)} />}
      {loan && open === 'waive' && <WaiveFineDialog loan={loan} onClose={() => setOpen(null)} />}
      {loan && open === 'updateInstallment' && <UpdateInstallmentDialog loan={loan} onClose={() => setOpen(null)} />}
    </>
  );
}

function InstallmentsTab({ loan, highlight }: { loan: LoanDetailView; highlight: number | null }) {
  const { t } = useTranslation('loans');
  if (loan.installments.length === 0) return <EmptyState compact title={t('detail.noSchedule')} description={t('detail.noScheduleText')} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <ExportExcelButton<Installment>
          rows={loan.installments}
          fileName={`jadwal-angsuran-${loan.loanNumber}`}
          title={`${t('schedule.title')} ${loan.loanNumber} · ${loan.memberName}`}
          buttonProps={{ size: 'small' }}
          columns={[
            { header: t('schedule.number'), value: 'number', type: 'number' },
            { header: t('schedule.dueDate'), value: 'dueDate', type: 'date' },
            { header: t('schedule.principal'), value: 'principal', type: 'money' },
            { header: t('schedule.interest'), value: 'interest', type: 'money' },
            { header: t('schedule.total'), value: 'total', type: 'money' },
            { header: t('schedule.principalPaid'), value: 'principalPaid', type: 'money' },
            { header: t('schedule.interestPaid'), value: 'interestPaid', type: 'money' },
            { header: t('schedule.fine'), value: 'fineDue', type: 'money' },
            { header: t('schedule.status'), value: (r) => t(`installment.status.${r.status}`) },
            { header: t('schedule.paidDate'), value: 'paidDate', type: 'date' },
            { header: t('schedule.remaining'), value: 'remainingPrincipal', type: 'money' },
          ]}
        />
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<PrintOutlined />}
          href={`/transactions/loans/${loan.id}/schedule`}
          target="_blank"
          rel="noopener"
          data-testid="print-schedule"
        >
          {t('schedule.print')}
        </Button>
      </Box>
      <ScheduleTable
        rows={loan.installments}
        withPayments
        totals={scheduleTotals(loan.installments)}
        maxHeight={560}
        highlightNumber={highlight}
      />
    </Box>
  );
}
