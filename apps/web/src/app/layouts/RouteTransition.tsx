/** Enter animation of each page, as chosen in the customizer (fade, slide left/right/up/down, none). */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../lib/settings/SettingsProvider';

const FROM: Record<string, string> = {
  fade: 'none',
  'slide-left': 'translateX(24px)',
  'slide-right': 'translateX(-24px)',
  'slide-up': 'translateY(24px)',
  'slide-down': 'translateY(-24px)',
};

export function RouteTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { settings } = useSettings();
  if (settings.transition === 'none') return <>{children}</>;
  const from = FROM[settings.transition] ?? 'none';
  return (
    <Box
      key={pathname}
      data-transition={settings.transition}
      sx={{
        animation: 'pageEnter .32s cubic-bezier(.2,.7,.3,1) both',
        '@keyframes pageEnter': { from: { opacity: 0, transform: from }, to: { opacity: 1, transform: 'none' } },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
