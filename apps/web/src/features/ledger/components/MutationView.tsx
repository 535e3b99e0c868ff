/**
 * An account's mutations over a period (GET /api/coa/{id}/mutation):
 * summary figures, then the lines with their running balance, server pages,
 * period filter and the server's Excel. Used by the chart of accounts and by
 * Kas & Bank.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { mutationPath, useAccountMutation } from '../api/accountMutation';
import { ExcelButton } from './ExcelButton';
import { StatementTable } from './StatementTable';

export function Figure({ label, value, testId, tone }: { label: string; value: number; testId?: string; tone?: 'success' | 'error' }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{label}</Typography>
      <Typography
        sx={{ fontWeight: 700, fontSize: '1.05rem', color: tone ? `${tone}.main` : undefined }}
        data-testid={testId}
        component="div"
      >
        <MoneyText value={value} colorNegative={!tone} />
      </Typography>
    </Box>
  );
}

export function MutationView({ accountId, title, extra }: { accountId: string; title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation('ledger');
  const [range, setRange] = useState<DateRange>(thisMonth);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const q = useAccountMutation(accountId, { start: range.start, end: range.end, page, limit });
  const data = q.data;
  const lastPage = data ? Math.max(0, data.totalPages - 1) : 0;
  return (
    <Card data-testid="mutation-view">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {title && <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>{title}</Box>}
        <Box sx={{ width: { xs: '100%', sm: 340 } }}>
          <DateRangeFields
            value={range}
            onChange={(r) => {
              setRange(r);
              setPage(0);
            }}
          />
        </Box>
        {extra}
        <ExcelButton
          path={mutationPath(accountId)}
          query={{ start: range.start, end: range.end }}
          fileName={`mutasi-${accountId}`}
          disabled={!data}
        />
      </CardContent>
      {q.isError && !data ? (
        <EmptyState kind="loadFailed" description={q.error.message} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton variant="rounded" height={260} />
        </Box>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, max-content)' },
              gap: { xs: 2, md: 5 },
              px: { xs: 2, md: 3 },
              pb: 2,
            }}
          >
            <Figure label={t('statement.opening')} value={data.openingBalance} testId="mutation-opening" />
            <Figure label={t('col.debit')} value={data.totalDebit} />
            <Figure label={t('col.credit')} value={data.totalCredit} />
            <Figure label={t('statement.closing')} value={data.closingBalance} testId="mutation-closing" />
          </Box>
          <Box sx={{ opacity: q.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
            <StatementTable data={data} first={page === 0} last={page >= lastPage} />
          </Box>
          <TablePagination
            component="div"
            count={data.totalElements}
            page={Math.min(page, lastPage)}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={limit}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[25, 50, 100, 250]}
            labelRowsPerPage={t('statement.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('statement.displayed', { from, to, total: count })}
          />
        </>
      )}
    </Card>
  );
}
