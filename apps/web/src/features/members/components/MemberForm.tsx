/**
 * The sectioned member form (add and edit): identity, contact and address,
 * work, membership, closest family, notification, and for a new member the
 * photos (self, KTP, KK) taken with the camera or chosen as files, uploaded
 * right after the member is saved. Validation is the server's own schema
 * (lib/memberForm.ts); the server's field errors land on the fields.
 */
import type { MemberCreate, MemberDetail, MemberPhotoKind } from '@koperasi/contracts/members';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch, FormTextField } from '../../../components/form/fields';
import { isApiError } from '../../../lib/api/errors';
import { notifyError, notifyWarning } from '../../../lib/notify';
import { useCreateMember } from '../api/createMember';
import { useFormOptions } from '../api/formOptions';
import { membersKey } from '../api/keys';
import { uploadPhoto } from '../api/photos';
import { useSuggestionCif } from '../api/suggestionCif';
import { useUpdateMember } from '../api/updateMember';
import { todayWib } from '../lib/dates';
import {
  applyMemberServerErrors,
  changedFields,
  emptyMemberForm,
  type MemberFormValues,
  memberFormResolver,
  memberToForm,
  patchBody,
} from '../lib/memberForm';
import { ContactSection, FamilySection, IdentitySection, MembershipSection, PHOTO_KINDS } from './MemberFormSections';
import { PhotoSlot } from './PhotoSlot';
import { SectionCard } from './SectionCard';

export interface MemberFormProps {
  /** The member being edited; absent for a new one. */
  member?: MemberDetail;
  initialType?: MemberFormValues['memberType'];
  onSaved: (member: MemberDetail) => void;
  onCancel: () => void;
}

