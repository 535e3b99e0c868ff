/**
 * One configuration key as a form (docs/access.md "Configuration keys"):
 * the key's current value from GET /api/configuration, the contracts schema
 * of the key for validation, and POST /api/configuration {<key>: values}
 * to save. The server's field errors (`<key>.<field>`) land on the fields.
 */
import type { ConfigKey, ConfigValues } from '@koperasi/contracts/settings';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmptyState } from '../../../components/EmptyState';
import { useZodForm } from '../../../components/form/useZodForm';
import { isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useConfiguration } from '../api/configuration';
import { useSaveConfiguration } from '../api/saveConfiguration';
import { SettingsCard } from './SettingsCard';

export interface ConfigFormProps<K extends ConfigKey, S extends z.ZodType<any, any>> {
  configKey: K;
  schema: S;
  title: string;
  subheader?: ReactNode;
  /** The form's values from the stored value (e.g. null → '' for text fields); a module-level function, not an inline one. */
  toForm?: (v: ConfigValues[K]) => z.input<S>;
  children: (form: UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>, readOnly: boolean) => ReactNode;
  testId?: string;
}

export function ConfigForm<K extends ConfigKey, S extends z.ZodType<any, any>>({
  configKey,
  schema,
  title,
  subheader,
  toForm,
  children,
  testId,
}: ConfigFormProps<K, S>) {
  const { t } = useTranslation('cooperative');
  const { can } = useAuth();
  const readOnly = !can('settings', 'update');
  const config = useConfiguration();
  const save = useSaveConfiguration();
  const form = useZodForm(schema);
  const stored = config.data?.[configKey];

  useEffect(() => {
    if (stored) form.reset((toForm ? toForm(stored) : stored) as never);
  }, [stored, form, toForm]);

  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ [configKey]: v });
    } catch (e) {
      if (isApiError(e)) {
        for (const fe of e.fields) {
          if (fe.field.startsWith(`${configKey}.`)) {
            form.setError(fe.field.slice(configKey.length + 1) as Path<z.input<S> & FieldValues>, { type: 'server', message: fe.message });
          }
        }
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <SettingsCard
        title={title}
        subheader={subheader}
        actions={
          !readOnly && stored ? (
            <>
              <Button color="inherit" onClick={() => form.reset()} disabled={!form.formState.isDirty}>
                {t('common:common.reset')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                disabled={!form.formState.isDirty}
                data-testid={testId ? `${testId}-save` : undefined}
              >
                {t('common:common.save')}
              </Button>
            </>
          ) : undefined
        }
      >
        {config.isError ? (
          <EmptyState kind="loadFailed" compact onRetry={() => void config.refetch()} />
        ) : !stored ? (
          <Skeleton variant="rounded" height={180} />
        ) : (
          children(form, readOnly)
        )}
      </SettingsCard>
    </form>
  );
}
