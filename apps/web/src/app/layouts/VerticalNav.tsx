/**
 * The sidebar: logo, menu, and (on desktop) a collapse toggle. Collapsed it
 * shows icons only and opens over the content while hovered. On phones it is
 * a drawer. In semi-dark mode it uses its own dark theme.
 */
import RadioButtonCheckedRounded from '@mui/icons-material/RadioButtonCheckedRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { useSettings } from '../../lib/settings/SettingsProvider';
import { createNavTheme } from '../theme/createAppTheme';
import { HEADER_HEIGHT, NAV_COLLAPSED_WIDTH, NAV_WIDTH } from './constants';
import { NavItems } from './NavItems';

function NavContent({ collapsed, onNavigate, showToggle }: { collapsed: boolean; onNavigate?: () => void; showToggle: boolean }) {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          height: HEADER_HEIGHT,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          px: collapsed ? 0 : 2.5,
        }}
      >
        <Box component={Link} to="/" onClick={onNavigate} sx={{ textDecoration: 'none', display: 'flex' }} aria-label={t('common.home')}>
          <Logo size={34} markOnly={collapsed} />
        </Box>
        {showToggle && !collapsed && (
          <Tooltip title={settings.navCollapsed ? t('shell.pinMenu') : t('shell.collapseMenu')}>
            <IconButton
              size="small"
              onClick={() => update({ navCollapsed: !settings.navCollapsed })}
              aria-label={settings.navCollapsed ? t('shell.pinMenu') : t('shell.collapseMenu')}
              data-testid="nav-collapse"
              sx={{ color: 'text.secondary' }}
            >
              {settings.navCollapsed ? <RadioButtonUncheckedRounded fontSize="small" /> : <RadioButtonCheckedRounded fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box
        sx={{
          flex: 1,
          overflowY: 'auto',
          overflowX: 'hidden',
          pb: 2,
          scrollbarWidth: 'thin',
          '&::-webkit-scrollbar': { width: 6 },
          '&::-webkit-scrollbar-thumb': { borderRadius: 3, bgcolor: 'divider' },
        }}
      >
        <NavItems collapsed={collapsed} menuStyle={settings.menuStyle} onNavigate={onNavigate} />
      </Box>
    </Box>
  );
}

export function VerticalNav({
  mobileOpen,
  onMobileClose,
  isDesktop,
}: {
  mobileOpen: boolean;
  onMobileClose: () => void;
  isDesktop: boolean;
}) {
  const { settings, mode } = useSettings();
  const theme = useTheme();
  const [hovered, setHovered] = useState(false);
  const navTheme = useMemo(
    () =>
      mode === 'semi-dark'
        ? createNavTheme({ mode: 'dark', primary: settings.primary, direction: theme.direction, skin: settings.skin })
        : null,
    [mode, settings.primary, settings.skin, theme.direction],
  );
  const collapsed = isDesktop && settings.navCollapsed;
  const expanded = !collapsed || hovered;

  const paperSx = {
    bgcolor: 'background.paper',
    borderInlineEnd: mode === 'semi-dark' || settings.skin === 'bordered' ? undefined : 'none',
    boxShadow: mode === 'light' && settings.skin !== 'bordered' ? '0 0 24px rgba(16, 24, 20, 0.05)' : 'none',
  } as const;

  const drawer = isDesktop ? (
    <Box
      component="aside"
      sx={{ width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH, flexShrink: 0, transition: 'width .2s ease' }}
      data-testid="sidebar"
    >
      <Drawer
        variant="permanent"
        open
        onMouseEnter={() => collapsed && setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        slotProps={{
          paper: {
            sx: {
              ...paperSx,
              width: expanded ? NAV_WIDTH : NAV_COLLAPSED_WIDTH,
              transition: 'width .2s ease, box-shadow .2s',
              overflowX: 'hidden',
              ...(collapsed && hovered ? { boxShadow: 8 } : {}),
            },
          },
        }}
      >
        <NavContent collapsed={!expanded} showToggle />
      </Drawer>
    </Box>
  ) : (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onMobileClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { ...paperSx, width: NAV_WIDTH } } }}
    >
      <NavContent collapsed={false} onNavigate={onMobileClose} showToggle={false} />
    </Drawer>
  );
  return navTheme ? <ThemeProvider theme={navTheme}>{drawer}</ThemeProvider> : drawer;
}
