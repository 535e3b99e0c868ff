/**
 * The app shell (lazy-loaded, so the sign-in page never downloads it):
 * vertical or horizontal navigation, fixed header, content with the route
 * transition, fluid footer, and the customizer.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/LoadingScreen';
import { loadFullCatalog } from '../../lib/i18n/messages';
import { useSettings } from '../../lib/settings/SettingsProvider';
import { Customizer } from '../customizer/Customizer';
import { ErrorBoundary } from '../ErrorBoundary';
import { AppHeader } from './AppHeader';
import { Footer } from './Footer';
import { HorizontalNav } from './HorizontalNav';
import { RouteTransition } from './RouteTransition';
import { VerticalNav } from './VerticalNav';

// Feature screens show their own catalogue keys: fetch the whole catalogue with the shell.
void loadFullCatalog();

export default function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { settings } = useSettings();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const horizontal = settings.layout === 'horizontal' && isDesktop;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }} data-layout={horizontal ? 'horizontal' : 'vertical'}>
      {!horizontal && <VerticalNav isDesktop={isDesktop} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader onMenu={() => setMobileOpen(true)} showMenuButton={!isDesktop} showLogo={horizontal} />
        {horizontal && <HorizontalNav />}
        <Box
          component="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: settings.contentWidth === 'boxed' ? 1440 : 'none',
            mx: 'auto',
            px: { xs: 2, md: 3 },
            py: { xs: 2.5, md: 3 },
          }}
          data-testid="content"
        >
          <RouteTransition>
            <ErrorBoundary resetKey={pathname} inShell>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </RouteTransition>
        </Box>
        <Footer />
      </Box>
      <Customizer />
    </Box>
  );
}
