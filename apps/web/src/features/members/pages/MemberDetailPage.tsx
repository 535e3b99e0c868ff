/**
 * A member (/members/:id): the header with the member's state and the
 * actions the role may take (edit, interview, decision, become-member
 * request, PIN reset, notifications, exit), and the tabs profile, photos,
 * accounts (the server's summary of savings, deposits, equity and loans) and
 * timeline (?tab=...).
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import UpgradeOutlined from '@mui/icons-material/UpgradeOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useMember } from '../api/getMember';
import { usePhotoUrl } from '../api/photos';
import { useResetPin } from '../api/resetPin';
import { useUpdateNotification } from '../api/updateNotification';
import { AccountsTab } from '../components/AccountsTab';
import { ApprovalDialog } from '../components/ApprovalDialog';
import { InterviewDialog } from '../components/InterviewDialog';
import { MemberStatusChip, MemberTypeChip, UpgradeStatusChip } from '../components/MemberChips';
import { initials } from '../components/MemberSummaryLine';
import { PhotosTab } from '../components/PhotosTab';
import { ProfileTab } from '../components/ProfileTab';
import { TimelineTab } from '../components/TimelineTab';
import { UpgradeDialog } from '../components/UpgradeDialog';
import { phoneForInput } from '../lib/memberForm';

const TABS = ['profile', 'photos', 'accounts', 'timeline'] as const;
type TabKey = (typeof TABS)[number];
const TAB_ICON: Record<TabKey, ReactElement> = {
  profile: <PersonOutlineOutlined fontSize="small" />,
  photos: <PhotoCameraOutlined fontSize="small" />,
  accounts: <AccountBalanceWalletOutlined fontSize="small" />,
  timeline: <HistoryOutlined fontSize="small" />,
};

/** Name, type and status, CIF and identity, and the member's facts in one line. */
function Identity({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const facts = [
    m.phone ? phoneForInput(m.phone) : null,
    m.branchName,
    m.joinDate ? t('detail.joined', { date: f.date(m.joinDate, 'long') }) : t('detail.registered', { date: f.date(m.createdDate, 'long') }),
    m.exitDate ? t('detail.exited', { date: f.date(m.exitDate, 'long') }) : null,
  ].filter(Boolean);
  return (
    <Box sx={{ flex: 1, minWidth: 240 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }} data-testid="member-name">
          {m.fullName}
        </Typography>
        <MemberTypeChip type={m.memberType} />
        <MemberStatusChip status={m.status} />
        {m.upgradeStatus && <UpgradeStatusChip status={m.upgradeStatus} />}
      </Box>
      <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', mt: 0.5 }} data-testid="member-cif">
        {t('fields.cifNumber')} {m.cifNumber} · {t(`identityType.${m.identityType}`)} {m.identityNumber}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem', mt: 0.25 }}>{facts.join(' · ')}</Typography>
    </Box>
  );
}

function Header({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const { can } = useAuth();
  const photo = usePhotoUrl(m.photos.self);
  const notify = useUpdateNotification();
  const reset = useResetPin();
  const { confirm, dialog } = useConfirm();
  const [dialogOpen, setDialogOpen] = useState<null | 'interview' | 'approval' | 'upgrade'>(null);

  const canUpdate = can('member', 'update');
  const pendingProspect = m.memberType === 'PROSPECTIVE' && (m.status === 'WAITING_INTERVIEW' || m.status === 'WAITING_APPROVAL');
  const pendingUpgrade = m.memberType === 'NON_MEMBER' && m.upgradeStatus === 'WAITING_APPROVAL';
  const canInterview =
    canUpdate && ((m.memberType === 'PROSPECTIVE' && m.status === 'WAITING_INTERVIEW') || (pendingUpgrade && !m.interview.date));
  const canDecide = canUpdate && (pendingProspect || pendingUpgrade);
  const canUpgrade = canUpdate && m.memberType === 'NON_MEMBER' && m.status === 'ACTIVE' && !pendingUpgrade;
  const canExit = can('member', 'delete') && m.status === 'ACTIVE' && m.memberType !== 'PROSPECTIVE';
  const canReset = canUpdate && m.isActive && Boolean(m.phone);

  const resetPin = async () => {
    const ok = await confirm({
      title: t('detail.resetPinTitle'),
      message: t('detail.resetPinMessage', { name: m.fullName, phone: phoneForInput(m.phone) }),
      confirmLabel: t('detail.resetPin'),
    });
    if (ok) reset.mutate(m.id);
  };

  const toggleNotification = async (on: boolean) => {
    const ok = await confirm({
      title: on ? t('detail.notificationOnTitle') : t('detail.notificationOffTitle'),
      message: on ? t('detail.notificationOnMessage') : t('detail.notificationOffMessage'),
    });
    if (ok) notify.mutate({ memberId: m.id, isSendNotification: on });
  };

  return (
    <Card sx={{ p: { xs: 2.5, md: 3 }, mb: 3 }} data-testid="member-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2.5, alignItems: 'center' }}>
        <Avatar src={photo.src ?? undefined} sx={{ width: 72, height: 72, fontSize: 26, fontWeight: 600, bgcolor: 'primary.main' }}>
          {initials(m.fullName)}
        </Avatar>
        <Identity m={m} />
        <FormControlLabel
          control={
            <Switch
              checked={m.isSendNotification}
              onChange={(e) => void toggleNotification(e.target.checked)}
              disabled={!canUpdate || !m.isActive || notify.isPending}
              slotProps={{ input: { 'aria-label': t('detail.notifications') } }}
              data-testid="notification-toggle"
            />
          }
          label={t('detail.notifications')}
          sx={{ mr: 0 }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
        {canInterview && (
          <Button
            variant="contained"
            startIcon={<RecordVoiceOverOutlined />}
            onClick={() => setDialogOpen('interview')}
            data-testid="action-interview"
          >
            {t('actions.interview')}
          </Button>
        )}
        {canDecide && (
          <Button
            variant={canInterview ? 'outlined' : 'contained'}
            startIcon={<FactCheckOutlined />}
            onClick={() => setDialogOpen('approval')}
            data-testid="action-decide"
          >
            {t('actions.decide')}
          </Button>
        )}
        {canUpgrade && (
          <Button variant="outlined" startIcon={<UpgradeOutlined />} onClick={() => setDialogOpen('upgrade')} data-testid="action-upgrade">
            {t('actions.upgrade')}
          </Button>
        )}
        {canUpdate && m.isActive && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<EditOutlined />}
            component={Link}
            to={`/members/${m.id}/edit`}
            data-testid="action-edit"
          >
            {t('actions.edit')}
          </Button>
        )}
        {canReset && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LockResetOutlined />}
            onClick={resetPin}
            loading={reset.isPending}
            data-testid="action-reset-pin"
          >
            {t('detail.resetPin')}
          </Button>
        )}
        {canExit && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<LogoutOutlined />}
            component={Link}
            to={`/members/exit?memberId=${m.id}`}
            sx={{ ml: { sm: 'auto' } }}
            data-testid="action-exit"
          >
            {t('actions.exit')}
          </Button>
        )}
      </Box>
      {m.principal.status === 'OWED' && m.isActive && (
        <Alert severity="warning" variant="outlined" sx={{ mt: 2.5 }} icon={<HowToRegOutlined />}>
          {t('detail.principalOwed', { amount: f.money(m.principal.owed) })}
        </Alert>
      )}
      {dialog}
      <InterviewDialog
        key={`i-${dialogOpen === 'interview'}`}
        member={dialogOpen === 'interview' ? m : null}
        onClose={() => setDialogOpen(null)}
      />
      <ApprovalDialog
        key={`a-${dialogOpen === 'approval'}`}
        member={dialogOpen === 'approval' ? m : null}
        onClose={() => setDialogOpen(null)}
      />
      <UpgradeDialog open={dialogOpen === 'upgrade'} member={m} onClose={() => setDialogOpen(null)} />
    </Card>
  );
}

