/** Perhitungan hasil usaha: income, expenses, and the surplus (SHU), with the period before for comparison. */
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useFormat } from '../../../../lib/format';
import type { ProfitAndLoss } from '../../lib/types';
import { StatementTree, sectionRows } from '../StatementTree';

export function ProfitLossBody({ data, print }: { data: ProfitAndLoss; print?: boolean }) {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const total = (name: string) => t('report.totalOf', { name });
  const rows = data.sections.flatMap((s) => sectionRows(s, total));
  const range = (a: string, b: string) => `${f.date(a)} – ${f.date(b)}`;
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="profit-loss">
      <StatementTree
        rows={rows}
        currentLabel={range(data.start, data.end)}
        previousLabel={range(data.previousStart, data.previousEnd)}
        print={print}
        footer={
          <TableRow
            data-testid="pl-surplus"
            sx={{ '& td': { fontWeight: 700, fontSize: '0.9rem', borderTop: 3, borderTopStyle: 'double', borderTopColor: 'text.primary' } }}
          >
            <TableCell sx={print ? undefined : { display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell>{data.surplus < 0 ? t('report.deficit') : t('report.surplus')}</TableCell>
            <TableCell align="right" data-testid="pl-surplus-amount">
              <MoneyText value={data.surplus} colorNegative={!print} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={data.previous.surplus} colorNegative={!print} />
            </TableCell>
          </TableRow>
        }
      />
    </Box>
  );
}
