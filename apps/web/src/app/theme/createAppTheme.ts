/**
 * The MUI theme of the product: green primary (presets in settings.ts),
 * Poppins at a 14 px base, soft cards, light / dark palettes. Semi-dark uses
 * the light theme for the content and `createNavTheme` (dark) for the sidebar.
 */
import { alpha, type Components, createTheme, darken, lighten, type Theme } from '@mui/material/styles';
import type { Skin } from '../../lib/settings/settings';

export const FONT_FAMILY = [
  'Poppins',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(',');

export interface ThemeOptions {
  mode: 'light' | 'dark';
  primary: string;
  direction: 'ltr' | 'rtl';
  skin: Skin;
  /** MUI's own texts in the user's language (muiTexts.ts), as default props; English without them. */
  texts?: Components<Omit<Theme, 'components'>>;
}

const LIGHT = {
  background: { default: '#F4F6F5', paper: '#FFFFFF' },
  text: { primary: '#1F2A24', secondary: '#5E6B64', disabled: '#A3ACA7' },
  divider: 'rgba(31, 42, 36, 0.09)',
};
const DARK = {
  background: { default: '#111714', paper: '#19211D' },
  text: { primary: '#E7EDEA', secondary: '#A2AFA8', disabled: '#66726C' },
  divider: 'rgba(231, 237, 234, 0.10)',
};

export function createAppTheme({ mode, primary, direction, skin, texts }: ThemeOptions): Theme {
  const base = mode === 'light' ? LIGHT : DARK;
  const shadow =
    mode === 'light'
      ? '0 1px 2px rgba(16, 24, 20, 0.04), 0 4px 16px rgba(16, 24, 20, 0.06)'
      : '0 1px 2px rgba(0, 0, 0, 0.3), 0 4px 16px rgba(0, 0, 0, 0.25)';
  const theme = createTheme(
    {
      direction,
      palette: {
        mode,
        primary: { main: primary, light: lighten(primary, 0.2), dark: darken(primary, 0.15), contrastText: '#FFFFFF' },
        secondary: { main: mode === 'light' ? '#64748B' : '#94A3B8' },
        success: { main: '#16A34A' },
        info: { main: '#0EA5E9' },
        warning: { main: '#F59E0B' },
        error: { main: '#E5484D' },
        ...base,
        action: { hover: alpha(mode === 'light' ? '#1F2A24' : '#E7EDEA', 0.05) },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_FAMILY,
        fontSize: 14,
        htmlFontSize: 16,
        h1: { fontSize: '2.25rem', fontWeight: 600, lineHeight: 1.25 },
        h2: { fontSize: '1.875rem', fontWeight: 600, lineHeight: 1.3 },
        h3: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.35 },
        h4: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.4 },
        h5: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.45 },
        h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
        subtitle1: { fontSize: '0.9375rem', fontWeight: 500 },
        subtitle2: { fontSize: '0.875rem', fontWeight: 500 },
        body1: { fontSize: '0.875rem', lineHeight: 1.6 },
        body2: { fontSize: '0.8125rem', lineHeight: 1.55 },
        button: { fontWeight: 500, textTransform: 'none', letterSpacing: 0.1 },
        caption: { fontSize: '0.75rem' },
        overline: { fontSize: '0.6875rem', fontWeight: 600, letterSpacing: 0.8 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
            '::selection': { background: alpha(primary, 0.2) },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            root: { borderRadius: 8, paddingInline: 16 },
            sizeLarge: { paddingBlock: 10, fontSize: '0.9375rem' },
          },
          variants: [{ props: { variant: 'contained', color: 'primary' }, style: { boxShadow: `0 2px 6px ${alpha(primary, 0.3)}` } }],
        },
        MuiIconButton: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiLink: { defaultProps: { underline: 'hover' } },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: {
            root:
              skin === 'bordered'
                ? { borderRadius: 12, border: `1px solid ${base.divider}`, boxShadow: 'none' }
                : { borderRadius: 12, boxShadow: shadow },
          },
        },
        MuiCardHeader: {
          styleOverrides: { root: { padding: '20px 24px 8px' }, title: { fontSize: '1rem', fontWeight: 600 } },
        },
        MuiCardContent: { styleOverrides: { root: { padding: '16px 24px', '&:last-child': { paddingBottom: 24 } } } },
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiInputLabel: { styleOverrides: { root: { fontSize: '0.875rem' } } },
        MuiTooltip: { defaultProps: { arrow: true }, styleOverrides: { tooltip: { fontSize: '0.75rem' } } },
        MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
        MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
        MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.0625rem', fontWeight: 600 } } },
        MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500, minHeight: 44 } } },
        MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
        MuiMenu: { styleOverrides: { paper: { borderRadius: 10, boxShadow: shadow } } },
        MuiLinearProgress: { styleOverrides: { root: { borderRadius: 4 } } },
        MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
        MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      },
    },
    texts ? { components: texts } : {},
  );
  return theme;
}

/** The sidebar's own dark theme in semi-dark mode. */
export function createNavTheme(opts: ThemeOptions): Theme {
  const t = createAppTheme({ ...opts, mode: 'dark' });
  t.palette.background.paper = '#16201B';
  t.palette.background.default = '#16201B';
  return t;
}
