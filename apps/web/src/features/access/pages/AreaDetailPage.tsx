/** One area (/areas/:id): its details and counts, and its people; someone can be taken out of the area. */
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { listAreaMembers } from '../api/areaMembers';
import { useArea } from '../api/getArea';
import { accessKeys } from '../api/keys';
import { AreaFormDialog } from '../components/AreaFormDialog';
import { OrganizationMembersTable } from '../components/OrganizationMembersTable';
import { Stat } from '../components/Stat';
import { ActiveChip } from '../components/StatusChip';

export default function AreaDetailPage() {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const { id } = useParams();
  const q = useArea(id);
  const [editing, setEditing] = useState(false);
  const crumbs = [{ label: t('common:nav.area.title'), to: '/areas' }];

  if (q.isPending) return <Skeleton variant="rounded" height={360} />;
  if (q.isError) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader title={t('common:nav.area.title')} breadcrumbs={crumbs} />
        <Card>
          {notFound ? (
            <EmptyState kind="notFound" title={t('areas.notFound')} />
          ) : (
            <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
          )}
        </Card>
      </>
    );
  }
  const a = q.data;
  return (
    <>
      <PageHeader
        title={a.name}
        subtitle={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ActiveChip active={a.isActive} />
            <span>
              {[a.branch ? t('areas.ofBranch', { branch: a.branch.name }) : t('areas.noBranch'), a.description].filter(Boolean).join(' · ')}
            </span>
          </Box>
        }
        breadcrumbs={[...crumbs, { label: a.name }]}
        actions={
          can('area', 'update') && (
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="area-edit">
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Grid container spacing={3} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Stat label={t('branches.columns.userCount')} value={f.number(a.userCount)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Stat label={t('branches.columns.memberCount')} value={f.number(a.memberCount)} />
        </Grid>
      </Grid>
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {t('areas.people')}
      </Typography>
      <OrganizationMembersTable
        queryKey={[...accessKeys.areas, 'members', a.id]}
        fetchPage={(p: ListParams, signal) => listAreaMembers(a.id, p, signal)}
        areaId={a.id}
        areaName={a.name}
      />
      <AreaFormDialog open={editing} area={a} onClose={() => setEditing(false)} />
    </>
  );
}
