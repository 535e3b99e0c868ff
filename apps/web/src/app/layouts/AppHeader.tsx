/** The fixed header: menu button (phones), menu search, language, mode, customizer, user; a progress line while requests run. */
import MenuRounded from '@mui/icons-material/MenuRounded';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu';
import { Logo } from '../../components/Logo';
import { ModeToggle } from '../../components/ModeToggle';
import { useSettings } from '../../lib/settings/SettingsProvider';
import { HEADER_HEIGHT } from './constants';
import { NavSearch } from './NavSearch';
import { UserMenu } from './UserMenu';

export function RequestProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  if (!busy) return null;
  return (
    <LinearProgress
      data-testid="request-progress"
      sx={{ position: 'absolute', insetInline: 0, bottom: 0, height: 2, borderRadius: 0, bgcolor: 'transparent' }}
    />
  );
}

export function AppHeader({ onMenu, showMenuButton, showLogo }: { onMenu: () => void; showMenuButton: boolean; showLogo: boolean }) {
  const { t } = useTranslation();
  const { setCustomizerOpen } = useSettings();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={(th) => ({
        top: 0,
        height: HEADER_HEIGHT,
        justifyContent: 'center',
        bgcolor: alpha(th.palette.background.default, 0.82),
        backdropFilter: 'saturate(180%) blur(8px)',
        borderBottom: `1px solid ${th.palette.divider}`,
        zIndex: th.zIndex.appBar,
      })}
      data-testid="app-header"
    >
      <Toolbar sx={{ gap: 1, minHeight: `${HEADER_HEIGHT}px !important`, px: { xs: 2, md: 3 } }}>
        {showMenuButton && (
          <IconButton edge="start" onClick={onMenu} aria-label={t('shell.openMenu')} data-testid="open-menu">
            <MenuRounded />
          </IconButton>
        )}
        {showLogo && (
          <Box component={Link} to="/" sx={{ display: 'flex', textDecoration: 'none', mr: 2 }}>
            <Logo size={32} />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, maxWidth: 360 }}>
          <NavSearch />
        </Box>
        <Box sx={{ flex: 1 }} />
        <LanguageMenu />
        <ModeToggle />
        <Tooltip title={t('customizer.title')}>
          <IconButton onClick={() => setCustomizerOpen(true)} aria-label={t('customizer.title')} data-testid="open-customizer">
            <TuneOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Box sx={{ width: 8 }} />
        <UserMenu />
      </Toolbar>
      <RequestProgress />
    </AppBar>
  );
}
