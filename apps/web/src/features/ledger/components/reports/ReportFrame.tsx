/**
 * The frame of every ledger report screen: header with Excel and print,
 * a filter bar, and the report with its loading, failed and empty states.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { useBusinessUnits } from '../../api/businessUnits';
import { reportCrumbs } from '../../lib/crumbs';

export function ReportFrame<T>({
  navKey,
  subtitle,
  filters,
  actions,
  query,
  idle,
  children,
}: {
  /** Key of the menu label under `nav.report.` */
  navKey: string;
  subtitle?: ReactNode;
  filters: ReactNode;
  actions: ReactNode;
  query: UseQueryResult<T>;
  /** Shown instead of the report while the filters are not complete (no account chosen...). */
  idle?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <>
      <PageHeader title={t(`common:nav.report.${navKey}`)} subtitle={subtitle} breadcrumbs={reportCrumbs(t, navKey)} actions={actions} />
      <Card sx={{ mb: 3 }}>
        <CardContent
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', '&:last-child': { pb: 2 } }}
          data-testid="report-filters"
        >
          {filters}
        </CardContent>
      </Card>
      <Card data-testid="report-card">
        {idle ? (
          idle
        ) : query.isError && !query.data ? (
          <EmptyState kind="loadFailed" description={query.error?.message} onRetry={() => void query.refetch()} />
        ) : query.data === undefined ? (
          <Box sx={{ p: 2.5 }}>
            <Skeleton variant="rounded" height={360} />
          </Box>
        ) : (
          <Box sx={{ p: { xs: 1, md: 2 }, opacity: query.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>{children(query.data)}</Box>
        )}
      </Card>
    </>
  );
}

/** Business unit filter; hidden while the cooperative has none (or the business-unit area is not there yet). */
export function BusinessUnitFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('ledger');
  const units = useBusinessUnits();
  if (!units.data?.length) return null;
  return (
    <TextField
      select
      size="small"
      label={t('filter.businessUnit')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="none">{t('filter.allUnits')}</MenuItem>
      {units.data.map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {u.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ZeroToggle({ value, onChange }: { value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('ledger');
  return (
    <FormControlLabel
      control={<Switch size="small" checked={value} onChange={(e) => onChange(e.target.checked)} data-testid="show-zero" />}
      label={<Typography sx={{ fontSize: '0.8125rem' }}>{t('filter.showZero')}</Typography>}
    />
  );
}
