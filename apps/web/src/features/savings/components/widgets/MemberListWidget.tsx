/**
 * A dashboard card listing a few members (principal saving owed, mandatory
 * arrears, ...): title and a subheader with the totals, a skeleton while
 * loading, a retry when the call failed, the widget's own text when nobody
 * is listed, else a small table. The member column shows the name (a link to
 * the member's savings at the teller for a role with member_transaction)
 * over a small grey detail line.
 *
 *   <MemberListWidget testId="widget-x" rowTestId="x-row" title={...} subheader={...} query={q} empty={...}
 *     columns={[{ header: t('account.member'), memberDetail: (r) => r.cifNumber },
 *               { header: t('widgets.arrears'), align: 'right', strong: true, cell: (r) => <MoneyText value={r.arrears} /> }]} />
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { useAuth } from '../../../../lib/auth/AuthProvider';

export interface MemberListRow {
  memberId: string;
  fullName: string;
}

export type MemberListColumn<R> = {
  header: string;
  align?: 'right';
  /** Bold (the column the card is about). */
  strong?: boolean;
  /** Monospace (codes). */
  mono?: boolean;
} & (
  | { cell: (row: R) => ReactNode }
  /** The member's name (linked when the role may open their savings) over this grey line. */
  | { memberDetail: (row: R) => ReactNode }
);

export interface MemberListWidgetProps<R extends MemberListRow> {
  testId: string;
  rowTestId: string;
  title: string;
  /** The totals, once loaded. */
  subheader?: string;
  query: { data?: { content: R[] }; isError: boolean; refetch: () => unknown };
  /** What an empty list means (everyone has paid). */
  empty: string;
  columns: MemberListColumn<R>[];
}

const cellSx = (c: { strong?: boolean; mono?: boolean }) =>
  c.strong ? { fontWeight: 600 } : c.mono ? { fontFamily: 'monospace' } : undefined;

export function MemberListWidget<R extends MemberListRow>({
  testId,
  rowTestId,
  title,
  subheader,
  query,
  empty,
  columns,
}: MemberListWidgetProps<R>) {
  const { can } = useAuth();
  const d = query.data;
  const linkable = can('member_transaction');
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader title={title} subheader={d ? subheader : ' '} slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }} />
      {query.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void query.refetch()} />
      ) : !d ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Skeleton variant="rounded" height={180} />
        </Box>
      ) : d.content.length === 0 ? (
        <EmptyState kind="noData" compact description={empty} />
      ) : (
        <Box sx={{ overflowX: 'auto', pb: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' } }}>
                {columns.map((c) => (
                  <TableCell key={c.header} align={c.align}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.content.map((r) => (
                <TableRow key={r.memberId} sx={{ '& td': { fontSize: '0.8125rem' } }} data-testid={rowTestId}>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.align} sx={cellSx(c)}>
                      {'cell' in c ? (
                        c.cell(r)
                      ) : (
                        <>
                          {linkable ? (
                            <Link component={RouterLink} to={`/transactions/savings?memberId=${r.memberId}`}>
                              {r.fullName}
                            </Link>
                          ) : (
                            r.fullName
                          )}
                          <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>{c.memberDetail(r)}</Typography>
                        </>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
