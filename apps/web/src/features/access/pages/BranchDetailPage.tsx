/** One branch (/branches/:id): its details and counts, and its people (staff and members). */
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
import { listBranchMembers } from '../api/branchMembers';
import { useBranch } from '../api/getBranch';
import { accessKeys } from '../api/keys';
import { BranchFormDialog } from '../components/BranchFormDialog';
import { OrganizationMembersTable } from '../components/OrganizationMembersTable';
import { Stat } from '../components/Stat';
import { ActiveChip } from '../components/StatusChip';

export default function BranchDetailPage() {
  const { t } = useTranslation('access');
  const f = useFormat();
  const { can } = useAuth();
  const { id } = useParams();
  const q = useBranch(id);
  const [editing, setEditing] = useState(false);
  const crumbs = [{ label: t('common:nav.branch.title'), to: '/branches' }];

  if (q.isPending) return <Skeleton variant="rounded" height={360} />;
  if (q.isError) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader title={t('common:nav.branch.title')} breadcrumbs={crumbs} />
        <Card>
          {notFound ? (
            <EmptyState kind="notFound" title={t('branches.notFound')} />
          ) : (
            <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
          )}
        </Card>
      </>
    );
  }
  const b = q.data;
  return (
    <>
      <PageHeader
        title={b.code ? `${b.name} (${b.code})` : b.name}
        subtitle={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ActiveChip active={b.isActive} />
            <span>{[b.address, b.phone].filter(Boolean).join(' · ')}</span>
          </Box>
        }
        breadcrumbs={[...crumbs, { label: b.name }]}
        actions={
          can('branch', 'update') && (
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="branch-edit">
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Grid container spacing={3} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('branches.columns.areaCount')} value={f.number(b.areaCount)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('branches.columns.userCount')} value={f.number(b.userCount)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('branches.columns.memberCount')} value={f.number(b.memberCount)} />
        </Grid>
      </Grid>
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {t('branches.people')}
      </Typography>
      <OrganizationMembersTable
        queryKey={[...accessKeys.branches, 'members', b.id]}
        fetchPage={(p: ListParams, signal) => listBranchMembers(b.id, p, signal)}
      />
      <BranchFormDialog open={editing} branch={b} onClose={() => setEditing(false)} />
    </>
  );
}
