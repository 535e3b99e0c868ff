/** Tab "Profil": the member record in sections, the interview and decision on record, the principal saving, who registered and changed it. */
import type { MemberDetail } from '@koperasi/contracts/members';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { useInterviewerName } from '../lib/interviewer';
import { phoneForInput } from '../lib/memberForm';
import { InterviewResultChip, UpgradeStatusChip } from './MemberChips';
import { SectionCard } from './SectionCard';

export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 40%) 1fr' }, rowGap: 1.25, columnGap: 2 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '0.875rem', fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {value === null || value === undefined || value === '' ? '-' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ProfileTab({ member: m }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const interviewer = useInterviewerName(m.interview);
  const age = m.birthDate ? Math.floor((Date.now() - new Date(`${m.birthDate}T00:00:00`).getTime()) / (365.2425 * 86_400_000)) : null;
  const lifecycle: Array<[string, ReactNode]> = [
    [t('fields.registrationChannel'), t(`channel.${m.registrationChannel}`)],
    [t('fields.registeredAt'), f.date(m.createdDate, 'dateTime')],
    [t('fields.registeredBy'), m.registeredByName],
    [t('fields.updatedAt'), `${f.date(m.updatedDate, 'dateTime')}${m.updatedByName ? ` · ${m.updatedByName}` : ''}`],
  ];
  if (m.interview.date || m.memberType === 'PROSPECTIVE') {
    lifecycle.push(
      [t('interview.title'), <InterviewResultChip key="r" result={m.interview.result} />],
      [t('interview.date'), m.interview.date ? f.date(m.interview.date, 'long') : null],
      [t('interview.interviewer'), interviewer],
      [t('interview.notes'), m.interview.notes],
    );
  }
  if (m.approval.status) {
    lifecycle.push(
      [t('approval.decision'), t(`approval.decisions.${m.approval.status}`)],
      [t('approval.decidedBy'), m.approval.at ? `${m.approval.byName ?? '-'} · ${f.date(m.approval.at, 'dateTime')}` : m.approval.byName],
      [t('fields.reason'), m.approval.reason],
    );
  }
  if (m.upgrade.status) {
    lifecycle.push(
      [t('upgrade.request'), <UpgradeStatusChip key="u" status={m.upgrade.status} />],
      [t('upgrade.requestedAt'), f.date(m.upgrade.requestedAt, 'dateTime')],
      [t('upgrade.reason'), m.upgrade.reason],
    );
  }
  if (m.exitDate) lifecycle.push([t('fields.exitDate'), f.date(m.exitDate, 'long')], [t('exit.reason'), m.exitReason]);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <SectionCard icon={<BadgeOutlined fontSize="small" />} title={t('form.sections.identity')}>
          <Facts
            items={[
              [t('fields.cifNumber'), m.cifNumber],
              [t('fields.fullName'), m.fullName],
              [t('fields.gender'), t(`gender.${m.gender}`)],
              [
                t('fields.birth'),
                [m.birthPlace, m.birthDate ? f.date(m.birthDate, 'long') : null].filter(Boolean).join(', ') +
                  (age !== null ? ` (${t('profile.age', { age })})` : ''),
              ],
              [t('fields.identity'), `${t(`identityType.${m.identityType}`)} · ${m.identityNumber}`],
              [t('fields.familyCardNumber'), m.familyCardNumber],
              [t('fields.phone'), phoneForInput(m.phone)],
              [t('fields.address'), m.address],
              [t('fields.occupation'), m.occupation],
            ]}
          />
        </SectionCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        <SectionCard icon={<HomeWorkOutlined fontSize="small" />} title={t('form.sections.membership')}>
          <Facts
            items={[
              [t('fields.memberType'), t(`type.${m.memberType}`)],
              [t('fields.status'), t(`status.${m.status}`)],
              [t('fields.joinDate'), m.joinDate ? f.date(m.joinDate, 'long') : null],
              [t('fields.branch'), m.branchName],
              [t('fields.area'), m.areaName],
              [t('fields.agent'), m.agentName],
              [t('fields.groupName'), m.groupName],
              [t('fields.loanLimit'), m.loanLimit === null ? null : <MoneyText key="limit" value={m.loanLimit} />],
              [
                t('fields.principal'),
                m.principal.status === 'OWED' ? (
                  <Box key="owed" component="span" sx={{ color: 'warning.main' }}>
                    {t('principal.OWED')} · <MoneyText value={m.principal.owed} />
                  </Box>
                ) : (
                  t(`principal.${m.principal.status}`)
                ),
              ],
              [t('fields.mobilePin'), m.hasPin ? t('profile.pinSet', { date: f.date(m.pinChangedAt, 'dateTime') }) : t('profile.pinNone')],
            ]}
          />
        </SectionCard>
        <SectionCard icon={<FamilyRestroomOutlined fontSize="small" />} title={t('form.sections.family')}>
          <Facts
            items={[
              [t('fields.closestFamilyName'), m.closestFamilyName],
              [t('fields.closestFamilyRelationship'), m.closestFamilyRelationship],
              [t('fields.closestFamilyPhone'), phoneForInput(m.closestFamilyPhone)],
            ]}
          />
        </SectionCard>
      </Grid>
      <Grid size={12}>
        <SectionCard
          icon={m.approval.status || m.interview.date ? <FactCheckOutlined fontSize="small" /> : <HistoryEduOutlined fontSize="small" />}
          title={t('profile.lifecycle')}
        >
          <Facts items={lifecycle} />
        </SectionCard>
      </Grid>
    </Grid>
  );
}
