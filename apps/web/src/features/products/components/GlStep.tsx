/**
 * Step 3 of the product form: the GL mapping. One account per role of the
 * kind, chosen from the postable, active COA accounts of the role's types,
 * pre-filled with the chart's defaults (GET product/gl-defaults); every role
 * must be chosen ('Semua akun COA wajib dipilih'). The control (or
 * receivable) account is locked once the product has accounts.
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import { GL_ROLES, glRoleAccountTypes } from '@koperasi/contracts/products';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Controller, type UseFormReturn, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CoaPicker } from '../../../components/form/CoaPicker';
import { useFieldError } from '../../../components/form/fields';
import { useMessageText } from '../../../lib/i18n/messages';
import type { ProductFormValues } from '../lib/productForm';
import type { CoaOption, GlDefault } from '../lib/types';

export const LOCKED_ROLES = ['CONTROL', 'RECEIVABLE'];

export function GlStep({
  form,
  kind,
  accounts,
  accountsLoading,
  defaults,
  lockedCount,
  onApplyDefaults,
}: {
  form: UseFormReturn<ProductFormValues>;
  kind: ProductKind;
  accounts: CoaOption[];
  accountsLoading: boolean;
  defaults: GlDefault[] | undefined;
  /** Member accounts of the product (locks the control account when > 0). */
  lockedCount: number;
  onApplyDefaults?: () => void;
}) {
  const { t } = useTranslation('products');
  const err = useFieldError();
  const msg = useMessageText();
  const { errors } = useFormState({ control: form.control });
  const glErrors = (errors.glAccounts ?? {}) as Record<string, { message?: string } | undefined>;
  const missing = GL_ROLES[kind].filter((r) => glErrors[r]?.message === 'validation.account_not_selected');

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="step-gl">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', flex: 1, minWidth: 240 }}>
          {onApplyDefaults ? t('form.glIntro') : t('form.glIntroEdit')}
        </Typography>
        {onApplyDefaults && (
          <Button size="small" variant="outlined" color="inherit" startIcon={<AutoFixHighOutlined />} onClick={onApplyDefaults}>
            {t('form.applyDefaults')}
          </Button>
        )}
      </Box>
      {missing.length > 0 && (
        <Alert severity="error" data-testid="gl-missing">
          <strong>{msg('validation.account_not_selected')}</strong>.{' '}
          {t('form.glMissing', { roles: missing.map((r) => t(`glRole.${r}`)).join(', ') })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {GL_ROLES[kind].map((role) => {
          const types = glRoleAccountTypes(kind, role);
          const options = accounts.filter((a) => types.includes(a.type));
          const def = defaults?.find((d) => d.role === role);
          const locked = LOCKED_ROLES.includes(role) && lockedCount > 0;
          return (
            <Box
              key={role}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
                gap: { xs: 1, md: 2 },
                alignItems: 'start',
              }}
              data-testid={`gl-role-${role}`}
            >
              <Box sx={{ pt: { md: 1 } }}>
                <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>{t(`glRole.${role}`)}</Typography>
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                  {t('form.glTypes', { types: types.map((x) => t(`accountType.${x}`)).join(' / ') })}
                </Typography>
              </Box>
              <Controller
                control={form.control}
                name={`glAccounts.${role}`}
                render={({ field, fieldState }) => (
                  <CoaPicker
                    options={options}
                    value={(field.value as string) ?? ''}
                    onChange={(id) => {
                      field.onChange(id);
                      if (id) form.clearErrors(`glAccounts.${role}`);
                    }}
                    onBlur={field.onBlur}
                    loading={accountsLoading}
                    label={t(`glRole.${role}`)}
                    disabled={locked}
                    error={Boolean(fieldState.error)}
                    helperText={
                      err(fieldState.error?.message) ??
                      (locked
                        ? t('form.glLocked', { count: lockedCount })
                        : def?.code
                          ? t('form.glDefault', { code: def.code, name: def.name })
                          : undefined)
                    }
                    testId={`gl-${role}`}
                  />
                )}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
