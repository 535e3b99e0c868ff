/**
 * The signed-in user's profile (spec section 2, "Profile tabs"): personal
 * info, change password, information, social, notification, connections,
 * activity. Each tab has its own address (/profile/<tab>).
 */
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { AccountTab } from '../components/AccountTab';
import { ActivityTab } from '../components/ActivityTab';
import { ConnectionsTab } from '../components/ConnectionsTab';
import { InformationTab } from '../components/InformationTab';
import { NotificationTab } from '../components/NotificationTab';
import { SecurityTab } from '../components/SecurityTab';
import { SocialTab } from '../components/SocialTab';

export const PROFILE_TABS = ['account', 'security', 'information', 'social', 'notification', 'connections', 'activity'] as const;
type TabKey = (typeof PROFILE_TABS)[number];

const TABS: Record<TabKey, { icon: ReactElement; panel: () => ReactElement }> = {
  account: { icon: <PersonOutlineOutlined fontSize="small" />, panel: () => <AccountTab /> },
  security: { icon: <LockOutlined fontSize="small" />, panel: () => <SecurityTab /> },
  information: { icon: <InfoOutlined fontSize="small" />, panel: () => <InformationTab /> },
  social: { icon: <ShareOutlined fontSize="small" />, panel: () => <SocialTab /> },
  notification: { icon: <NotificationsNoneOutlined fontSize="small" />, panel: () => <NotificationTab /> },
  connections: { icon: <LinkOutlined fontSize="small" />, panel: () => <ConnectionsTab /> },
  activity: { icon: <HistoryOutlined fontSize="small" />, panel: () => <ActivityTab /> },
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

function ProfileBanner() {
  const { t } = useTranslation('profile');
  const user = useUser();
  const f = useFormat();
  const facts = [
    { icon: <BadgeOutlined fontSize="small" />, text: user.position ? t(`positions.${user.position}`) : user.role.name },
    { icon: <StorefrontOutlined fontSize="small" />, text: user.tenant.name },
    { icon: <CalendarMonthOutlined fontSize="small" />, text: t('banner.joined', { date: f.date(user.createdDate, 'long') }) },
  ];
  return (
    <Card sx={{ mb: 3, overflow: 'hidden' }}>
      <Box
        sx={(th) => ({
          height: { xs: 96, md: 132 },
          background: `linear-gradient(120deg, ${th.palette.primary.dark} 0%, ${th.palette.primary.main} 55%, ${alpha(th.palette.primary.light, 0.9)} 100%)`,
          position: 'relative',
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            backgroundImage: 'radial-gradient(rgba(255,255,255,.18) 1px, transparent 1px)',
            backgroundSize: '18px 18px',
          },
        })}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2.5, px: { xs: 2.5, md: 4 }, pb: 3, mt: { xs: -5, md: -6 } }}
      >
        <Avatar
          sx={(th) => ({
            width: { xs: 88, md: 112 },
            height: { xs: 88, md: 112 },
            fontSize: { xs: 32, md: 40 },
            fontWeight: 600,
            bgcolor: 'primary.main',
            border: `5px solid ${th.palette.background.paper}`,
            position: 'relative',
            zIndex: 1,
          })}
        >
          {initials(user.fullName)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h2">
              {user.fullName}
            </Typography>
            <Chip size="small" color="primary" variant="outlined" label={user.role.name} />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, md: 3 }, mt: 1, color: 'text.secondary' }}>
            {facts.map((x) => (
              <Box key={x.text} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '0.875rem' }}>
                {x.icon}
                <span>{x.text}</span>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Card>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { tab = 'account' } = useParams();
  if (!PROFILE_TABS.includes(tab as TabKey)) return <Navigate to="/profile" replace />;
  const current = tab as TabKey;
  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('title'), to: '/profile' }, { label: t(`tabs.${current}`) }]} />
      <ProfileBanner />
      <Tabs
        value={current}
        onChange={(_e, v: TabKey) => navigate(v === 'account' ? '/profile' : `/profile/${v}`)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{
          mb: 3,
          '& .MuiTab-root': { minHeight: 42, borderRadius: 2, mr: 1 },
          '& .Mui-selected': { bgcolor: (th) => alpha(th.palette.primary.main, 0.1) },
        }}
        slotProps={{ indicator: { sx: { display: 'none' } } }}
      >
        {PROFILE_TABS.map((k) => (
          <Tab key={k} value={k} icon={TABS[k].icon} iconPosition="start" label={t(`tabs.${k}`)} data-testid={`profile-tab-${k}`} />
        ))}
      </Tabs>
      <Box data-testid={`profile-panel-${current}`}>{TABS[current].panel()}</Box>
    </>
  );
}
