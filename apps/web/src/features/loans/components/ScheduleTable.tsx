/**
 * An installment schedule as a table: number, due date, principal,
 * interest, total and the principal remaining after it, with a totals row.
 * A loan's installments add what was paid and their state (paid, partly
 * paid, overdue with its fine). Sticky header; scrolls sideways on a phone.
 */
import { MIGRATION_PAID_NOTE } from '@koperasi/contracts/migration';
import { dec } from '@koperasi/finance/money';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import type { Installment, SimulationRow } from '../api/types';
import { InstallmentStatusChip } from './Chips';

const num = { textAlign: 'end', whiteSpace: 'nowrap' } as const;

/** What was paid on an installment (principal, interest and fine), exact. */
export const paidOf = (i: Installment) => dec(i.principalPaid).plus(dec(i.interestPaid)).plus(dec(i.finePaid)).toNumber();

export function ScheduleTable({
  rows,
  totals,
  maxHeight,
  withPayments,
  print,
  highlightNumber,
}: {
  rows: Array<SimulationRow | Installment>;
  totals?: { totalPrincipal: number; totalInterest: number; totalPayment: number } | null;
  maxHeight?: number;
  /** A loan's installments: paid amounts, fine and state. */
  withPayments?: boolean;
  /** On paper: no sticky header, no scrolling. */
  print?: boolean;
  /** The installment to mark (the next one due). */
  highlightNumber?: number | null;
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  // The fine column only when a fine is owed (most schedules have none).
  const fines = Boolean(withPayments) && rows.some((r) => (r as Installment).fineDue > 0);
  const head: Array<[string, boolean]> = [
    [t('schedule.number'), false],
    [t('schedule.dueDate'), false],
    [t('schedule.principal'), true],
    [t('schedule.interest'), true],
    [t('schedule.total'), true],
    ...(withPayments
      ? ([...(fines ? [[t('schedule.fine'), true]] : []), [t('schedule.paid'), true], [t('schedule.status'), false]] as Array<
          [string, boolean]
        >)
      : []),
    [t('schedule.remaining'), true],
  ];
  const cell = (v: ReactNode, right = true) => <TableCell sx={right ? num : { whiteSpace: 'nowrap' }}>{v}</TableCell>;
  const table = (
    <Table size="small" stickyHeader={!print} data-testid="schedule-table" sx={print ? undefined : { '& td, & th': { px: 1.25 } }}>
      <TableHead>
        <TableRow>
          {head.map(([label, right]) => (
            <TableCell key={label} sx={right ? num : { whiteSpace: 'nowrap' }}>
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => {
          const inst = withPayments ? (r as Installment) : null;
          return (
            <TableRow
              key={r.number}
              data-testid="schedule-row"
              data-number={r.number}
              selected={highlightNumber === r.number}
              sx={inst?.status === 'PAID' ? { '& td': { color: 'text.secondary' } } : undefined}
            >
              {cell(r.number, false)}
              {cell(f.date(r.dueDate), false)}
              {cell(<MoneyText value={r.principal} />)}
              {cell(<MoneyText value={r.interest} />)}
              {cell(<MoneyText value={r.total} />)}
              {inst && (
                <>
                  {fines && cell(<MoneyText value={inst.fineDue} />)}
                  {cell(<MoneyText value={paidOf(inst)} />)}
                  {cell(
                    inst.notes === MIGRATION_PAID_NOTE ? (
                      <Chip size="small" variant="outlined" label={t('installment.paidBeforeMigration')} data-testid="installment-status" />
                    ) : (
                      <InstallmentStatusChip status={inst.status} daysLate={inst.daysLate} />
                    ),
                    false,
                  )}
                </>
              )}
              {cell(<MoneyText value={r.remainingPrincipal} />)}
            </TableRow>
          );
        })}
      </TableBody>
      {totals && (
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.8125rem', borderBottom: 0 } }}>
            <TableCell colSpan={2}>{t('schedule.totals')}</TableCell>
            {cell(<MoneyText value={totals.totalPrincipal} />)}
            {cell(<MoneyText value={totals.totalInterest} />)}
            {cell(<MoneyText value={totals.totalPayment} />)}
            {withPayments && <TableCell colSpan={fines ? 3 : 2} />}
            <TableCell />
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
  if (print) return table;
  return (
    <TableContainer sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Box sx={{ minWidth: withPayments ? 720 : 520 }}>{table}</Box>
    </TableContainer>
  );
}
