/** The frame of a member widget: title, subtitle, an action, and loading / failed / empty states. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';

export function WidgetCard({
  title,
  subheader,
  action,
  testId,
  state,
  onRetry,
  children,
}: {
  title: string;
  subheader?: ReactNode;
  action?: ReactNode;
  testId: string;
  state: 'loading' | 'error' | 'empty' | 'ready';
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        slotProps={{ title: { sx: { fontSize: '1rem', fontWeight: 600 } }, subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 2.5, flex: 1, minWidth: 0 }}>
        {state === 'loading' ? (
          <>
            <Skeleton variant="rounded" height={120} sx={{ mb: 1 }} />
            <Skeleton height={28} />
            <Skeleton height={28} />
          </>
        ) : state === 'error' ? (
          <EmptyState kind="loadFailed" compact onRetry={onRetry} />
        ) : state === 'empty' ? (
          <EmptyState kind="noData" compact />
        ) : (
          children
        )}
      </Box>
    </Card>
  );
}

export function stateOf(q: { isPending: boolean; isError: boolean }, empty: boolean): 'loading' | 'error' | 'empty' | 'ready' {
  if (q.isPending) return 'loading';
  if (q.isError) return 'error';
  return empty ? 'empty' : 'ready';
}

/** A coloured dot with a label and a number, the legend of the donuts. */
export function LegendRow({ color, label, value }: { color: string; label: ReactNode; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, fontSize: '0.8125rem' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
      <Box sx={{ flex: 1, color: 'text.secondary', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {label}
      </Box>
      <Box sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Box>
    </Box>
  );
}
