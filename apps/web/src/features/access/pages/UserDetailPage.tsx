/**
 * One user (/users/:id): contact, role with its limits, position, branch and
 * area, the cash account held, sign-in state, and the same actions as the
 * list (buttons for the common ones, the rest in the menu).
 */
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useFormat } from '../../../lib/format';
import { useUserDetail } from '../api/getUser';
import { RowActions } from '../components/RowActions';
import { initials, RoleChip, UserStatus } from '../components/UserCells';
import { useUserActions } from '../components/useUserActions';
import type { UserView } from '../types';

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', flexShrink: 0 }}>{label}</Typography>
      <Box sx={{ fontSize: '0.8125rem', fontWeight: 500, textAlign: 'end', minWidth: 0, wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}

function Right({ ok, label }: { ok: boolean; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: ok ? 'success.main' : 'text.disabled' }}>
      {ok ? <CheckCircleRounded sx={{ fontSize: 18 }} /> : <RemoveCircleOutlineRounded sx={{ fontSize: 18 }} />}
      <Typography sx={{ fontSize: '0.8125rem', color: ok ? 'text.primary' : 'text.disabled' }}>{label}</Typography>
    </Box>
  );
}

function Body({ user }: { user: UserView }) {
  const { t } = useTranslation('access');
  const f = useFormat();
  const navigate = useNavigate();
  const actions = useUserActions({ onDeleted: () => navigate('/users', { replace: true }) });
  const list = actions.actionsFor(user);
  const byKey = (k: string) => list.find((a) => a.key === k && !a.hidden);
  const edit = byKey('edit');
  const coa = byKey('assign-coa');
  const area = byKey('assign-area');
  const menu = list.filter((a) => !['view', 'edit', 'assign-coa', 'assign-area'].includes(a.key));
  const limit = (v: number | null) => (v === null ? t('roles.noLimit') : Number(v) === 0 ? t('roles.notAllowed') : f.money(v));

  return (
    <>
      <PageHeader
        title={user.fullName}
        breadcrumbs={[
          { label: t('common:nav.user_access.title'), to: '/users' },
          { label: t('common:nav.user_access.users'), to: '/users' },
          { label: user.fullName },
        ]}
        actions={
          <>
            {edit && (
              <Button variant="contained" startIcon={<EditOutlined />} onClick={edit.onClick} data-testid="user-edit">
                {t('users.actions.edit')}
              </Button>
            )}
            <RowActions actions={menu} label={t('common.moreActions')} />
          </>
        }
      />
      {user.invitationPending && user.isActive && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="user-invitation-pending">
          {t('users.invitationPending')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.25rem' }}>{initials(user.fullName)}</Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" noWrap>
                  {user.fullName}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                  <RoleChip name={user.role.name} builtin={Boolean(user.role.code)} />
                  <UserStatus user={user} />
                </Box>
              </Box>
            </CardContent>
            <CardContent sx={{ pt: 0 }}>
              <Line label={t('users.fields.email')}>{user.email ?? '-'}</Line>
              <Line label={t('users.fields.phone')}>{user.phone ?? '-'}</Line>
              <Line label={t('users.fields.position')}>{user.position ? t(`positions.${user.position}`) : '-'}</Line>
              <Line label={t('users.fields.isAccountOfficer')}>{user.isAccountOfficer ? t('common.yes') : t('common.no')}</Line>
              <Line label={t('users.columns.lastLogin')}>
                {user.lastLoginAt ? f.date(user.lastLoginAt, 'dateTime') : t('users.neverSignedIn')}
              </Line>
              <Line label={t('users.columns.created')}>{f.date(user.createdDate, 'dateTime')}</Line>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardHeader
                  avatar={<MapOutlined color="primary" />}
                  title={t('users.placement')}
                  slotProps={{ title: { variant: 'h6' } }}
                  action={
                    area && (
                      <Button size="small" onClick={area.onClick} data-testid="user-assign-area">
                        {user.area ? t('common.change') : t('common.assign')}
                      </Button>
                    )
                  }
                />
                <CardContent sx={{ pt: 0 }}>
                  <Line label={t('users.fields.branch')}>{user.branch ? user.branch.name : '-'}</Line>
                  <Line label={t('users.fields.area')} testId="user-area">
                    {user.area?.name ?? '-'}
                  </Line>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardHeader
                  avatar={<AccountBalanceWalletOutlined color="primary" />}
                  title={t('users.columns.coa')}
                  slotProps={{ title: { variant: 'h6' } }}
                  action={
                    coa && (
                      <Button size="small" onClick={coa.onClick} data-testid="user-assign-coa">
                        {user.coa ? t('common.change') : t('common.assign')}
                      </Button>
                    )
                  }
                />
                <CardContent sx={{ pt: 0 }}>
                  {user.coa ? (
                    <Box data-testid="user-coa">
                      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{user.coa.code}</Typography>
                      <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>{user.coa.name}</Typography>
                    </Box>
                  ) : (
                    <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }} data-testid="user-coa">
                      {t('users.coa.noneHeld')}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            </Grid>
            <Grid size={12}>
              <Card>
                <CardHeader
                  title={t('users.limits.title')}
                  slotProps={{ title: { variant: 'h6' }, subheader: { sx: { fontSize: '0.8125rem' } } }}
                  subheader={t('users.limits.subtitle', { role: user.role.name })}
                />
                <CardContent sx={{ pt: 0 }}>
                  <Line label={t('roles.fields.savingWithdrawalLimit')}>{limit(user.limits.savingWithdrawal)}</Line>
                  <Line label={t('roles.fields.loanRequestLimit')}>{limit(user.limits.loanRequest)}</Line>
                  <Line label={t('roles.fields.loanApprovalLimit')}>{limit(user.limits.loanApproval)}</Line>
                  <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
                    <Right ok={user.limits.canReleaseLoan} label={t('roles.fields.canReleaseLoan')} />
                    <Right ok={user.limits.canCancelTransaction} label={t('roles.fields.canCancelTransaction')} />
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </Grid>
      </Grid>
      {actions.dialogs}
    </>
  );
}

export default function UserDetailPage() {
  const { t } = useTranslation('access');
  const { id } = useParams();
  const q = useUserDetail(id);
  if (q.isPending) {
    return (
      <Box>
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (q.isError) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader
          title={t('common:nav.user_access.users')}
          breadcrumbs={[{ label: t('common:nav.user_access.title'), to: '/users' }, { label: t('common:nav.user_access.users') }]}
        />
        <Card>{notFound ? <EmptyState kind="noUser" /> : <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />}</Card>
      </>
    );
  }
  return <Body user={q.data} />;
}
