/** The sections of the member form: identity, contact, membership (branch, area, agent, limit) and family. */
import type { MemberCreate, MemberPhotoKind } from '@koperasi/contracts/members';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormSelect, FormTextField } from '../../../components/form/fields';
import type { useFormOptions } from '../api/formOptions';
import { todayWib } from '../lib/dates';
import type { MemberFormValues } from '../lib/memberForm';
import { MemberDateField } from './MemberDateField';
import { SectionCard } from './SectionCard';

export const PHOTO_KINDS: MemberPhotoKind[] = ['self', 'identity-card', 'family-card'];

type FormControl = Control<MemberFormValues, unknown, MemberCreate>;

export function IdentitySection(p: {
  control: FormControl;
  setValue: UseFormSetValue<MemberFormValues>;
  editing: boolean;
  memberType: MemberFormValues['memberType'];
  identityType: MemberFormValues['identityType'];
  suggestion: string | undefined;
}) {
  const { t } = useTranslation('members');
  const { control, setValue, editing, memberType, identityType, suggestion } = p;
  const typeOptions = (['PROSPECTIVE', 'MEMBER', 'NON_MEMBER'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }));
  const genderOptions = [
    { value: 'L', label: t('gender.L') },
    { value: 'P', label: t('gender.P') },
  ];
  const identityOptions = (['KTP', 'SIM', 'PASSPORT'] as const).map((v) => ({ value: v, label: t(`identityType.${v}`) }));
  return (
    <SectionCard icon={<BadgeOutlined fontSize="small" />} title={t('form.sections.identity')} subtitle={t('form.sections.identityHint')}>
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
  );
}

export function ContactSection({ control }: { control: FormControl }) {
  const { t } = useTranslation('members');
  return (
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
  );
}

export function MembershipSection(p: {
  control: FormControl;
  options: ReturnType<typeof useFormOptions>['data'];
  branchId: string;
  showJoinDate: boolean;
}) {
  const { t } = useTranslation('members');
  const { control, options, branchId, showJoinDate } = p;
  const none = { value: '', label: <em>{t('form.none')}</em> };
  const branchOptions = [
    none,
    ...(options?.branches ?? []).map((b) => ({ value: b.id, label: b.code ? `${b.name} (${b.code})` : b.name })),
  ];
  const areaOptions = [
    none,
    ...(options?.areas ?? [])
      .filter((a) => !branchId || !a.branchId || a.branchId === branchId)
      .map((a) => ({ value: a.id, label: a.branchName ? `${a.name} · ${a.branchName}` : a.name })),
  ];
  const agentOptions = [
    none,
    ...(options?.agents ?? []).map((a) => ({
      value: a.id,
      label: `${a.name} · ${a.isAgent ? t('form.agentRole') : t('form.aoRole')}`,
    })),
  ];
  return (
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
          <FormSelect control={control} name="agentId" label={t('fields.agent')} options={agentOptions} helperText={t('form.agentHint')} />
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
  );
}

export function FamilySection({ control }: { control: FormControl }) {
  const { t } = useTranslation('members');
  return (
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
  );
}
