/**
 * The frame of the sign-in, registration, verification and reset screens:
 * a brand panel with the illustration on large screens, the form on the
 * other side, language and mode switches on top.
 */
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { Logo } from '../../../components/Logo';
import { ModeToggle } from '../../../components/ModeToggle';
import { APP_NAME } from '../../../lib/brand';
import { AuthIllustration } from './AuthIllustration';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider form column (registration). */
  wide?: boolean;
}

export function AuthLayout({ title, subtitle, children, footer, wide }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  const points = [t('panel.point1'), t('panel.point2'), t('panel.point3')];
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        sx={(th) => ({
          display: { xs: 'none', lg: 'flex' },
          flex: '1 1 58%',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'center',
          gap: 5,
          p: 6,
          bgcolor: th.palette.mode === 'dark' ? alpha(th.palette.primary.main, 0.06) : alpha(th.palette.primary.main, 0.06),
          position: 'relative',
          overflow: 'hidden',
        })}
      >
        <Box sx={{ width: '100%', maxWidth: 520 }}>
          <AuthIllustration />
        </Box>
        <Box sx={{ maxWidth: 480, textAlign: 'center' }}>
          <Typography variant="h4" component="p" sx={{ mb: 1.5 }}>
            {t('panel.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('panel.subtitle')}</Typography>
          <Stack spacing={1} sx={{ alignItems: 'flex-start', display: 'inline-flex' }}>
            {points.map((p) => (
              <Box key={p} sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
                <CheckCircleRounded sx={{ fontSize: 18, color: 'primary.main' }} />
                <Typography sx={{ fontSize: '0.875rem' }}>{p}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      </Box>
      <Box sx={{ flex: '1 1 42%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2.5, sm: 4 }, py: 2.5 }}>
          <Box component={Link} to="/" sx={{ display: 'flex', textDecoration: 'none' }} aria-label={APP_NAME}>
            <Logo size={34} />
          </Box>
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <LanguageMenu />
            <ModeToggle />
          </Box>
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: { xs: 2.5, sm: 4 }, py: 3 }}>
          <Box sx={{ width: '100%', maxWidth: wide ? 520 : 420 }}>
            <Typography variant="h3" component="h1" sx={{ mb: 1 }} data-testid="auth-title">
              {title}
            </Typography>
            {subtitle && (
              <Typography sx={{ color: 'text.secondary', mb: 3.5 }} component="div">
                {subtitle}
              </Typography>
            )}
            {children}
            {footer && (
              <Typography component="div" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary', fontSize: '0.875rem' }}>
                {footer}
              </Typography>
            )}
          </Box>
        </Box>
        <Typography sx={{ textAlign: 'center', color: 'text.disabled', fontSize: '0.75rem', pb: 2.5 }}>
          © {new Date().getFullYear()} {APP_NAME.toLowerCase()}. {t('panel.footer')}
        </Typography>
      </Box>
    </Box>
  );
}
