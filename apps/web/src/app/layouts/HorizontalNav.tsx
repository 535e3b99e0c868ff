/**
 * The menu as a bar under the header (layout "horizontal"); groups open as
 * dropdowns. The bar never scrolls sideways: entries that do not fit go into
 * a "more" menu at the end, and the active section always stays on the bar
 * (it takes the place of the last entry that fits). Widths are measured from
 * a hidden copy of the bar, again whenever the bar or the language changes.
 */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { alpha, type Theme } from '@mui/material/styles';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { entryLabelKey, findMenuEntry, leafLabelKey, type NavEntry } from '../navigation';
import { HORIZONTAL_NAV_HEIGHT } from './constants';
import { NAV_ICONS } from './navIcons';
import { useVisibleNavigation } from './useNavigation';

const GAP_PX = 4;

/**
 * Which entries stay on the bar: as many as fit (with room for "more" when
 * some do not), the active one always among them. `widths` are the entries'
 * widths, `more` the "more" button's, `available` the bar's inner width.
 */
export function fitEntries(widths: number[], more: number, available: number, active: number): number[] {
  const all = widths.map((_, i) => i);
  const sum = (ix: number[]) => ix.reduce((s, i) => s + widths[i]! + GAP_PX, 0);
  if (sum(all) <= available) return all;
  for (let k = widths.length - 1; k >= 0; k--) {
    let shown = all.slice(0, k);
    if (active >= k) shown = [...all.slice(0, Math.max(0, k - 1)), active];
    if (sum(shown) + more <= available) return shown;
  }
  return active >= 0 ? [active] : [];
}

/** Measures the hidden copy of the bar and says which entries stay on it and which go into "more". */
function useFittedEntries(nav: NavEntry[], activeIndex: number, language: string) {
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<number[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the entries (nav) and their labels (language) change the widths measured
  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure) return;
    const compute = () => {
      const items = Array.from(measure.children) as HTMLElement[];
      const widths = items.slice(0, -1).map((el) => el.getBoundingClientRect().width);
      const more = items.at(-1)?.getBoundingClientRect().width ?? 0;
      const style = getComputedStyle(bar);
      const available = bar.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      // No layout (tests without a browser): everything on the bar.
      if (!available || widths.every((w) => w === 0)) return setShown(null);
      const next = fitEntries(widths, more + GAP_PX, available, activeIndex);
      setShown((prev) => (prev && prev.join() === next.join() ? prev : next));
    };
    compute();
    const ro = new ResizeObserver(compute);
    ro.observe(bar);
    return () => ro.disconnect();
  }, [nav, activeIndex, language]);

  const visible = shown ?? nav.map((_, i) => i);
  const overflow = nav.map((_, i) => i).filter((i) => !visible.includes(i));
  return { barRef, measureRef, visible, overflow };
}

const entrySx = (on: boolean) => (th: Theme) => ({
  flexShrink: 0,
  color: on ? th.palette.primary.main : th.palette.text.primary,
  bgcolor: on ? alpha(th.palette.primary.main, 0.1) : 'transparent',
  fontWeight: on ? 600 : 500,
  px: 1.5,
  whiteSpace: 'nowrap',
});

export function HorizontalNav() {
  const { t, i18n } = useTranslation();
  const nav = useVisibleNavigation();
  const { pathname } = useLocation();
  const active = findMenuEntry(pathname);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; entry: NavEntry } | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const isActive = (e: NavEntry) => (e.path ? pathname === e.path || active?.path === e.path : active?.groupKey === e.key);
  const activeIndex = nav.findIndex(isActive);
  const { barRef, measureRef, visible, overflow } = useFittedEntries(nav, activeIndex, i18n.language);

  const entryButton = (e: NavEntry, measuring = false) => {
    const Icon = NAV_ICONS[e.icon];
    const on = isActive(e);
    if (e.path) {
      return (
        <Button
          key={e.key}
          component={NavLink}
          to={e.path}
          startIcon={<Icon fontSize="small" />}
          sx={entrySx(on)}
          tabIndex={measuring ? -1 : undefined}
          data-testid={measuring ? undefined : `hnav-${e.key}`}
        >
          {t(entryLabelKey(e.key))}
        </Button>
      );
    }
    return (
      <Button
        key={e.key}
        startIcon={<Icon fontSize="small" />}
        endIcon={<ExpandMoreRounded fontSize="small" />}
        onClick={measuring ? undefined : (ev) => setMenu({ anchor: ev.currentTarget, entry: e })}
        sx={entrySx(on)}
        tabIndex={measuring ? -1 : undefined}
        data-testid={measuring ? undefined : `hnav-${e.key}`}
      >
        {t(entryLabelKey(e.key))}
      </Button>
    );
  };
  const moreLabel = t('nav.more');

  return (
    <Box
      ref={barRef}
      component="nav"
      aria-label={t('nav.menu')}
      data-testid="horizontal-nav"
      sx={{
        position: 'relative',
        height: HORIZONTAL_NAV_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: `${GAP_PX}px`,
        px: { xs: 2, md: 3 },
        overflow: 'hidden',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* Hidden copy of every entry and of "more", for their widths. */}
      <Box aria-hidden sx={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden', top: 0, left: 0 }}>
        <Box
          ref={measureRef}
          sx={{ visibility: 'hidden', pointerEvents: 'none', display: 'flex', gap: `${GAP_PX}px`, width: 'max-content' }}
        >
          {nav.map((e) => entryButton(e, true))}
          <Button startIcon={<MoreHorizRounded fontSize="small" />} sx={entrySx(false)} tabIndex={-1}>
            {moreLabel}
          </Button>
        </Box>
      </Box>
      {visible.map((i) => entryButton(nav[i]!))}
      {overflow.length > 0 && (
        <Button
          startIcon={<MoreHorizRounded fontSize="small" />}
          endIcon={<ExpandMoreRounded fontSize="small" />}
          onClick={(ev) => setMoreAnchor(ev.currentTarget)}
          sx={entrySx(false)}
          aria-haspopup="menu"
          data-testid="hnav-more"
        >
          {moreLabel}
        </Button>
      )}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu?.entry.children?.map((c) => (
          <MenuItem key={c.path} component={NavLink} to={c.path} selected={active?.path === c.path} onClick={() => setMenu(null)}>
            {t(leafLabelKey(c.key))}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)} data-testid="hnav-more-menu">
        {overflow.map((i) => {
          const e = nav[i]!;
          if (e.path)
            return (
              <MenuItem key={e.key} component={NavLink} to={e.path} onClick={() => setMoreAnchor(null)} data-testid={`hnav-more-${e.key}`}>
                {t(entryLabelKey(e.key))}
              </MenuItem>
            );
          return (
            <Fragment key={e.key}>
              <ListSubheader sx={{ lineHeight: '32px' }}>{t(entryLabelKey(e.key))}</ListSubheader>
              {e.children?.map((c) => (
                <MenuItem
                  key={c.path}
                  component={NavLink}
                  to={c.path}
                  sx={{ pl: 3 }}
                  onClick={() => setMoreAnchor(null)}
                  data-testid={`hnav-more-${c.key}`}
                >
                  {t(leafLabelKey(c.key))}
                </MenuItem>
              ))}
            </Fragment>
          );
        })}
      </Menu>
    </Box>
  );
}
