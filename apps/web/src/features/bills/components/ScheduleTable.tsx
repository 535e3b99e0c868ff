/** A bill's installments: due date, amount, admin fee, what was paid and what is left, with their status. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { InstallmentChip } from './Chips';

export interface ScheduleRow {
  number: number;
  dueDate: string;
  amount: number;
  adminFee: number;
  total?: number;
  amountPaid?: number;
  adminFeePaid?: number;
  remaining?: number;
  status?: string;
}

export function ScheduleTable({ rows, actions }: { rows: ScheduleRow[]; actions?: (r: ScheduleRow) => ReactNode }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const paidCols = rows.some((r) => r.status !== undefined);
  return (
    <Table size="small" data-testid="bill-schedule" sx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('schedule.number')}</TableCell>
          <TableCell>{t('schedule.dueDate')}</TableCell>
          <TableCell align="right">{t('schedule.amount')}</TableCell>
          <TableCell align="right">{t('schedule.adminFee')}</TableCell>
          {paidCols ? (
            <>
              <TableCell align="right">{t('schedule.paid')}</TableCell>
              <TableCell align="right">{t('schedule.remaining')}</TableCell>
              <TableCell>{t('schedule.status')}</TableCell>
            </>
          ) : (
            <TableCell align="right">{t('schedule.total')}</TableCell>
          )}
          {actions && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.number} data-testid="bill-installment">
            <TableCell>{r.number}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.date(r.dueDate)}</TableCell>
            <TableCell align="right">
              <MoneyText value={r.amount} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.adminFee} />
            </TableCell>
            {paidCols ? (
              <>
                <TableCell align="right">
                  <MoneyText value={(r.amountPaid ?? 0) + (r.adminFeePaid ?? 0)} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={r.remaining ?? 0} />
                </TableCell>
                <TableCell>{r.status && <InstallmentChip status={r.status} />}</TableCell>
              </>
            ) : (
              <TableCell align="right">
                <MoneyText value={r.total ?? r.amount + r.adminFee} />
              </TableCell>
            )}
            {actions && <TableCell align="right">{actions(r)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
