/**
 * Laporan Buku Besar: one account (a header gathers the accounts below it)
 * over a date range: opening balance, lines with running balance, closing
 * balance, server pages; Excel and print take every line.
 */
import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { EmptyState } from '../../../components/EmptyState';
import { LEDGER_REPORT_PATH, useLedgerReport } from '../api/ledgerReport';
import { useAccounts } from '../api/listAccounts';
import { AccountPicker } from '../components/AccountPicker';
import { ExcelButton } from '../components/ExcelButton';
import { Figure } from '../components/MutationView';
import { PrintButton } from '../components/PrintButton';
import { ReportFrame } from '../components/reports/ReportFrame';
import { StatementTable } from '../components/StatementTable';
import { useReportParams } from '../lib/useReportParams';

export const ledgerDefaults = () => {
  const m = thisMonth();
  return { coa: '', start: m.start ?? '', end: m.end ?? '' };
};

export default function LedgerReportPage() {
  const { t } = useTranslation('ledger');
  const [p, set] = useReportParams(ledgerDefaults());
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(50);
  const accounts = useAccounts({ isActive: true });
  const options = accounts.data ?? [];
  const account = options.find((a) => a.code === p.coa || a.id === p.coa) ?? null;
  const q = useLedgerReport({ coaId: p.coa || null, start: p.start, end: p.end, page, limit });
  const bad = !p.coa || !p.start || !p.end || p.start > p.end;
  const data = q.data;
  const lastPage = data ? Math.max(0, data.totalPages - 1) : 0;
  return (
    <ReportFrame
      navKey="ledger"
      subtitle={t('report.ledgerSubtitle')}
      query={q}
      idle={!p.coa ? <EmptyState kind="noData" title={t('report.chooseAccount')} description={t('report.chooseAccountHint')} /> : undefined}
      actions={
        <>
          <ExcelButton
            path={LEDGER_REPORT_PATH}
            query={{ coaId: p.coa, start: p.start, end: p.end }}
            fileName={`buku-besar-${p.coa}-${p.start}-${p.end}`}
            disabled={bad}
          />
          <PrintButton path="/reports/ledger/print" query={p} disabled={bad} />
        </>
      }
      filters={
        <>
          <Box sx={{ width: { xs: '100%', md: 380 } }}>
            <AccountPicker
              options={options}
              loading={accounts.isLoading}
              value={account}
              onChange={(a) => {
                setPage(0);
                set({ coa: a?.code ?? '' });
              }}
              label={t('report.account')}
              indent
              testId="ledger-account"
            />
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 340 } }}>
            <DateRangeFields
              value={{ start: p.start, end: p.end }}
              onChange={(r) => {
                setPage(0);
                set({ start: r.start ?? '', end: r.end ?? '' });
              }}
            />
          </Box>
        </>
      }
    >
      {(d) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, px: 1, pb: 2, alignItems: 'flex-end' }}>
            <Box sx={{ flex: '1 1 220px' }}>
              <Typography variant="h6" data-testid="ledger-account-name">
                {d.account.code} · {d.account.name}
              </Typography>
              <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
                {t(`type.${d.account.type}`)} · {t('report.normalBalanceIs', { side: t(`normal.${d.account.normalBalance}`) })}
              </Typography>
            </Box>
            <Figure label={t('statement.opening')} value={d.openingBalance} testId="ledger-opening" />
            <Figure label={t('col.debit')} value={d.totalDebit} />
            <Figure label={t('col.credit')} value={d.totalCredit} />
            <Figure label={t('statement.closing')} value={d.closingBalance} testId="ledger-closing" />
          </Box>
          <StatementTable data={d} first={page === 0} last={page >= lastPage} showAccount={!d.account.isPostable} />
          <TablePagination
            component="div"
            count={d.totalElements}
            page={Math.min(page, lastPage)}
            onPageChange={(_e, n) => setPage(n)}
            rowsPerPage={limit}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[50, 100, 250, 500]}
            labelRowsPerPage={t('statement.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('statement.displayed', { from, to, total: count })}
          />
        </>
      )}
    </ReportFrame>
  );
}
