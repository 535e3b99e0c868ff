/** The menu as a bar under the header (layout "horizontal"); groups open as dropdowns. */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { entryLabelKey, findMenuEntry, leafLabelKey, type NavEntry } from '../navigation';
import { HORIZONTAL_NAV_HEIGHT } from './constants';
import { NAV_ICONS } from './navIcons';
import { useVisibleNavigation } from './useNavigation';

export function HorizontalNav() {
  const { t } = useTranslation();
  const nav = useVisibleNavigation();
  const { pathname } = useLocation();
  const active = findMenuEntry(pathname);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; entry: NavEntry } | null>(null);

  return (
    <Box
      component="nav"
      aria-label={t('nav.menu')}
      data-testid="horizontal-nav"
      sx={{
        height: HORIZONTAL_NAV_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: { xs: 2, md: 3 },
        overflowX: 'auto',
        scrollbarWidth: 'thin',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {nav.map((e) => {
        const Icon = NAV_ICONS[e.icon];
        const isActive = e.path ? pathname === e.path || active?.path === e.path : active?.groupKey === e.key;
        const sx = (th: import('@mui/material/styles').Theme) => ({
          flexShrink: 0,
          color: isActive ? th.palette.primary.main : th.palette.text.primary,
          bgcolor: isActive ? alpha(th.palette.primary.main, 0.1) : 'transparent',
          fontWeight: isActive ? 600 : 500,
          px: 1.5,
        });
        if (e.path) {
          return (
            <Button key={e.key} component={NavLink} to={e.path} startIcon={<Icon fontSize="small" />} sx={sx} data-testid={`hnav-${e.key}`}>
              {t(entryLabelKey(e.key))}
            </Button>
          );
        }
        return (
          <Button
            key={e.key}
            startIcon={<Icon fontSize="small" />}
            endIcon={<ExpandMoreRounded fontSize="small" />}
            onClick={(ev) => setMenu({ anchor: ev.currentTarget, entry: e })}
            sx={sx}
            data-testid={`hnav-${e.key}`}
          >
            {t(entryLabelKey(e.key))}
          </Button>
        );
      })}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu?.entry.children?.map((c) => (
          <MenuItem key={c.path} component={NavLink} to={c.path} selected={active?.path === c.path} onClick={() => setMenu(null)}>
            {t(leafLabelKey(c.key))}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
