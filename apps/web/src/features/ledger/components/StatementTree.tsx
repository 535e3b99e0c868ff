/**
 * A financial statement laid out by the chart of accounts: each header
 * account opens a group, its accounts follow indented, and a "Total <header>"
 * line closes it; computed lines (the year's surplus not yet closed) show in
 * italics. Current and comparison amounts side by side. Screen and print.
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import type { StatementNode, StatementSection } from '../lib/types';

export interface StatementRow {
  key: string;
  kind: 'header' | 'account' | 'subtotal' | 'total' | 'grand';
  depth: number;
  code: string | null;
  name: string;
  amount: number | null;
  previous: number | null;
  synthetic?: boolean;
  testId?: string;
}

/** The rows of one section, in reading order. */
export function sectionRows(section: StatementSection, totalLabel: (name: string) => string): StatementRow[] {
  const out: StatementRow[] = [];
  const walk = (n: StatementNode, depth: number, path: string) => {
    const key = `${path}/${n.id ?? n.name}`;
    if (n.children.length) {
      out.push({ key, kind: 'header', depth, code: n.code, name: n.name, amount: null, previous: null });
      for (const c of n.children) walk(c, depth + 1, key);
      out.push({
        key: `${key}#total`,
        kind: depth === 0 ? 'total' : 'subtotal',
        depth,
        code: null,
        name: totalLabel(n.name),
        amount: n.amount,
        previous: n.previousAmount,
      });
    } else {
      out.push({
        key,
        kind: 'account',
        depth,
        code: n.code,
        name: n.name,
        amount: n.amount,
        previous: n.previousAmount,
        synthetic: n.synthetic,
      });
    }
  };
  for (const n of section.accounts) walk(n, 0, section.type);
  if (section.accounts.length !== 1 || section.accounts[0]!.children.length === 0) {
    out.push({
      key: `${section.type}#section`,
      kind: 'total',
      depth: 0,
      code: null,
      name: totalLabel(section.title),
      amount: section.total,
      previous: section.previousTotal,
    });
  }
  return out;
}

export function StatementTree({
  rows,
  currentLabel,
  previousLabel,
  print,
  footer,
  testId,
}: {
  rows: StatementRow[];
  currentLabel: ReactNode;
  previousLabel?: ReactNode;
  print?: boolean;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('ledger');
  const head = { fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase' as const, color: 'text.secondary' };
  const compare = previousLabel !== undefined;
  // Phones drop the code column; the names need the room.
  const codeCell = print ? {} : { display: { xs: 'none', sm: 'table-cell' } };
  return (
    <Table size="small" sx={{ minWidth: print ? undefined : 560, '& td, & th': { borderBottomColor: 'divider' } }} data-testid={testId}>
      <TableHead>
        <TableRow sx={{ bgcolor: print ? undefined : 'action.hover' }}>
          <TableCell sx={{ ...head, ...codeCell, width: 110 }}>{t('col.code')}</TableCell>
          <TableCell sx={{ ...head, minWidth: 180 }}>{t('col.account')}</TableCell>
          <TableCell sx={{ ...head, width: { xs: 130, md: 190 } }} align="right">
            {currentLabel}
          </TableCell>
          {compare && (
            <TableCell sx={{ ...head, width: { xs: 130, md: 190 } }} align="right">
              {previousLabel}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => {
          const bold = r.kind !== 'account';
          const strong = r.kind === 'total' || r.kind === 'grand';
          return (
            <TableRow
              key={r.key}
              data-testid={r.testId}
              sx={{
                breakInside: 'avoid',
                '& td': {
                  fontSize: r.kind === 'grand' ? '0.875rem' : '0.8125rem',
                  fontWeight: strong ? 700 : bold ? 600 : 400,
                  fontStyle: r.synthetic ? 'italic' : undefined,
                  borderTop: strong ? 2 : r.kind === 'subtotal' ? 1 : undefined,
                  borderTopColor: strong ? 'text.primary' : 'divider',
                  bgcolor: r.kind === 'grand' && !print ? 'action.selected' : undefined,
                },
              }}
            >
              <TableCell sx={{ fontFamily: 'monospace', color: 'text.secondary', ...codeCell }}>
                {r.kind === 'header' || r.kind === 'account' ? r.code : ''}
              </TableCell>
              <TableCell sx={{ pl: `${16 + r.depth * 18}px !important` }}>{r.name}</TableCell>
              <TableCell align="right">{r.amount !== null && <MoneyText value={r.amount} colorNegative={!print} />}</TableCell>
              {compare && (
                <TableCell align="right">{r.previous !== null && <MoneyText value={r.previous} colorNegative={!print} />}</TableCell>
              )}
            </TableRow>
          );
        })}
        {footer}
      </TableBody>
    </Table>
  );
}