export default function MemberDetailPage() {
  const { t } = useTranslation('members');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = useMember(id);
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'profile';
  const m = q.data;
  const crumbs = [
    { label: t('common:nav.member.title'), to: '/members' },
    { label: t('list.title'), to: '/members' },
    { label: m?.fullName ?? t('detail.title') },
  ];
  return (
    <>
      <PageHeader title={t('detail.title')} breadcrumbs={crumbs} />
      {q.isPending ? (
        <Skeleton variant="rounded" height={220} sx={{ borderRadius: 3 }} />
      ) : !m ? (
        <Card>
          <EmptyState
            kind={isApiError(q.error) && q.error.status === 404 ? 'notFound' : 'loadFailed'}
            onRetry={() => void q.refetch()}
            action={
              isApiError(q.error) && q.error.status === 404 ? (
                <Button component={Link} to="/members" variant="outlined" size="small">
                  {t('detail.backToList')}
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <>
          <Header m={m} />
          <Tabs
            value={tab}
            onChange={(_e, v: TabKey) => setParams(v === 'profile' ? {} : { tab: v }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 3, '& .MuiTab-root': { minHeight: 44, textTransform: 'none', fontWeight: 500 } }}
          >
            {TABS.map((k) => (
              <Tab key={k} value={k} icon={TAB_ICON[k]} iconPosition="start" label={t(`detail.tabs.${k}`)} data-testid={`tab-${k}`} />
            ))}
          </Tabs>
          {tab === 'profile' && <ProfileTab member={m} />}
          {tab === 'photos' && <PhotosTab member={m} />}
          {tab === 'accounts' && <AccountsTab member={m} />}
          {tab === 'timeline' && <TimelineTab memberId={m.id} />}
        </>
      )}
    </>
  );
}
