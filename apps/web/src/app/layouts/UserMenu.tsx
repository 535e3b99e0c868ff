import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth, useUser } from '../../lib/auth/AuthProvider';
import { useSettings } from '../../lib/settings/SettingsProvider';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const { logout } = useAuth();
  const { setCustomizerOpen } = useSettings();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const avatar = (size: number) => (
    <Badge
      overlap="circular"
      variant="dot"
      color="success"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ '& .MuiBadge-badge': { boxShadow: (th) => `0 0 0 2px ${th.palette.background.paper}` } }}
    >
      <Avatar sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4, fontWeight: 600 }}>
        {initials(user.fullName)}
      </Avatar>
    </Badge>
  );
  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('user.menu')}
        data-testid="user-menu"
        sx={{ borderRadius: 2, px: 0.75, py: 0.5, gap: 1.25 }}
      >
        <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'end' }}>
          <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, lineHeight: 1.3 }} noWrap>
            {user.fullName}
          </Typography>
          <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary', lineHeight: 1.3 }} noWrap>
            {user.role.name}
          </Typography>
        </Box>
        {avatar(36)}
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          {avatar(40)}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }} noWrap>
              {user.fullName}
            </Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
              {user.email ?? user.phone}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/profile')} data-testid="menu-profile">
          <ListItemIcon>
            <PersonOutlineOutlined fontSize="small" />
          </ListItemIcon>
          {t('user.profile')}
        </MenuItem>
        <MenuItem onClick={() => go('/profile/security')}>
          <ListItemIcon>
            <LockResetOutlined fontSize="small" />
          </ListItemIcon>
          {t('user.changePassword')}
        </MenuItem>
        <MenuItem onClick={() => go('/profile/activity')}>
          <ListItemIcon>
            <HistoryOutlined fontSize="small" />
          </ListItemIcon>
          {t('user.activity')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCustomizerOpen(true);
          }}
        >
          <ListItemIcon>
            <TuneOutlined fontSize="small" />
          </ListItemIcon>
          {t('customizer.title')}
        </MenuItem>
        <Divider />
        <MenuItem
          data-testid="sign-out"
          onClick={async () => {
            setAnchor(null);
            await logout();
            navigate('/sign-in', { replace: true });
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('user.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
