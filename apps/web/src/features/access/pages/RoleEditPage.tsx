/**
 * Add or change a role (/roles/new, /roles/:id): name and description, the
 * limits of spec section 6 (saving withdrawal, loan request and loan approval
 * limits in rupiah, empty = no limit, 0 = not allowed; may release loans, may
 * cancel transactions) and the permission matrix. SUPER ADMIN's matrix and
 * limits are locked and built-in roles keep their names (the server's rules,
 * mirrored). Someone who is not SUPER ADMIN cannot grant a right they do not
 * hold: those cells are locked here as the server would refuse them.
 */
import { roleCreateBody } from '@koperasi/contracts/access';
import type { MenuSection, PermissionAction } from '@koperasi/contracts/permissions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { FormMoneyField, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useCreateRole } from '../api/createRole';
import { useRole } from '../api/getRole';
import { useUpdateRole } from '../api/updateRole';
import { PermissionMatrixEditor } from '../components/PermissionMatrixEditor';
import { TagChip } from '../components/StatusChip';
import { grantedCount, normalizeMatrix } from '../lib/permissionMatrix';
import type { RoleView } from '../types';

type Values = ReturnType<typeof defaults>;

function defaults(role?: RoleView | null) {
  return {
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: normalizeMatrix(role?.permissions ?? { dashboard: { view: true, add: false, update: false, delete: false } }),
    savingWithdrawalLimit: role ? role.savingWithdrawalLimit : 0,
    loanRequestLimit: role ? role.loanRequestLimit : 0,
    loanApprovalLimit: role ? role.loanApprovalLimit : 0,
    canReleaseLoan: role?.canReleaseLoan ?? false,
    canCancelTransaction: role?.canCancelTransaction ?? false,
  };
}

type RoleFormApi = ReturnType<typeof useZodForm<typeof roleCreateBody>>;

