/**
 * A dashboard card listing a few loans (past due, falling due): title and a
 * subheader with the count, a skeleton while loading, a retry when the call
 * failed, the widget's own text when none is listed, else a small table
 * whose member cell links to the loan, and a link to the whole list.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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

export interface LoanListColumn<R> {
  header: string;
  align?: 'right';
  strong?: boolean;
  cell: (row: R) => ReactNode;
}

export function LoanListWidget<R extends { loanId: string; memberName: string }>({
  testId,
  rowTestId,
  title,
  subheader,
  query,
  empty,
  detail,
  columns,
  more,
  memberHeader,
}: {
  testId: string;
  rowTestId: string;
  title: string;
  subheader?: string;
  query: { data?: { content: R[] }; isError: boolean; refetch: () => unknown };
  empty: string;
  /** The grey line under the member's name. */
  detail: (row: R) => ReactNode;
  columns: LoanListColumn<R>[];
  more?: { label: string; to: string };
  memberHeader: string;
}) {
  const d = query.data;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardHeader
        title={title}
        subheader={d ? subheader : ' '}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
        action={
          more &&
          d &&
          d.content.length > 0 && (
            <Button size="small" component={RouterLink} to={more.to}>
              {more.label}
            </Button>
          )
        }
      />
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
                <TableCell>{memberHeader}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.header} align={c.align}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.content.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a loan may be listed once per installment
                <TableRow key={`${r.loanId}-${i}`} sx={{ '& td': { fontSize: '0.8125rem' } }} data-testid={rowTestId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/transactions/loans/${r.loanId}`}>
                      {r.memberName}
                    </Link>
                    <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>{detail(r)}</Typography>
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.align} sx={c.strong ? { fontWeight: 600 } : undefined}>
                      {c.cell(r)}
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
