/**
 * Laporan Simpanan (/reports/savings, ?tab=...): the saving reports of spec
 * section 7 as tabs — account balances on a day, per product (with the
 * ledger reconciliation), per product and month, deposits and withdrawals
 * per product, plan savings. Each tab has its filters (kept in the address),
 * figures, Excel download and print layout.
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { type ReportData, useReport } from '../api/report';
import { BalancesBody } from '../components/bodies/BalancesBody';
import { MovementBody } from '../components/bodies/MovementBody';
import { PeriodsBody } from '../components/bodies/PeriodsBody';
import { PlansBody } from '../components/bodies/PlansBody';
import { ProductsBody } from '../components/bodies/ProductsBody';
import {
  ClearFilters,
  DayFilter,
  MonthRangeFilter,
  OptionFilter,
  ProductFilter,
  RangeFilter,
  SearchFilter,
  SelectFilter,
  ToggleFilter,
} from '../components/Filters';
import { ExcelButton, PrintButton } from '../components/ReportActions';
import { ReportShell } from '../components/ReportShell';
import { REPORT_PATH, SAVING_TABS, type SavingTab } from '../lib/filters';
import { useReportState } from '../lib/useReportState';

const EXCEL_NAME: Record<SavingTab, string> = {
  balances: 'laporan-simpanan',
  products: 'simpanan-per-produk',
  periods: 'simpanan-per-periode',
  deposits: 'setoran-simpanan',
  withdrawals: 'penarikan-simpanan',
  plans: 'tabungan-berencana',
};

/**
 * The filters of one tab: a plain function, not a component, so the filter
 * fields stay in the report's own element tree (a component boundary here made
 * an open product menu re-mount while the report reloaded).
 */
function tabFilters(tab: SavingTab, s: ReturnType<typeof useReportState>, t: (key: string) => string) {
  const p = s.params;
  const set = (k: string) => (v: string) => s.set({ [k]: v });
  switch (tab) {
    case 'balances':
      return (
        <>
          <DayFilter label={t('filter.asOf')} value={p.periode!} onChange={set('periode')} />
          <ProductFilter value={p.product!} onChange={set('product')} />
          <KindFilter value={p.kind!} onChange={set('kind')} />
          <SelectFilter
            label={t('filter.accountStatus')}
            value={p.status!}
            onChange={set('status')}
            allLabel={t('filter.all')}
            options={[
              { value: 'active', label: t('filter.activeAccounts') },
              { value: 'inactive', label: t('filter.inactiveAccounts') },
            ]}
            testId="filter-status"
          />
          <OptionFilter kind="branches" value={p.branch!} onChange={set('branch')} />
          <OptionFilter kind="areas" value={p.area!} onChange={set('area')} />
          <SearchFilter value={p.search!} onChange={set('search')} placeholder={t('filter.searchAccount')} />
          <ToggleFilter
            label={t('filter.showZero')}
            value={p.zero === '1'}
            onChange={(v) => s.set({ zero: v ? '1' : '0' })}
            testId="filter-zero"
          />
        </>
      );
    case 'products':
      return (
        <>
          <DayFilter label={t('filter.asOf')} value={p.periode!} onChange={set('periode')} />
          <KindFilter value={p.kind!} onChange={set('kind')} />
        </>
      );
    case 'periods':
      return (
        <>
          <MonthRangeFilter from={p.from!} to={p.to!} onChange={(r) => s.set(r)} />
          <ProductFilter value={p.product!} onChange={set('product')} />
        </>
      );
    case 'deposits':
    case 'withdrawals':
      return (
        <>
          <RangeFilter start={p.start!} end={p.end!} onChange={(r) => s.set(r)} />
          <ProductFilter value={p.product!} onChange={set('product')} />
          <OptionFilter kind="users" value={p.user!} onChange={set('user')} />
          <OptionFilter kind="branches" value={p.branch!} onChange={set('branch')} />
          <SearchFilter value={p.search!} onChange={set('search')} placeholder={t('filter.searchTransaction')} />
        </>
      );
    case 'plans':
      return (
        <>
          <ProductFilter value={p.product!} onChange={set('product')} kinds={['SAVING']} />
          <SelectFilter
            label={t('filter.progress')}
            value={p.progress!}
            onChange={set('progress')}
            allLabel={t('filter.all')}
            options={(['ON_TRACK', 'BEHIND', 'REACHED'] as const).map((v) => ({ value: v, label: t(`status.plan.${v}`) }))}
            testId="filter-progress"
          />
          <SearchFilter value={p.search!} onChange={set('search')} placeholder={t('filter.searchAccount')} />
        </>
      );
  }
}

function KindFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('saving-reports');
  return (
    <SelectFilter
      label={t('filter.kind')}
      value={value}
      onChange={onChange}
      allLabel={t('filter.allKinds')}
      options={[
        { value: 'SAVING_EQUITY', label: t('kind.SAVING_EQUITY') },
        { value: 'SAVING', label: t('kind.SAVING') },
      ]}
      testId="filter-kind"
    />
  );
}

function TabReport({ tab, tabs }: { tab: SavingTab; tabs: ReactNode }) {
  const { t } = useTranslation('saving-reports');
  const navigate = useNavigate();
  const s = useReportState(tab);
  const p = s.params;
  const q = useReport(tab, s.tableQuery, !s.invalid);

  return (
    <>
      <PageHeader
        title={t('savings.title')}
        subtitle={t(`savings.subtitle.${tab}`)}
        breadcrumbs={[{ label: t('common:nav.report.title') }, { label: t('common:nav.report.savings') }]}
        actions={
          <>
            <ExcelButton path={REPORT_PATH[tab]} query={s.filterQuery} fileName={EXCEL_NAME[tab]} disabled={s.invalid} />
            <PrintButton path="/reports/savings/print" query={{ tab, ...p }} disabled={s.invalid} />
          </>
        }
      />
      {tabs}
      <ReportShell
        query={q}
        invalid={s.invalid}
        filters={
          <>
            {tabFilters(tab, s, t)}
            <ClearFilters show={s.changed} onClear={s.clear} />
          </>
        }
      >
        {(data) => {
          const open = (r: { id: string }) => navigate(`/reports/transactions/${r.id}`);
          const body = { sort: s.sort, onSort: s.setSort };
          switch (tab) {
            case 'balances': {
              const d = data as ReportData['balances'];
              return <BalancesBody data={d} paging={s.paging(d.totalElements)} {...body} />;
            }
            case 'products':
              return <ProductsBody data={data as ReportData['products']} />;
            case 'periods':
              return <PeriodsBody data={data as ReportData['periods']} />;
            case 'deposits':
            case 'withdrawals': {
              const d = data as ReportData['deposits'];
              return <MovementBody data={d} paging={s.paging(d.totalElements)} {...body} onRowClick={open} />;
            }
            case 'plans': {
              const d = data as ReportData['plans'];
              return <PlansBody data={d} paging={s.paging(d.totalElements)} {...body} />;
            }
          }
        }}
      </ReportShell>
    </>
  );
}

export default function SavingReportsPage() {
  const { t } = useTranslation('saving-reports');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab: SavingTab = (SAVING_TABS as readonly string[]).includes(asked) ? (asked as SavingTab) : 'balances';
  const tabs = (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Tabs
        value={tab}
        onChange={(_e, v: SavingTab) => setParams(v === 'balances' ? {} : { tab: v })}
        variant="scrollable"
        scrollButtons="auto"
        data-testid="report-tabs"
      >
        {SAVING_TABS.map((k) => (
          <Tab key={k} value={k} label={t(`savings.tab.${k}`)} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
    </Box>
  );
  return <TabReport key={tab} tab={tab} tabs={tabs} />;
}
