/**
 * The sectioned member form (add and edit): identity, contact and address,
 * work, membership, closest family, notification, and for a new member the
 * photos (self, KTP, KK) taken with the camera or chosen as files, uploaded
 * right after the member is saved. Validation is the server's own schema
 * (lib/memberForm.ts); the server's field errors land on the fields.
 */
import type { MemberCreate, MemberDetail, MemberPhotoKind } from '@koperasi/contracts/members';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormSelect, FormSwitch, FormTextField } from '../../../components/form/fields';
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
import { MemberDateField } from './MemberDateField';
import { PhotoSlot } from './PhotoSlot';
import { SectionCard } from './SectionCard';

const PHOTO_KINDS: MemberPhotoKind[] = ['self', 'identity-card', 'family-card'];

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
      for (const kind of PHOTO_KINDS) {
        const blob = photos[kind];
        if (!blob) continue;
        try {
          await uploadPhoto({ memberId: env.data.id, kind, file: blob });
        } catch (err) {
          notifyWarning(`${t(`photos.kinds.${kind}`)}: ${isApiError(err) ? err.message : String(err)}`);
        }
      }
      await qc.invalidateQueries({ queryKey: membersKey });
      onSaved(env.data);
    } catch (err) {
      // The message shows on its field; anything that is not about a field shows as a toast.
      if (!applyMemberServerErrors(form, err).length) notifyError(err);
    } finally {
      setSaving(false);
    }
  });

  const typeOptions = (['PROSPECTIVE', 'MEMBER', 'NON_MEMBER'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }));
  const genderOptions = [
    { value: 'L', label: t('gender.L') },
    { value: 'P', label: t('gender.P') },
  ];
  const identityOptions = (['KTP', 'SIM', 'PASSPORT'] as const).map((v) => ({ value: v, label: t(`identityType.${v}`) }));
  const none = { value: '', label: <em>{t('form.none')}</em> };
  const branchOptions = [
    none,
    ...(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.code ? `${b.name} (${b.code})` : b.name })),
  ];
  const areaOptions = [
    none,
    ...areas
      .filter((a) => !branchId || !a.branchId || a.branchId === branchId)
      .map((a) => ({ value: a.id, label: a.branchName ? `${a.name} · ${a.branchName}` : a.name })),
  ];
  const agentOptions = [
    none,
    ...(options.data?.agents ?? []).map((a) => ({
      value: a.id,
      label: `${a.name} · ${a.isAgent ? t('form.agentRole') : t('form.aoRole')}`,
    })),
  ];
  const suggestion = cif.data?.cifNumber;
  const showJoinDate = memberType === 'MEMBER';
  const closed = member && !member.isActive;

  return (
    <form onSubmit={submit} noValidate data-testid="member-form">
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SectionCard
          icon={<BadgeOutlined fontSize="small" />}
          title={t('form.sections.identity')}
          subtitle={t('form.sections.identityHint')}
        >
          <Grid container spacing={2.5}>
            {!editing && (
              <Grid size={{ xs: 12, md: 6 }}>
                <FormSelect
                  control={control}
                  name="memberType"
                  label={t('fields.memberType')}
                  options={typeOptions}
                  helperText={t(`form.typeHint.${memberType}`)}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={control}
                name="cifNumber"
                label={t('fields.cifNumber')}
                placeholder={editing ? undefined : t('form.cifAuto')}
                helperText={suggestion ? t(editing ? 'form.cifNextEdit' : 'form.cifNext', { cif: suggestion }) : t('form.cifHint')}
                slotProps={{
                  htmlInput: { 'data-testid': 'field-cifNumber', style: { textTransform: 'uppercase' } },
                  input: suggestion
                    ? {
                        endAdornment: (
                          <InputAdornment position="end">
                            <Tooltip title={t('form.useSuggestionHint')}>
                              <Button
                                size="small"
                                onClick={() => setValue('cifNumber', suggestion, { shouldDirty: true, shouldValidate: true })}
                                data-testid="use-cif-suggestion"
                              >
                                {t('form.useSuggestion')}
                              </Button>
                            </Tooltip>
                          </InputAdornment>
                        ),
                      }
                    : undefined,
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: editing ? 6 : 12 }}>
              <FormTextField
                control={control}
                name="fullName"
                label={t('fields.fullName')}
                required
                slotProps={{ htmlInput: { 'data-testid': 'field-fullName', autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSelect control={control} name="gender" label={t('fields.gender')} options={genderOptions} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="birthPlace"
                label={t('fields.birthPlace')}
                slotProps={{ htmlInput: { 'data-testid': 'field-birthPlace' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <MemberDateField control={control} name="birthDate" label={t('fields.birthDate')} required max={todayWib()} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSelect control={control} name="identityType" label={t('fields.identityType')} options={identityOptions} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="identityNumber"
                label={identityType === 'KTP' ? t('fields.nik') : t('fields.identityNumber')}
                required
                helperText={t(`form.identityHint.${identityType}`)}
                slotProps={{
                  htmlInput: {
                    'data-testid': 'field-identityNumber',
                    inputMode: identityType === 'PASSPORT' ? 'text' : 'numeric',
                    maxLength: 24,
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="familyCardNumber"
                label={t('fields.familyCardNumber')}
                helperText={t('form.kkHint')}
                slotProps={{ htmlInput: { 'data-testid': 'field-familyCardNumber', inputMode: 'numeric', maxLength: 24 } }}
              />
            </Grid>
          </Grid>
        </SectionCard>

        <SectionCard icon={<PhoneIphoneOutlined fontSize="small" />} title={t('form.sections.contact')}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormTextField
                control={control}
                name="phone"
                label={t('fields.phone')}
                required
                type="tel"
                placeholder="0812 3456 7890"
                helperText={t('form.phoneHint')}
                slotProps={{ htmlInput: { 'data-testid': 'field-phone', inputMode: 'tel' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="address"
                label={t('fields.address')}
                required
                multiline
                minRows={2}
                slotProps={{ htmlInput: { 'data-testid': 'field-address' } }}
              />
            </Grid>
          </Grid>
        </SectionCard>

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

        <SectionCard
          icon={<HomeWorkOutlined fontSize="small" />}
          title={t('form.sections.membership')}
          subtitle={t('form.sections.membershipHint')}
        >
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSelect control={control} name="branchId" label={t('fields.branch')} options={branchOptions} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSelect control={control} name="areaId" label={t('fields.area')} options={areaOptions} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSelect
                control={control}
                name="agentId"
                label={t('fields.agent')}
                options={agentOptions}
                helperText={t('form.agentHint')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField control={control} name="groupName" label={t('fields.groupName')} placeholder={t('form.groupPlaceholder')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormMoneyField control={control} name="loanLimit" label={t('fields.loanLimit')} helperText={t('form.loanLimitHint')} />
            </Grid>
            {showJoinDate && (
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <MemberDateField control={control} name="joinDate" label={t('fields.joinDate')} max={todayWib()} />
              </Grid>
            )}
          </Grid>
        </SectionCard>

        <SectionCard
          icon={<FamilyRestroomOutlined fontSize="small" />}
          title={t('form.sections.family')}
          subtitle={t('form.sections.familyHint')}
        >
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormTextField control={control} name="closestFamilyName" label={t('fields.closestFamilyName')} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormTextField
                control={control}
                name="closestFamilyRelationship"
                label={t('fields.closestFamilyRelationship')}
                placeholder={t('form.relationshipPlaceholder')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormTextField
                control={control}
                name="closestFamilyPhone"
                label={t('fields.closestFamilyPhone')}
                type="tel"
                placeholder="0812 3456 7890"
              />
            </Grid>
          </Grid>
        </SectionCard>

        {!editing && (
          <>
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
          </>
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
