/** The rows of an interest report as a plain table (screen and print alike), with the totals row. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import type { InterestReport, Row } from '../api/reports';

interface Col {
  key: string;
  label: string;
  money?: boolean;
  render?: (r: Row) => string;
}

export function useReportColumns(report: InterestReport | 'detail'): Col[] {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const period = (r: Row) => `${f.date(String(r.startDate))} – ${f.date(String(r.endDate))}`;
  const money = (key: string, label: string): Col => ({ key, label, money: true });
  switch (report) {
    case 'member':
      return [
        { key: 'cifNumber', label: t('cif') },
        { key: 'memberName', label: t('member') },
        { key: 'accountNumber', label: t('account') },
        { key: 'productName', label: t('product') },
        { key: 'startDate', label: t('period'), render: period },
        money('basisBalance', t('reports.basisBalance')),
        money('gross', t('gross')),
        money('tax', t('tax')),
        money('adminFee', t('adminFee')),
        money('net', t('net')),
      ];
    case 'releases':
      return [
        { key: 'kind', label: t('reports.kind'), render: (r) => t(`reports.kinds.${r.kind}`) },
        { key: 'startDate', label: t('period'), render: period },
        { key: 'productName', label: t('product'), render: (r) => String(r.productName ?? t('reports.allProducts')) },
        { key: 'status', label: t('statusLabel'), render: (r) => t(`reports.status.${r.status}`) },
        { key: 'items', label: t('reports.items') },
        money('totalGross', t('gross')),
        money('totalTax', t('tax')),
        money('totalAdminFee', t('adminFee')),
        money('totalNet', t('net')),
      ];
    case 'periods':
      return [
        { key: 'periode', label: t('period') },
        { key: 'kind', label: t('reports.kind'), render: (r) => t(`reports.kinds.${r.kind}`) },
        { key: 'items', label: t('reports.items') },
        money('totalGross', t('gross')),
        money('totalTax', t('tax')),
        money('totalAdminFee', t('adminFee')),
        money('totalNet', t('net')),
      ];
    case 'detail':
      return [
        { key: 'cifNumber', label: t('cif') },
        { key: 'memberName', label: t('member') },
        { key: 'accountNumber', label: t('account') },
        money('basisBalance', t('reports.basisBalance')),
        money('gross', t('gross')),
        money('tax', t('tax')),
        money('adminFee', t('adminFee')),
        money('net', t('net')),
      ];
  }
}

export function ReportTable({
  report,
  rows,
  totals,
  onRowClick,
}: {
  report: InterestReport | 'detail';
  rows: Row[];
  totals?: Row | null;
  onRowClick?: (r: Row) => void;
}) {
  const { t } = useTranslation('interest-consolidation');
  const cols = useReportColumns(report);
  return (
    <Table size="small" data-testid={`interest-report-${report}`}>
      <TableHead>
        <TableRow>
          {cols.map((c) => (
            <TableCell key={c.key} align={c.money ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow
            key={String(r.id ?? `${r.periode}-${r.kind}-${i}`)}
            hover={!!onRowClick}
            onClick={onRowClick ? () => onRowClick(r) : undefined}
            sx={onRowClick ? { cursor: 'pointer' } : undefined}
          >
            {cols.map((c) => (
              <TableCell key={c.key} align={c.money ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {c.money ? <MoneyText value={r[c.key] as number} /> : c.render ? c.render(r) : String(r[c.key] ?? '')}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={cols.length} align="center" sx={{ color: 'text.secondary' }}>
              {t('reports.empty')}
            </TableCell>
          </TableRow>
        )}
        {totals && rows.length > 0 && (
          <TableRow>
            {cols.map((c, i) => (
              <TableCell key={c.key} align={c.money ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {i === 0 ? t('reports.total') : c.money && totals[c.key] !== undefined ? <MoneyText value={totals[c.key] as number} /> : ''}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
