/** Full-screen logo while authentication (or a first screen) loads (spec section 2). */
import Box from '@mui/material/Box';
import { Logo } from './Logo';

/** A thin indeterminate bar in pure CSS (the loading screen is on the first page; no LinearProgress there). */
export function ProgressBar({ width = 160 }: { width?: number }) {
  return (
    <Box
      sx={(t) => ({
        width,
        height: 3,
        borderRadius: 3,
        overflow: 'hidden',
        position: 'relative',
        bgcolor: `${t.palette.primary.main}33`,
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: 'barSlide 1.2s ease-in-out infinite',
        },
        '@keyframes barSlide': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(260%)' } },
      })}
    />
  );
}

export function LoadingScreen({ label = 'Memuat' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      data-testid="loading-screen"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
        zIndex: (t) => t.zIndex.modal + 1,
      }}
    >
      <Box sx={{ animation: 'logoPulse 1.6s ease-in-out infinite', '@keyframes logoPulse': { '50%': { opacity: 0.55 } } }}>
        <Logo size={52} />
      </Box>
      <ProgressBar />
    </Box>
  );
}

/** Inline loader for a lazy page inside the shell. */
export function PageLoader() {
  return (
    <Box sx={{ py: 10, display: 'flex', justifyContent: 'center' }} data-testid="page-loader">
      <ProgressBar width={200} />
    </Box>
  );
}
