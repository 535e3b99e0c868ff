/** An interest schedule: each month's payment day, gross interest, tax and net (projected or paid). */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';

export interface ScheduleLine {
  period: number;
  from: string;
  to: string;
  days: number;
  gross: number;
  tax: number;
  net: number;
  status?: ReactNode;
}

export function ScheduleTable({ rows, totals }: { rows: ScheduleLine[]; totals?: { gross: number; tax: number; net: number } }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const hasStatus = rows.some((r) => r.status);
  return (
    <Table size="small" data-testid="interest-schedule">
      <TableHead>
        <TableRow>
          <TableCell>{t('schedule.period')}</TableCell>
          <TableCell>{t('schedule.payDay')}</TableCell>
          <TableCell align="right">{t('schedule.days')}</TableCell>
          <TableCell align="right">{t('schedule.gross')}</TableCell>
          <TableCell align="right">{t('schedule.tax')}</TableCell>
          <TableCell align="right">{t('schedule.net')}</TableCell>
          {hasStatus && <TableCell>{t('field.status')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={`${r.period}-${r.to}`}>
            <TableCell>{r.period}</TableCell>
            <TableCell>{f.date(r.to)}</TableCell>
            <TableCell align="right">{r.days}</TableCell>
            <TableCell align="right">
              <MoneyText value={r.gross} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.tax} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.net} />
            </TableCell>
            {hasStatus && <TableCell>{r.status}</TableCell>}
          </TableRow>
        ))}
        {totals && (
          <TableRow sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell colSpan={3}>{t('schedule.total')}</TableCell>
            <TableCell align="right">
              <MoneyText value={totals.gross} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={totals.tax} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={totals.net} />
            </TableCell>
            {hasStatus && <TableCell />}
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
