/**
 * One loan's recapitulation (GET report/loan/{id}/recapitulation): the loan's
 * terms and paid figures, its current schedule with what was paid, its posted
 * payments, each with a total row; Excel (the server's file) and print.
 * Reached from the loan reports ("Rekapitulasi" per loan) by URL.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadExcel, useRecapitulation } from '../api';
import { DataTable } from '../components/ReportView';
import type { Column } from '../lib/reports';

const INSTALLMENTS: Column[] = [
  { key: 'installmentNo', kind: 'int' },
  { key: 'dueDate', kind: 'date' },
  { key: 'principal', kind: 'money' },
  { key: 'interest', kind: 'money' },
  { key: 'total', kind: 'money' },
  { key: 'principalPaid', kind: 'money' },
  { key: 'interestPaid', kind: 'money' },
  { key: 'finePaid', kind: 'money' },
  { key: 'paidDate', kind: 'date' },
];
const PAYMENTS: Column[] = [
  { key: 'paymentDate', kind: 'date' },
  { key: 'kind' },
  { key: 'source' },
  { key: 'principal', kind: 'money' },
  { key: 'interest', kind: 'money' },
  { key: 'fine', kind: 'money' },
  { key: 'amount', kind: 'money' },
  { key: 'journalNumber' },
];
const TERMS: Array<[string, 'money' | 'date' | 'text' | 'months' | 'rate']> = [
  ['productName', 'text'],
  ['status', 'text'],
  ['amount', 'money'],
  ['tenorInMonth', 'months'],
  ['interestRate', 'rate'],
  ['releaseDate', 'date'],
  ['maturityDate', 'date'],
  ['paidOffDate', 'date'],
  ['netDisbursed', 'money'],
  ['remainingPrincipal', 'money'],
  ['principalPaid', 'money'],
  ['interestPaid', 'money'],
  ['finePaid', 'money'],
];

export function RecapitulationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['loan-portfolio', 'loans']);
  const fmt = useFormat();
  const q = useRecapitulation(id);
  // The loan's and payments' codes in the user's language (the loans texts), the code itself when unknown.
  const code = (prefix: string, v: unknown) => (v ? t(`loans:${prefix}.${String(v)}`, { defaultValue: String(v) }) : v);
  const installments = (q.data?.installments ?? []).map((r) => ({ ...r, installmentNo: r.number }));
  const payments = (q.data?.payments ?? []).map((p) => ({ ...p, kind: code('pay.kinds', p.kind), source: code('source', p.source) }));
  const [busy, setBusy] = useState(false);
  const loan = q.data?.loan;
  const value = (key: string, kind: (typeof TERMS)[number][1]) => {
    const v = loan?.[key];
    if (v === null || v === undefined || v === '') return '-';
    if (kind === 'money') return fmt.money(v as number);
    if (kind === 'date') return fmt.date(v as string);
    if (kind === 'months') return t('recap.months', { count: Number(v) });
    if (key === 'status') return String(code('status', v));
    if (kind === 'rate') return `${fmt.percent(Number(v))}${loan?.interestMethod ? ` (${String(loan.interestMethod)})` : ''}`;
    return String(v);
  };
  return (
    <>
      <PageHeader
        title={t('recap.title')}
        subtitle={loan ? `${loan.loanNumber} · ${loan.memberName}` : t('recap.subtitle')}
        breadcrumbs={[
          { label: t('common:nav.report.title') },
          { label: t('reports.title'), to: '/reports/loans' },
          { label: t('recap.title') },
        ]}
        actions={
          <Stack direction="row" spacing={1} sx={{ displayPrint: 'none' }}>
            <Button component={RouterLink} to="/reports/loans" color="inherit" startIcon={<ArrowBack />}>
              {t('recap.back')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              loading={busy}
              loadingPosition="start"
              disabled={!loan}
              data-testid="recap-excel"
              onClick={async () => {
                setBusy(true);
                try {
                  await downloadExcel(`/api/report/loan/${id}/recapitulation`, {}, `rekap-pinjaman-${loan?.loanNumber ?? id}.xlsx`);
                } catch (err) {
                  notifyError(err);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('excel')}
            </Button>
            <Button variant="outlined" color="inherit" startIcon={<PrintOutlined />} disabled={!loan} onClick={() => window.print()}>
              {t('print')}
            </Button>
          </Stack>
        }
      />
      {q.isError ? (
        <Card>
          <EmptyState kind="loadFailed" description={q.error?.message} onRetry={() => void q.refetch()} />
        </Card>
      ) : !q.data ? (
        <Card sx={{ p: 2.5 }} data-testid="recap-loading">
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={240} />
        </Card>
      ) : (
        <Box data-testid="recap">
          <Card sx={{ p: 2.5, mb: 2 }}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', lg: 'repeat(5, 1fr)' } }}
            >
              {TERMS.map(([key, kind]) => (
                <Box key={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {t(`recap.terms.${key}`)}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
                    data-testid={`recap-${key}`}
                  >
                    {value(key, kind)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('recap.installments', { count: q.data.installments.length })}
          </Typography>
          <Box sx={{ mb: 3 }} data-testid="recap-installments">
            <DataTable columns={INSTALLMENTS} rows={installments} totals={q.data.installmentTotals} totalLabelKey="dueDate" />
          </Box>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('recap.payments', { count: payments.length })}
          </Typography>
          <Box data-testid="recap-payments">
            <DataTable
              columns={PAYMENTS}
              rows={payments}
              totals={payments.length ? q.data.paymentTotals : undefined}
              totalLabelKey="paymentDate"
            />
          </Box>
        </Box>
      )}
    </>
  );
}
