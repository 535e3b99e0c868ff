/**
 * The customizer drawer (spec section 2): theme style, mode, primary colour,
 * layout, navigation collapsed, content width, right-to-left, route
 * transition and sidebar menu style. Every choice is kept in the browser.
 */
import BrightnessAutoOutlined from '@mui/icons-material/BrightnessAutoOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContrastOutlined from '@mui/icons-material/ContrastOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../../lib/i18n/languages';
import { useSettings } from '../../lib/settings/SettingsProvider';
import { type ModeChoice, PRIMARY_PRESETS, type RouteTransition } from '../../lib/settings/settings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ px: 3, py: 2 }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block', mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Tile({
  selected,
  onClick,
  label,
  children,
  testId,
}: {
  selected: boolean;
  onClick: () => void;
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <ButtonBase
        onClick={onClick}
        aria-pressed={selected}
        aria-label={label}
        data-testid={testId}
        sx={(t) => ({
          width: '100%',
          height: 64,
          borderRadius: 2,
          border: `1.5px solid ${selected ? t.palette.primary.main : t.palette.divider}`,
          bgcolor: selected ? alpha(t.palette.primary.main, 0.08) : 'transparent',
          color: selected ? 'primary.main' : 'text.secondary',
          transition: 'all .15s',
          '&:hover': { borderColor: t.palette.primary.main },
        })}
      >
        {children}
      </ButtonBase>
      <Typography sx={{ fontSize: '0.75rem', mt: 0.75, color: selected ? 'primary.main' : 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
}

/** Tiny picture of a layout for the tiles. */
function Sketch({ nav, collapsed, boxed }: { nav: 'vertical' | 'horizontal'; collapsed?: boolean; boxed?: boolean }) {
  return (
    <Box sx={{ width: 64, height: 42, display: 'flex', flexDirection: nav === 'vertical' ? 'row' : 'column', gap: '3px' }}>
      <Box
        sx={{
          bgcolor: 'currentColor',
          opacity: 0.55,
          borderRadius: 0.5,
          ...(nav === 'vertical' ? { width: collapsed ? 7 : 16 } : { height: 7 }),
        }}
      />
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: '3px', px: boxed ? '8px' : 0 }}>
        <Box sx={{ height: 6, bgcolor: 'currentColor', opacity: 0.3, borderRadius: 0.5 }} />
        <Box sx={{ flex: 1, bgcolor: 'currentColor', opacity: 0.15, borderRadius: 0.5 }} />
      </Box>
    </Box>
  );
}

const grid = (cols: number) => ({ display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, gap: 1.5 });

function PrimaryColors() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  return (
    <Section title={t('customizer.primary')}>
      <Box sx={{ display: 'flex', gap: 1.25, flexWrap: 'wrap' }}>
        {PRIMARY_PRESETS.map((p) => {
          const selected = settings.primary.toLowerCase() === p.main.toLowerCase();
          return (
            <Tooltip key={p.key} title={t(`customizer.colors.${p.key}`)}>
              <ButtonBase
                onClick={() => update({ primary: p.main })}
                aria-label={t(`customizer.colors.${p.key}`)}
                aria-pressed={selected}
                data-testid={`primary-${p.key}`}
                sx={(th) => ({
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  border: `1.5px solid ${selected ? p.main : th.palette.divider}`,
                  display: 'grid',
                  placeItems: 'center',
                })}
              >
                <Box
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: 1.5,
                    bgcolor: p.main,
                    display: 'grid',
                    placeItems: 'center',
                    color: '#fff',
                  }}
                >
                  {selected && <CheckRounded sx={{ fontSize: 18 }} />}
                </Box>
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
    </Section>
  );
}

const TRANSITIONS: RouteTransition[] = ['fade', 'slide-left', 'slide-right', 'slide-up', 'slide-down', 'none'];

/** Page transition and right-to-left (always on for Arabic). */
function BehaviourSection() {
  const { t, i18n } = useTranslation();
  const { settings, update } = useSettings();
  const arabic = languageInfo(i18n.language).dir === 'rtl';
  return (
    <Section title={t('customizer.behaviour')}>
      <TextField
        select
        label={t('customizer.transition')}
        value={settings.transition}
        onChange={(e) => update({ transition: e.target.value as RouteTransition })}
        slotProps={{ htmlInput: { 'data-testid': 'transition-select' } }}
        sx={{ mb: 2 }}
      >
        {TRANSITIONS.map((tr) => (
          <MenuItem key={tr} value={tr}>
            {t(`customizer.transitions.${tr}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={arabic || settings.rtl} disabled={arabic} onChange={(e) => update({ rtl: e.target.checked })} />}
        label={t('customizer.rtl')}
        data-testid="rtl-switch"
      />
      {arabic && <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 0.5 }}>{t('customizer.rtlArabic')}</Typography>}
    </Section>
  );
}

export function Customizer() {
  const { t } = useTranslation();
  const { settings, update, reset, modeChoice, setModeChoice, customizerOpen, setCustomizerOpen } = useSettings();
  const modes: Array<{ key: ModeChoice; icon: ReactNode }> = [
    { key: 'light', icon: <LightModeOutlined /> },
    { key: 'semi-dark', icon: <ContrastOutlined /> },
    { key: 'dark', icon: <DarkModeOutlined /> },
    { key: 'system', icon: <BrightnessAutoOutlined /> },
  ];

  return (
    <Drawer
      anchor="right"
      open={customizerOpen}
      onClose={() => setCustomizerOpen(false)}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 380 } }, 'data-testid': 'customizer' } as object }}
    >
      <Box sx={{ px: 3, py: 2.5, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6">{t('customizer.title')}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{t('customizer.subtitle')}</Typography>
        </Box>
        <Tooltip title={t('customizer.reset')}>
          <IconButton onClick={reset} aria-label={t('customizer.reset')} data-testid="customizer-reset">
            <RestartAltRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton onClick={() => setCustomizerOpen(false)} aria-label={t('common.close')}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', pb: 3 }}>
        <PrimaryColors />
        <Section title={t('customizer.mode')}>
          <Box sx={grid(4)}>
            {modes.map((m) => (
              <Tile
                key={m.key}
                selected={modeChoice === m.key}
                onClick={() => setModeChoice(m.key)}
                label={t(`customizer.modes.${m.key}`)}
                testId={`mode-${m.key}`}
              >
                {m.icon}
              </Tile>
            ))}
          </Box>
        </Section>
        <Section title={t('customizer.skin')}>
          <Box sx={grid(2)}>
            {(['default', 'bordered'] as const).map((s) => (
              <Tile
                key={s}
                selected={settings.skin === s}
                onClick={() => update({ skin: s })}
                label={t(`customizer.skins.${s}`)}
                testId={`skin-${s}`}
              >
                <Box
                  sx={(th) => ({
                    width: 56,
                    height: 34,
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    ...(s === 'bordered' ? { border: `1.5px solid ${th.palette.divider}` } : { boxShadow: 3 }),
                  })}
                />
              </Tile>
            ))}
          </Box>
        </Section>
        <Divider sx={{ mx: 3 }} />
        <Section title={t('customizer.layout')}>
          <Box sx={grid(3)}>
            <Tile
              selected={settings.layout === 'vertical' && !settings.navCollapsed}
              onClick={() => update({ layout: 'vertical', navCollapsed: false })}
              label={t('customizer.layouts.vertical')}
              testId="layout-vertical"
            >
              <Sketch nav="vertical" />
            </Tile>
            <Tile
              selected={settings.layout === 'vertical' && settings.navCollapsed}
              onClick={() => update({ layout: 'vertical', navCollapsed: true })}
              label={t('customizer.layouts.collapsed')}
              testId="layout-collapsed"
            >
              <Sketch nav="vertical" collapsed />
            </Tile>
            <Tile
              selected={settings.layout === 'horizontal'}
              onClick={() => update({ layout: 'horizontal' })}
              label={t('customizer.layouts.horizontal')}
              testId="layout-horizontal"
            >
              <Sketch nav="horizontal" />
            </Tile>
          </Box>
        </Section>
        <Section title={t('customizer.contentWidth')}>
          <Box sx={grid(2)}>
            <Tile
              selected={settings.contentWidth === 'full'}
              onClick={() => update({ contentWidth: 'full' })}
              label={t('customizer.widths.full')}
            >
              <Sketch nav="vertical" />
            </Tile>
            <Tile
              selected={settings.contentWidth === 'boxed'}
              onClick={() => update({ contentWidth: 'boxed' })}
              label={t('customizer.widths.boxed')}
            >
              <Sketch nav="vertical" boxed />
            </Tile>
          </Box>
        </Section>
        <Section title={t('customizer.menuStyle')}>
          <Box sx={grid(3)}>
            {(['pill', 'soft', 'bar'] as const).map((s) => (
              <Tile
                key={s}
                selected={settings.menuStyle === s}
                onClick={() => update({ menuStyle: s })}
                label={t(`customizer.menuStyles.${s}`)}
                testId={`menu-style-${s}`}
              >
                <Box
                  sx={(th) => ({
                    width: 52,
                    height: 14,
                    borderRadius: s === 'bar' ? 0 : 1,
                    bgcolor: s === 'pill' ? th.palette.primary.main : alpha(th.palette.primary.main, 0.18),
                    borderInlineStart: s === 'bar' ? `3px solid ${th.palette.primary.main}` : undefined,
                  })}
                />
              </Tile>
            ))}
          </Box>
        </Section>
        <Divider sx={{ mx: 3 }} />
        <BehaviourSection />
      </Box>
    </Drawer>
  );
}
