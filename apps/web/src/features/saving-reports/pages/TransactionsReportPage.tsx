/**
 * Laporan Transaksi Simpan Pinjam (/reports/transactions): member movements
 * of a period with every filter of the API (product, kind, activity, user,
 * branch, channel, standing or corrections, search), the totals in, out and
 * net, Excel and print; a row, or a transaction code typed in, opens the
 * transaction's detail (transactions/{id}/detail, {code}/detail-by-code).
 */

import { TRANSACTION_KINDS } from '@koperasi/contracts/enums';
import { SAVING_ACTIVITIES, TRANSACTION_CHANNELS } from '@koperasi/contracts/savings';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useReport } from '../api/report';
import { TransactionsBody } from '../components/bodies/TransactionsBody';
import { ClearFilters, OptionFilter, ProductFilter, RangeFilter, SearchFilter, SelectFilter } from '../components/Filters';
import { ExcelButton, PrintButton } from '../components/ReportActions';
import { ReportShell } from '../components/ReportShell';
import { REPORT_PATH } from '../lib/filters';
import { useReportState } from '../lib/useReportState';

/** Find a transaction by its code (TRX...). */
function CodeLookup() {
  const { t } = useTranslation('saving-reports');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const go = () => {
    const c = code.trim().toUpperCase();
    if (c) navigate(`/reports/transactions/${encodeURIComponent(c)}`);
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        go();
      }}
      sx={{ display: 'flex', gap: 1 }}
    >
      <TextField
        size="small"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder={t('transactions.codePlaceholder')}
        sx={{ width: 220 }}
        slotProps={{ htmlInput: { 'aria-label': t('transactions.codeLookup'), 'data-testid': 'code-lookup' } }}
      />
      <Button type="submit" variant="outlined" color="inherit" startIcon={<ManageSearchRounded />} disabled={!code.trim()}>
        {t('transactions.open')}
      </Button>
    </Box>
  );
}

export default function TransactionsReportPage() {
  const { t } = useTranslation('saving-reports');
  const navigate = useNavigate();
  const s = useReportState('transactions');
  const p = s.params;
  const q = useReport('transactions', s.tableQuery, !s.invalid);
  const set = (k: string) => (v: string) => s.set({ [k]: v });

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        subtitle={t('transactions.subtitle')}
        breadcrumbs={[{ label: t('common:nav.report.title') }, { label: t('common:nav.report.transactions') }]}
        actions={
          <>
            <CodeLookup />
            <ExcelButton path={REPORT_PATH.transactions} query={s.filterQuery} fileName="laporan-transaksi" disabled={s.invalid} />
            <PrintButton path="/reports/transactions/print" query={p} disabled={s.invalid} />
          </>
        }
      />
      <ReportShell
        query={q}
        invalid={s.invalid}
        filters={
          <>
            <RangeFilter start={p.start!} end={p.end!} onChange={(r) => s.set(r)} />
            <ProductFilter value={p.product!} onChange={set('product')} />
            <SelectFilter
              label={t('filter.txKind')}
              value={p.kind!}
              onChange={set('kind')}
              allLabel={t('filter.all')}
              options={TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`txKind.${k}`) }))}
              testId="filter-kind"
            />
            <SelectFilter
              label={t('filter.activity')}
              value={p.activity!}
              onChange={set('activity')}
              allLabel={t('filter.all')}
              options={SAVING_ACTIVITIES.map((a) => ({ value: a, label: t(`activity.${a}`) }))}
              testId="filter-activity"
            />
            <SelectFilter
              label={t('filter.channel')}
              value={p.channel!}
              onChange={set('channel')}
              allLabel={t('filter.all')}
              options={TRANSACTION_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
              testId="filter-channel"
            />
            <SelectFilter
              label={t('filter.txStatus')}
              value={p.status!}
              onChange={set('status')}
              allLabel={t('filter.all')}
              options={[
                { value: 'posted', label: t('filter.posted') },
                { value: 'corrections', label: t('filter.corrections') },
              ]}
              testId="filter-status"
            />
            <OptionFilter kind="users" value={p.user!} onChange={set('user')} />
            <OptionFilter kind="branches" value={p.branch!} onChange={set('branch')} />
            <SearchFilter value={p.search!} onChange={set('search')} placeholder={t('filter.searchTransaction')} />
            <ClearFilters show={s.changed} onClear={s.clear} />
          </>
        }
      >
        {(data) => (
          <TransactionsBody
            data={data}
            paging={s.paging(data.totalElements)}
            sort={s.sort}
            onSort={s.setSort}
            onRowClick={(r) => navigate(`/reports/transactions/${r.id}`)}
          />
        )}
      </ReportShell>
    </>
  );
}
