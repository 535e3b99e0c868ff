/** The vertical menu: entries, collapsible groups, active highlight in the chosen menu style. */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MenuStyle } from '../../lib/settings/settings';
import { entryLabelKey, findMenuEntry, leafLabelKey, type NavEntry } from '../navigation';
import { NAV_ICONS } from './navIcons';
import { useVisibleNavigation } from './useNavigation';

function activeStyle(style: MenuStyle, t: Theme): SystemStyleObject<Theme> {
  const main = t.palette.primary.main;
  if (style === 'pill') {
    return {
      color: t.palette.primary.contrastText,
      background: `linear-gradient(72deg, ${main} 22%, ${alpha(main, 0.72)} 100%)`,
      boxShadow: `0 2px 6px ${alpha(main, 0.35)}`,
      '& .MuiListItemIcon-root': { color: 'inherit' },
      '&:hover': { background: `linear-gradient(72deg, ${main} 22%, ${alpha(main, 0.72)} 100%)` },
    };
  }
  if (style === 'bar') {
    return {
      color: main,
      bgcolor: alpha(main, 0.1),
      borderInlineStart: `3px solid ${main}`,
      '& .MuiListItemIcon-root': { color: main },
    };
  }
  return { color: main, bgcolor: alpha(main, 0.14), '& .MuiListItemIcon-root': { color: main } };
}

export function NavItems({ collapsed, menuStyle, onNavigate }: { collapsed: boolean; menuStyle: MenuStyle; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const nav = useVisibleNavigation();
  const { pathname } = useLocation();
  const activeLeaf = findMenuEntry(pathname);
  const activeGroup = activeLeaf?.groupKey ?? null;
  const [open, setOpen] = useState<string | null>(activeGroup);

  useEffect(() => {
    if (activeGroup) setOpen(activeGroup);
  }, [activeGroup]);

  const radius = menuStyle === 'bar' ? 0 : 1;
  const itemSx = (t: Theme): SystemStyleObject<Theme> => ({
    minHeight: 42,
    mx: menuStyle === 'bar' ? 0 : 1.5,
    px: collapsed ? 1.5 : 2,
    mb: 0.5,
    borderRadius: radius,
    borderInlineStart: menuStyle === 'bar' ? '3px solid transparent' : undefined,
    color: t.palette.text.primary,
    justifyContent: collapsed ? 'center' : 'flex-start',
    '& .MuiListItemIcon-root': { minWidth: collapsed ? 0 : 36, color: t.palette.text.secondary },
  });

  const renderEntry = (e: NavEntry) => {
    const Icon = NAV_ICONS[e.icon];
    const label = t(entryLabelKey(e.key));
    if (e.path) {
      const active = pathname === e.path || activeLeaf?.path === e.path;
      return (
        <ListItemButton
          key={e.key}
          component={NavLink}
          to={e.path}
          onClick={onNavigate}
          data-testid={`nav-${e.key}`}
          title={collapsed ? label : undefined}
          sx={(th) => ({ ...itemSx(th), ...(active ? activeStyle(menuStyle, th) : {}) })}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {!collapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.875rem' } } }} />}
        </ListItemButton>
      );
    }
    const isOpen = open === e.key && !collapsed;
    const containsActive = activeGroup === e.key;
    return (
      <Box key={e.key} component="li" sx={{ listStyle: 'none' }}>
        <ListItemButton
          onClick={() => setOpen(isOpen ? null : e.key)}
          aria-expanded={isOpen}
          data-testid={`nav-${e.key}`}
          title={collapsed ? label : undefined}
          sx={(th) => ({
            ...itemSx(th),
            ...(containsActive
              ? {
                  bgcolor: alpha(th.palette.primary.main, isOpen ? 0.06 : 0.1),
                  '& .MuiListItemIcon-root': { color: th.palette.primary.main },
                }
              : {}),
          })}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {!collapsed && (
            <>
              <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.875rem' } } }} />
              <ExpandMoreRounded
                fontSize="small"
                sx={{
                  color: 'text.secondary',
                  transition: 'transform .2s',
                  transform: isOpen ? 'rotate(0deg)' : 'rotate(-90deg)',
                  '[dir=rtl] &': { transform: isOpen ? 'none' : 'rotate(90deg)' },
                }}
              />
            </>
          )}
        </ListItemButton>
        <Collapse in={isOpen} timeout="auto" unmountOnExit>
          <List disablePadding>
            {e.children!.map((c) => {
              const active = activeLeaf?.path === c.path;
              return (
                <ListItemButton
                  key={c.path}
                  component={NavLink}
                  to={c.path}
                  onClick={onNavigate}
                  data-testid={`nav-${c.key}`}
                  sx={(th) => ({
                    ...itemSx(th),
                    minHeight: 38,
                    ...(active ? activeStyle(menuStyle, th) : {}),
                  })}
                >
                  <ListItemIcon sx={{ justifyContent: 'center' }}>
                    <Box
                      component="span"
                      sx={{
                        width: active ? 8 : 6,
                        height: active ? 8 : 6,
                        borderRadius: '50%',
                        border: active ? 'none' : '1.5px solid currentColor',
                        bgcolor: active ? 'currentColor' : 'transparent',
                        opacity: active ? 1 : 0.7,
                      }}
                    />
                  </ListItemIcon>
                  <ListItemText primary={t(leafLabelKey(c.key))} slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.8125rem' } } }} />
                </ListItemButton>
              );
            })}
          </List>
        </Collapse>
      </Box>
    );
  };

  return (
    <List component="nav" aria-label={t('nav.menu')} sx={{ py: 1 }} data-testid="vertical-nav">
      {nav.map(renderEntry)}
    </List>
  );
}
