/** Neraca: assets, then liabilities and equity, each grouped by the chart with subtotals, and the check that both sides agree. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import type { BalanceSheet } from '../../lib/types';
import { type StatementRow, StatementTree, sectionRows } from '../StatementTree';

export function BalanceSheetBody({ data, print }: { data: BalanceSheet; print?: boolean }) {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const total = (name: string) => t('report.totalOf', { name });
  const section = (type: string) => data.sections.find((s) => s.type === type);
  const mark = (rows: StatementRow[], testId: string) => {
    const last = rows.findLast((r) => r.kind === 'total');
    if (last) last.testId = testId;
    return rows;
  };
  const assets = section('ASSET');
  const liabilities = section('LIABILITY');
  const equity = section('EQUITY');
  const left = assets ? mark(sectionRows(assets, total), 'bs-total-assets') : [];
  const right = [
    ...(liabilities ? mark(sectionRows(liabilities, total), 'bs-total-liabilities') : []),
    ...(equity ? mark(sectionRows(equity, total), 'bs-total-equity') : []),
  ];
  const current = t('report.asOf', { date: f.date(data.asOf) });
  const previous = t('report.asOf', { date: f.date(data.compareAsOf) });
  return (
    <Box data-testid="balance-sheet">
      {!print && (
        <Alert severity={data.balanced ? 'success' : 'error'} sx={{ mb: 2 }} data-testid={data.balanced ? 'bs-balanced' : 'bs-unbalanced'}>
          {data.balanced
            ? t('report.balanced', { amount: f.money(data.totalAssets) })
            : t('report.unbalanced', { difference: f.money(data.difference) })}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <StatementTree rows={left} currentLabel={current} previousLabel={previous} print={print} testId="bs-assets" />
      </Box>
      <Box sx={{ overflowX: 'auto', mt: 3 }}>
        <StatementTree
          rows={right}
          currentLabel={current}
          previousLabel={previous}
          print={print}
          testId="bs-liabilities-equity"
          footer={
            <TableRow
              data-testid="bs-total-le"
              sx={{ '& td': { fontWeight: 700, fontSize: '0.875rem', borderTop: 2, borderTopColor: 'text.primary' } }}
            >
              <TableCell sx={print ? undefined : { display: { xs: 'none', sm: 'table-cell' } }} />
              <TableCell>{t('report.totalLiabilitiesEquity')}</TableCell>
              <TableCell align="right" data-testid="bs-total-le-amount">
                <MoneyText value={data.totalLiabilitiesAndEquity} />
              </TableCell>
              <TableCell align="right">
                <MoneyText value={data.previous.totalLiabilitiesAndEquity} />
              </TableCell>
            </TableRow>
          }
        />
      </Box>
      <Box sx={{ display: 'none' }} data-testid="bs-total-assets-amount" data-amount={data.totalAssets} />
    </Box>
  );
}
