/**
 * The frame of a saving report: a filter bar, the report with its loading,
 * failed and "choose valid filters" states, the figures above it. The page
 * header (with Excel and print) belongs to the page.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

export function ReportShell<T>({
  filters,
  query,
  invalid,
  children,
}: {
  filters: ReactNode;
  query: UseQueryResult<T>;
  /** The filters cannot make a report (end before start). */
  invalid?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('saving-reports');
  return (
    <>
      <Card sx={{ mb: 3 }}>
        <CardContent
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', '&:last-child': { pb: 2 } }}
          data-testid="report-filters"
        >
          {filters}
        </CardContent>
      </Card>
      {invalid ? (
        <Card>
          <Alert severity="warning" sx={{ m: 2 }} data-testid="report-invalid">
            {t('invalidFilters')}
          </Alert>
        </Card>
      ) : query.isError && !query.data ? (
        <Card>
          <EmptyState kind="loadFailed" description={query.error?.message} onRetry={() => void query.refetch()} />
        </Card>
      ) : query.data === undefined ? (
        <Card sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={360} />
        </Card>
      ) : (
        <Box sx={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity .2s' }} data-testid="report-body">
          {children(query.data)}
        </Box>
      )}
    </>
  );
}

/** Key figures above a report's table (totals of the whole filter, not only the page). */
export function Figures({
  items,
  print,
}: {
  items: Array<{ label: string; value: ReactNode; testId?: string; tone?: 'success' | 'error' }>;
  print?: boolean;
}) {
  if (print) {
    return (
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mb: 2, fontSize: '0.8rem' }}>
        {items.map((it) => (
          <Box key={it.label} sx={{ display: 'flex', gap: 0.75 }}>
            <Box component="dt" sx={{ color: '#444' }}>
              {it.label}:
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {it.value}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${Math.min(items.length, 5)}, minmax(0, 1fr))` },
        gap: 2,
        mb: 2.5,
      }}
      data-testid="report-figures"
    >
      {items.map((it) => (
        <Card key={it.label} sx={{ px: 2, py: 1.5 }}>
          <Box sx={{ fontSize: '0.6875rem', textTransform: 'uppercase', letterSpacing: 0.4, color: 'text.secondary' }}>{it.label}</Box>
          <Box
            sx={{
              fontWeight: 700,
              fontSize: '1.05rem',
              fontVariantNumeric: 'tabular-nums',
              color: it.tone ? `${it.tone}.main` : 'text.primary',
              wordBreak: 'break-word',
            }}
            data-testid={it.testId}
          >
            {it.value}
          </Box>
        </Card>
      ))}
    </Box>
  );
}