/** The role's money limits and its two special rights (release a loan, cancel a transaction). */
function LimitsCard({
  form,
  locked,
  mayGiveFlag,
}: {
  form: RoleFormApi;
  locked: boolean;
  mayGiveFlag: (flag: 'canReleaseLoan' | 'canCancelTransaction') => boolean;
}) {
  const { t } = useTranslation('access');
  return (
    <Card>
      <CardHeader
        title={t('roles.sections.limits')}
        subheader={t('roles.limitsHint')}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem', mt: 0.5 } } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
        <FormMoneyField
          control={form.control}
          name="savingWithdrawalLimit"
          label={t('roles.fields.savingWithdrawalLimit')}
          placeholder={t('roles.noLimit')}
          disabled={locked}
        />
        <FormMoneyField
          control={form.control}
          name="loanRequestLimit"
          label={t('roles.fields.loanRequestLimit')}
          placeholder={t('roles.noLimit')}
          disabled={locked}
        />
        <FormMoneyField
          control={form.control}
          name="loanApprovalLimit"
          label={t('roles.fields.loanApprovalLimit')}
          placeholder={t('roles.noLimit')}
          disabled={locked}
        />
        <Divider />
        {(['canReleaseLoan', 'canCancelTransaction'] as const).map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={flag}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value)}
                    onChange={(e) => field.onChange(e.target.checked)}
                    disabled={locked || (!field.value && !mayGiveFlag(flag))}
                    name={flag}
                  />
                }
                label={t(`roles.fields.${flag}`)}
              />
            )}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function RoleForm({ current: role }: { current: RoleView | null }) {
  const { t } = useTranslation('access');
  const { can, user } = useAuth();
  const navigate = useNavigate();
  const create = useCreateRole();
  const update = useUpdateRole();
  const form = useZodForm(roleCreateBody, { defaultValues: defaults(role) as never });
  useEffect(() => form.reset(defaults(role) as never), [role, form]);

  const superAdminRole = role?.code === 'SUPER_ADMIN';
  const readOnly = role ? !can('access_role', 'update') : !can('access_role', 'add');
  const locked = readOnly || superAdminRole;
  const iAmSuperAdmin = user?.role.code === 'SUPER_ADMIN';
  const before = normalizeMatrix(role?.permissions);
  // The server refuses granting what the editor lacks (unless the role already had it).
  const canEdit = (s: MenuSection, a: PermissionAction) => iAmSuperAdmin || Boolean(user?.permissions[s]?.[a]) || before[s][a];
  const mayGiveFlag = (flag: 'canReleaseLoan' | 'canCancelTransaction') =>
    iAmSuperAdmin || Boolean(user?.limits[flag]) || Boolean(role?.[flag]);
  const permissions = form.watch('permissions') as Values['permissions'];

  const submit = form.handleSubmit(async (v) => {
    try {
      if (!role) await create.mutateAsync(v);
      else if (superAdminRole) await update.mutateAsync({ id: role.id, description: v.description });
      else await update.mutateAsync({ id: role.id, ...v });
      navigate('/roles');
    } catch (e) {
      applyServerErrors(form, e);
    }
  });

  const title = role ? role.name : t('roles.addTitle');
  return (
    <form onSubmit={submit} noValidate data-testid="role-form">
      <PageHeader
        title={title}
        subtitle={role ? t('roles.heldBy', { count: role.userCount }) : t('roles.addSubtitle')}
        breadcrumbs={[{ label: t('common:nav.access_role.title'), to: '/roles' }, { label: title }]}
        actions={
          !readOnly && (
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="role-save-top">
              {role ? t('common:common.save') : t('roles.addSubmit')}
            </Button>
          )
        }
      />
      {superAdminRole && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="role-locked">
          {t('roles.superAdminLocked')}
        </Alert>
      )}
      {readOnly && !superAdminRole && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('roles.readOnly')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ mb: 3 }}>
            <CardHeader
              title={t('roles.sections.detail')}
              action={role?.isBuiltin ? <TagChip label={t('roles.builtin')} color="info" variant="outlined" /> : undefined}
            />
            <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
              <FormTextField
                control={form.control}
                name="name"
                label={t('roles.fields.name')}
                required
                disabled={readOnly || Boolean(role?.isBuiltin)}
                helperText={role?.isBuiltin ? t('roles.builtinName') : undefined}
              />
              <FormTextField
                control={form.control}
                name="description"
                label={t('roles.fields.description')}
                multiline
                minRows={2}
                disabled={readOnly}
              />
            </CardContent>
          </Card>
          <LimitsCard form={form} locked={locked} mayGiveFlag={mayGiveFlag} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader
              title={t('roles.matrix.title')}
              subheader={t('roles.matrix.subtitle')}
              slotProps={{ subheader: { sx: { fontSize: '0.8125rem', mt: 0.5 } } }}
              action={<Chip size="small" label={t('roles.rightsGranted', { count: grantedCount(permissions) })} />}
            />
            <CardContent sx={{ pt: 0 }}>
              <Controller
                control={form.control}
                name="permissions"
                render={({ field }) => (
                  <PermissionMatrixEditor
                    value={field.value as Values['permissions']}
                    onChange={field.onChange}
                    readOnly={locked}
                    canEdit={canEdit}
                  />
                )}
              />
              {!iAmSuperAdmin && !locked && (
                <Typography sx={{ mt: 1.5, fontSize: '0.75rem', color: 'text.secondary' }}>{t('roles.matrix.ownRightsOnly')}</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
        <Button color="inherit" component={RouterLink} to="/roles">
          {readOnly ? t('common.back') : t('common:common.cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="role-save">
            {role ? t('common:common.save') : t('roles.addSubmit')}
          </Button>
        )}
      </Box>
    </form>
  );
}

export default function RoleEditPage() {
  const { t } = useTranslation('access');
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const q = useRole(isNew ? undefined : id);
  if (isNew) return <RoleForm current={null} />;
  if (q.isPending) {
    return (
      <Box>
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={480} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (q.isError) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader title={t('common:nav.access_role.title')} breadcrumbs={[{ label: t('common:nav.access_role.title'), to: '/roles' }]} />
        <Card>
          {notFound ? (
            <EmptyState kind="notFound" title={t('roles.notFound')} />
          ) : (
            <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
          )}
        </Card>
      </>
    );
  }
  return <RoleForm current={q.data} />;
}
