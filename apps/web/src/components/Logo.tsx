/**
 * The product logo: a coin with a sprout growing from it (savings that grow)
 * in a rounded green tile, and the wordmark. The full logo keeps the spec's
 * wide proportion (1682 x 615, about 2.7 : 1).
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { APP_NAME, APP_TAGLINE } from '../lib/brand';

export function LogoMark({ size = 36, color }: { size?: number; color?: string }) {
  const theme = useTheme();
  const main = color ?? theme.palette.primary.main;
  const id = `lg-${main.replace('#', '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-hidden="true" style={{ flexShrink: 0, display: 'block' }}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={theme.palette.primary.light} />
          <stop offset="1" stopColor={theme.palette.primary.dark} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="13" fill={`url(#${id})`} />
      <circle cx="24" cy="32.5" r="8" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M20.5 32.5h7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" opacity="0.9" />
      <path d="M24 24.5V16" stroke="#fff" strokeWidth="2.8" strokeLinecap="round" />
      <path d="M24 19.5c-6.2 0-10-3.6-10.4-9 6.1-.2 10.4 3 10.4 9Z" fill="#fff" />
      <path d="M24 16.5c.2-5.8 3.9-9.4 10.6-9.3-.2 5.9-4.2 9.3-10.6 9.3Z" fill="#fff" opacity="0.85" />
    </svg>
  );
}

export interface LogoProps {
  /** Height of the mark in pixels; the wordmark scales with it. */
  size?: number;
  /** Mark only (collapsed sidebar). */
  markOnly?: boolean;
  /** Wordmark colour, defaults to the theme's text colour. */
  textColor?: string;
}

export function Logo({ size = 36, markOnly, textColor }: LogoProps) {
  return (
    <Box dir="ltr" sx={{ display: 'inline-flex', alignItems: 'center', gap: size / 36 + 0.25 }} aria-label={APP_NAME}>
      <LogoMark size={size} />
      {!markOnly && (
        <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1 }}>
          <Box
            component="span"
            sx={{
              fontWeight: 700,
              fontSize: size * 0.58,
              letterSpacing: -0.3,
              color: textColor ?? 'text.primary',
              lineHeight: 1.05,
            }}
          >
            {APP_NAME.toLowerCase()}
            <Box component="span" sx={{ color: 'primary.main' }}>
              .
            </Box>
          </Box>
          <Box
            component="span"
            sx={{
              fontSize: Math.max(9, size * 0.25),
              fontWeight: 500,
              letterSpacing: 1.6,
              textTransform: 'uppercase',
              color: textColor ? textColor : 'text.secondary',
              opacity: textColor ? 0.7 : 1,
              mt: 0.25,
            }}
          >
            {APP_TAGLINE}
          </Box>
        </Box>
      )}
    </Box>
  );
}
