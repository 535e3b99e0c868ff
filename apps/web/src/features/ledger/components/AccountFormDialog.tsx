/**
 * Add or edit an account: code, name, parent (a header account), type
 * (from the parent, chosen for a top-level account), normal balance
 * (defaults from the type), postable or header, active, description, and
 * for a postable account under Kas dan Bank (101) whether it holds cash or is
 * a bank account (a teller in a session may use no other cash account). The
 * server's rules (unique code, a header with postings, a system account...)
 * come back as its messages, on the field when it names one.
 */
import { coaCreateBody } from '@koperasi/contracts/ledger';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/form/fields';
import { applyServerErrors, useZodForm } from '../../../components/form/useZodForm';
import { useCreateAccount } from '../api/createAccount';
import { useParentAccounts } from '../api/parentAccounts';
import { useUpdateAccount } from '../api/updateAccount';
import { subtreeIds } from '../lib/tree';
import type { AccountType, CoaAccount } from '../lib/types';
import { AccountPicker } from './AccountPicker';

const TYPES: AccountType[] = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'];
export const normalBalanceOf = (type: AccountType): 'DEBIT' | 'CREDIT' => (type === 'ASSET' || type === 'EXPENSE' ? 'DEBIT' : 'CREDIT');

export type AccountDialogMode =
  | { mode: 'create'; parent: CoaAccount | null; suggestedCode?: string }
  | { mode: 'edit'; account: CoaAccount };

export function AccountFormDialog({ state, onClose }: { state: AccountDialogMode; onClose: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const parents = useParentAccounts();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const editing = state.mode === 'edit' ? state.account : null;
  const initialParent = state.mode === 'create' ? state.parent : null;
  const form = useZodForm(coaCreateBody, {
    // Checked on save, then as the user corrects (a dialog moving the focus must not flag untouched fields).
    mode: 'onSubmit',
    defaultValues: defaultsOf(state),
  });
  const parentId = form.watch('parentId');
  const type = form.watch('type') as AccountType | undefined;
  // Headers an account may move under: not itself nor one of its sub-accounts.
  const excluded = editing ? subtreeIds(editing) : new Set<string>();
  const options = (parents.data ?? []).filter((p) => !excluded.has(p.id));
  const parent = options.find((p) => p.id === parentId) ?? (initialParent && initialParent.id === parentId ? initialParent : null);

  // The type follows the parent; the normal balance follows the type unless the user changed it.
  useEffect(() => {
    if (parent && parent.type !== form.getValues('type')) form.setValue('type', parent.type);
  }, [parent, form]);
  useEffect(() => {
    if (type && !form.getFieldState('normalBalance').isDirty) form.setValue('normalBalance', normalBalanceOf(type));
  }, [type, form]);

  // Cash or bank: for a postable account under Kas dan Bank (101); a new one follows its name until chosen.
  const name = form.watch('name');
  const isPostable = form.watch('isPostable');
  const cashBank = Boolean(isPostable && parent && (parent.code === '101' || parent.code.startsWith('101')));
  useEffect(() => {
    if (!editing && cashBank && !form.getFieldState('cashKind').isDirty) {
      form.setValue('cashKind', /(bank|giro|rekening)/i.test(name ?? '') ? 'BANK' : 'CASH');
    }
  }, [editing, cashBank, name, form]);

  const busy = create.isPending || update.isPending;
  const submit = form.handleSubmit((v) => {
    const body = {
      code: v.code,
      name: v.name,
      parentId: v.parentId ?? null,
      type: v.type,
      normalBalance: v.normalBalance,
      isPostable: v.isPostable,
      isActive: v.isActive,
      // Not under 101: the server drops the kind (edit) or leaves it empty (create).
      ...(cashBank ? { cashKind: v.cashKind ?? null } : {}),
      description: v.description?.trim() || null,
    };
    const onError = (err: unknown) => applyServerErrors(form, err);
    if (editing) update.mutate({ id: editing.id, ...body }, { onSuccess: onClose, onError });
    else create.mutate(body, { onSuccess: onClose, onError });
  });

  const title = editing
    ? t('coa.editTitle', { code: editing.code })
    : initialParent
      ? t('coa.addChildTitle', { parent: `${initialParent.code} · ${initialParent.name}` })
      : t('coa.addTitle');
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="sm" fullWidth data-testid="account-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, pt: '8px !important' }}>
          <FormTextField control={form.control} name="code" label={t('col.code')} required size="small" autoFocus={!editing} />
          <FormTextField control={form.control} name="name" label={t('col.accountName')} required size="small" />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              control={form.control}
              name="parentId"
              render={({ field, fieldState }) => (
                <AccountPicker
                  options={options}
                  loading={parents.isLoading}
                  value={parent}
                  onChange={(a) => field.onChange(a?.id ?? null)}
                  label={t('coa.parent')}
                  placeholder={t('coa.parentNone')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('coa.parentHint')}
                  indent
                  testId="account-parent"
                />
              )}
            />
          </Box>
          <FormSelect
            control={form.control}
            name="type"
            label={t('col.type')}
            size="small"
            disabled={Boolean(parent)}
            options={TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
            helperText={parent ? t('coa.typeFromParent') : undefined}
          />
          <FormSelect
            control={form.control}
            name="normalBalance"
            label={t('col.normalBalance')}
            size="small"
            options={[
              { value: 'DEBIT', label: t('normal.DEBIT') },
              { value: 'CREDIT', label: t('normal.CREDIT') },
            ]}
          />
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <FormSwitch control={form.control} name="isPostable" label={t('coa.postableSwitch')} />
            <FormSwitch control={form.control} name="isActive" label={t('coa.activeSwitch')} />
          </Box>
          {cashBank && <CashKindField form={form} />}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField
              control={form.control}
              name="description"
              label={t('coa.description')}
              size="small"
              multiline
              minRows={2}
              fullWidth
            />
          </Box>
          {editing?.systemKey && (
            <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
              {t('coa.systemAccount', { key: editing.systemKey })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="account-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Cash or bank kind of a postable account under Kas dan Bank (101). */
function CashKindField({ form }: { form: ReturnType<typeof useZodForm<typeof coaCreateBody>> }) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Controller
        control={form.control}
        name="cashKind"
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            fullWidth
            label={t('coa.cashKind')}
            value={field.value ?? 'NONE'}
            onChange={(e) => field.onChange(e.target.value === 'NONE' ? null : e.target.value)}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t('coa.cashKindHint')}
            slotProps={{ htmlInput: { 'data-testid': 'account-cash-kind' } }}
          >
            {(['CASH', 'BANK', 'NONE'] as const).map((v) => (
              <MenuItem key={v} value={v}>
                {t(`cashKind.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}

/** The form's starting values: the account's own when editing, a new account under the chosen parent otherwise. */
function defaultsOf(state: AccountDialogMode) {
  if (state.mode === 'edit') {
    const a = state.account;
    return {
      code: a.code,
      name: a.name,
      parentId: a.parentId,
      type: a.type,
      normalBalance: a.normalBalance,
      isPostable: a.isPostable,
      isActive: a.isActive,
      cashKind: a.cashKind,
      description: a.description ?? '',
    };
  }
  const parentType = state.parent?.type ?? 'ASSET';
  return {
    code: state.suggestedCode ?? '',
    name: '',
    parentId: state.parent?.id ?? null,
    type: parentType,
    normalBalance: normalBalanceOf(parentType),
    isPostable: true,
    isActive: true,
    cashKind: null,
    description: '',
  };
}
