import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/AuthProvider';
import { APP_NAME, APP_TAGLINE, APP_VERSION } from '../../lib/brand';

/** Fluid footer under the content. */
export function Footer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 3 },
        py: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        color: 'text.secondary',
        fontSize: '0.8125rem',
      }}
    >
      <Typography sx={{ fontSize: 'inherit' }}>
        © {new Date().getFullYear()} {user?.tenant.name ?? APP_NAME}. {t('shell.rights')}
      </Typography>
      <Typography sx={{ fontSize: 'inherit' }}>
        {APP_NAME.toLowerCase()}. {APP_TAGLINE} · v{APP_VERSION}
      </Typography>
    </Box>
  );
}
