/** The portfolio pages (one chunk): Laporan Pinjaman with tabs, the single reports, the auto debit results with the settings card. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useAutoDebit, useRunAutoDebit } from '../api';
import { PortfolioSettingCard } from '../components/PortfolioSettingCard';
import { PpapPanel } from '../components/PpapPanel';
import { DataTable, ReportView } from '../components/ReportView';
import { type ReportKey, todayWib } from '../lib/reports';

const TABS = ['realization', 'paidInterest', 'byPeriode', 'list', 'byProduct', 'ppap'] as const;
type TabKey = (typeof TABS)[number];

export function LoanReportsPage() {
  const { t } = useTranslation('loan-portfolio');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const tab: TabKey = asked && (TABS as readonly string[]).includes(asked) ? asked : 'realization';
  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t(`reports.subtitle.${tab}`)}
        breadcrumbs={[{ label: t('common:nav.report.title') }, { label: t('reports.title') }]}
      />
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setParams({ tab: v }, { replace: true })}
        sx={{ mb: 2, displayPrint: 'none' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`reports.tabs.${k}`)} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
      {tab === 'ppap' ? <PpapPanel /> : <ReportView key={tab} report={tab} />}
    </>
  );
}

const GRADE_COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  LANCAR: 'success',
  'KURANG LANCAR': 'warning',
  DIRAGUKAN: 'error',
  MACET: 'error',
};

export function SingleReportPage({ report }: { report: Extract<ReportKey, 'collectibility' | 'npl' | 'collateral'> }) {
  const { t } = useTranslation('loan-portfolio');
  const fmt = useFormat();
  return (
    <>
      <PageHeader
        title={t(`single.${report}.title`)}
        subtitle={t(`single.${report}.subtitle`)}
        breadcrumbs={[{ label: t('common:nav.report.title') }, { label: t(`single.${report}.title`) }]}
      />
      <ReportView
        report={report}
        extra={(d) => {
          if (report === 'collectibility') {
            const grades = d.grades as Array<{ grade: string; loanCount: number; outstanding: number; share: number }>;
            return (
              <Stack direction="row" useFlexGap spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} data-testid="grade-summary">
                {grades.map((g) => (
                  <Card
                    key={g.grade}
                    sx={{ px: 2, py: 1.5, minWidth: 190, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
                    data-testid={`grade-${g.grade}`}
                  >
                    <Chip size="small" label={g.grade} color={GRADE_COLOR[g.grade]} sx={{ mb: 1 }} />
                    <Typography variant="h6" data-testid="grade-outstanding">
                      {fmt.money(g.outstanding)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('single.loans', { count: g.loanCount })} · {fmt.percent(g.share * 100)}
                    </Typography>
                  </Card>
                ))}
              </Stack>
            );
          }
          if (report === 'npl') {
            const total = d.total as { nplRatio: number; nonPerforming: number; outstanding: number };
            return (
              <Card sx={{ mb: 2, px: 3, py: 2, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    NPL
                  </Typography>
                  <Typography variant="h4" color={total.nplRatio > 0.05 ? 'error.main' : 'success.main'} data-testid="npl-ratio">
                    {fmt.percent(total.nplRatio * 100)}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    {t('col.nonPerforming')}
                  </Typography>
                  <Typography variant="h6" data-testid="npl-nonperforming">
                    {fmt.money(total.nonPerforming)}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    {t('col.outstanding')}
                  </Typography>
                  <Typography variant="h6">{fmt.money(total.outstanding)}</Typography>
                </Box>
              </Card>
            );
          }
          return null;
        }}
      />
    </>
  );
}

const STATUSES = ['', 'PAID', 'PARTIAL', 'FAILED', 'PENDING'] as const;
const STATUS_COLOR = { PAID: 'success', PARTIAL: 'warning', FAILED: 'error', PENDING: 'default' } as const;

export function LoanAutoDebitPage() {
  const { t } = useTranslation('loan-portfolio');
  const fmt = useFormat();
  const { can } = useAuth();
  const [date, setDate] = useState(todayWib());
  const [status, setStatus] = useState('');
  const q = useAutoDebit({ date, status: status || undefined, page: 0, limit: 200 });
  const run = useRunAutoDebit();
  const { confirm, dialog } = useConfirm();
  const go = async (retry: boolean, loanId?: string) => {
    const okd = await confirm({
      title: t(retry ? 'autoDebit.retryTitle' : 'autoDebit.runTitle', { date }),
      message: t('autoDebit.confirm'),
    });
    if (!okd) return;
    try {
      await run.mutateAsync({ date, retry, loanId });
    } catch (err) {
      notifyError(err);
    }
  };
  const s = q.data?.summary;
  return (
    <>
      {dialog}
      <PageHeader
        title={t('autoDebit.title')}
        subtitle={t('autoDebit.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('autoDebit.title') }]}
        actions={
          can('member_transaction', 'add') && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => go(true)} disabled={!s?.failed} data-testid="auto-debit-retry">
                {t('autoDebit.retry')}
              </Button>
              <Button variant="contained" onClick={() => go(false)} loading={run.isPending} data-testid="auto-debit-run">
                {t('autoDebit.run')}
              </Button>
            </Stack>
          )
        }
      />
      {can('settings') && <PortfolioSettingCard />}
      <Card sx={{ mb: 2, p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          fullWidth={false}
          type="date"
          size="small"
          label={t('filter.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label={t('col.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          {STATUSES.map((x) => (
            <MenuItem key={x} value={x}>
              {x ? t(`autoDebit.status.${x}`) : t('filter.all')}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {s && (
          <Stack direction="row" useFlexGap spacing={1} data-testid="auto-debit-summary" sx={{ flexWrap: 'wrap' }}>
            {(['paid', 'partial', 'failed', 'pending'] as const).map((k) => (
              <Chip
                key={k}
                label={`${t(`autoDebit.status.${k.toUpperCase()}`)}: ${s[k]}`}
                color={STATUS_COLOR[k.toUpperCase() as keyof typeof STATUS_COLOR]}
                variant="outlined"
              />
            ))}
            <Chip label={`${t('autoDebit.amount')}: ${fmt.money(s.amount)}`} />
          </Stack>
        )}
      </Card>
      <DataTable
        columns={[
          { key: 'loanNumber' },
          { key: 'memberName' },
          { key: 'accountNumber' },
          { key: 'statusText' },
          { key: 'due', kind: 'money' },
          { key: 'paid', kind: 'money' },
          { key: 'attempts', kind: 'int' },
          { key: 'message' },
        ]}
        rows={(q.data?.content ?? []).map((r) => ({ ...r, statusText: t(`autoDebit.status.${r.status}`) }))}
      />
    </>
  );
}
