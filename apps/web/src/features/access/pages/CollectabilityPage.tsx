/** Pengaturan › Kolektibilitas Pinjaman (/settings/collectability): GET and POST /api/tenant/collectability. */
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useCollectability } from '../api/collectability';
import { useSaveCollectability } from '../api/saveCollectability';
import { type CollectabilityDraft, CollectabilityEditor, draftOf } from '../components/CollectabilityEditor';
import { SettingsCard } from '../components/SettingsCard';
import { checkRanges } from '../lib/collectability';

export default function CollectabilityPage() {
  const { t } = useTranslation('cooperative');
  const { can } = useAuth();
  const readOnly = !can('settings', 'update');
  const q = useCollectability();
  const save = useSaveCollectability();
  const [draft, setDraft] = useState<CollectabilityDraft | null>(null);
  useEffect(() => {
    if (q.data) setDraft(draftOf(q.data));
  }, [q.data]);
  const stored = q.data ? JSON.stringify(draftOf(q.data)) : '';
  const dirty = Boolean(draft) && JSON.stringify(draft) !== stored;
  const valid = draft ? checkRanges(draft.items).length === 0 : false;

  const submit = async () => {
    if (!draft || !valid) return;
    await save
      .mutateAsync({
        calculationType: draft.calculationType,
        items: draft.items.map((it) => ({
          grade: it.grade,
          daysLateFrom: it.daysLateFrom!,
          daysLateUntil: it.daysLateUntil,
          allowancePercent: it.allowancePercent === null ? undefined : Number(it.allowancePercent),
        })),
      })
      .catch(() => undefined);
  };

  return (
    <>
      <PageHeader
        title={t('common:nav.settings.collectability')}
        subtitle={t('collectability.subtitle')}
        breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.collectability') }]}
      />
      <SettingsCard
        title={t('collectability.title')}
        subheader={t('collectability.hint')}
        testId="collectability-card"
        actions={
          !readOnly &&
          draft && (
            <>
              <Button color="inherit" disabled={!dirty} onClick={() => q.data && setDraft(draftOf(q.data))}>
                {t('common:common.reset')}
              </Button>
              <Button
                variant="contained"
                onClick={submit}
                disabled={!dirty || !valid}
                loading={save.isPending}
                data-testid="collectability-save"
              >
                {t('common:common.save')}
              </Button>
            </>
          )
        }
      >
        {q.isError ? (
          <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
        ) : !draft ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <CollectabilityEditor value={draft} onChange={setDraft} readOnly={readOnly} />
        )}
      </SettingsCard>
    </>
  );
}