function usePreview(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

function LocalPhoto({ kind, blob, onPhoto }: { kind: MemberPhotoKind; blob?: Blob; onPhoto: (b: Blob) => void }) {
  const { t } = useTranslation('members');
  const src = usePreview(blob);
  return <PhotoSlot kind={kind} src={src} onPhoto={onPhoto} note={blob ? t('photos.pending') : undefined} />;
}

/** Each photo taken, after the record exists; one that fails is reported (a warning), the rest go on. */
async function uploadPhotos(memberId: string, photos: Partial<Record<MemberPhotoKind, Blob>>, kindName: (k: MemberPhotoKind) => string) {
  for (const kind of PHOTO_KINDS) {
    const blob = photos[kind];
    if (!blob) continue;
    try {
      await uploadPhoto({ memberId, kind, file: blob });
    } catch (err) {
      notifyWarning(`${kindName(kind)}: ${isApiError(err) ? err.message : String(err)}`);
    }
  }
}

export function MemberForm({ member, initialType = 'PROSPECTIVE', onSaved, onCancel }: MemberFormProps) {
  const { t } = useTranslation('members');
  const editing = Boolean(member);
  const qc = useQueryClient();
  const options = useFormOptions();
  const create = useCreateMember();
  const update = useUpdateMember();
  const [photos, setPhotos] = useState<Partial<Record<MemberPhotoKind, Blob>>>({});
  const [saving, setSaving] = useState(false);

  const defaults = useMemo(() => (member ? memberToForm(member) : emptyMemberForm(initialType, todayWib())), [member, initialType]);
  const form = useForm<MemberFormValues, unknown, MemberCreate>({
    resolver: memberFormResolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, watch, setValue, getValues } = form;
  const memberType = watch('memberType');
  const branchId = watch('branchId');
  const areaId = watch('areaId');
  const identityType = watch('identityType');

  const cif = useSuggestionCif(member ? member.id : branchId || 'new');

  // An area belongs to a branch: choosing the area fills the branch; another branch drops an area outside it.
  const areas = options.data?.areas ?? [];
  useEffect(() => {
    const a = areas.find((x) => x.id === areaId);
    if (!a) return;
    if (!branchId && a.branchId) setValue('branchId', a.branchId, { shouldDirty: true });
    else if (branchId && a.branchId && a.branchId !== branchId) setValue('areaId', '', { shouldDirty: true });
  }, [areaId, branchId, areas, setValue]);

  // Only members have a join date (the server refuses it for others).
  useEffect(() => {
    if (editing) return;
    if (memberType === 'MEMBER' && !getValues('joinDate')) setValue('joinDate', todayWib());
  }, [memberType, editing, getValues, setValue]);

  const submit = form.handleSubmit(async (parsed) => {
    setSaving(true);
    try {
      if (member) {
        const body = patchBody(member.id, parsed, changedFields(defaults, getValues()));
        if (Object.keys(body).length === 1) {
          onSaved(member);
          return;
        }
        const env = await update.mutateAsync(body as never);
        form.reset(memberToForm(env.data));
        onSaved(env.data);
        return;
      }
      const body = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
      const env = await create.mutateAsync(body as never);
      // Photos after the record exists; a photo that fails is reported and can be added on the detail page.
      await uploadPhotos(env.data.id, photos, (kind) => t(`photos.kinds.${kind}`));
      await qc.invalidateQueries({ queryKey: membersKey });
      onSaved(env.data);
    } catch (err) {
      // The message shows on its field; anything that is not about a field shows as a toast.
      if (!applyMemberServerErrors(form, err).length) notifyError(err);
    } finally {
      setSaving(false);
    }
  });

  const closed = member && !member.isActive;

  return (
    <form onSubmit={submit} noValidate data-testid="member-form">
      <Box sx={{ display: 'grid', gap: 3 }}>
        <IdentitySection
          control={control}
          setValue={setValue}
          editing={editing}
          memberType={memberType}
          identityType={identityType}
          suggestion={cif.data?.cifNumber}
        />

        <ContactSection control={control} />

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: editing ? 12 : 7 }}>
            <SectionCard icon={<WorkOutlineOutlined fontSize="small" />} title={t('form.sections.work')}>
              <Grid container spacing={2.5}>
                <Grid size={12}>
                  <FormTextField
                    control={control}
                    name="occupation"
                    label={t('fields.occupation')}
                    placeholder={t('form.occupationPlaceholder')}
                    slotProps={{ htmlInput: { 'data-testid': 'field-occupation' } }}
                  />
                </Grid>
              </Grid>
            </SectionCard>
          </Grid>
          {!editing && (
            <Grid size={{ xs: 12, md: 5 }}>
              <SectionCard icon={<NotificationsNoneOutlined fontSize="small" />} title={t('form.sections.notification')}>
                <FormSwitch control={control} name="isSendNotification" label={t('form.notificationLabel')} />
              </SectionCard>
            </Grid>
          )}
        </Grid>

        <MembershipSection control={control} options={options.data} branchId={branchId} showJoinDate={memberType === 'MEMBER'} />

        <FamilySection control={control} />

        {!editing && (
          <SectionCard
            icon={<CameraAltOutlined fontSize="small" />}
            title={t('form.sections.photos')}
            subtitle={t('form.sections.photosHint')}
          >
            <Grid container spacing={2}>
              {PHOTO_KINDS.map((kind) => (
                <Grid key={kind} size={{ xs: 12, sm: 4 }}>
                  <LocalPhoto kind={kind} blob={photos[kind]} onPhoto={(b) => setPhotos((p) => ({ ...p, [kind]: b }))} />
                </Grid>
              ))}
            </Grid>
          </SectionCard>
        )}

        <Card
          sx={{
            p: 2,
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1.5,
          }}
        >
          <Button color="inherit" onClick={onCancel} disabled={saving}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={Boolean(closed)} data-testid="member-form-submit">
            {editing ? t('form.saveChanges') : t(`form.register.${memberType}`)}
          </Button>
        </Card>
      </Box>
    </form>
  );
}
