/** Greeting with the cooperative, the role and the last sign-in. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/Logo';
import { useUser } from '../../lib/auth/AuthProvider';
import { useFormat } from '../../lib/format';

function greetingKey(hour: number): string {
  if (hour < 11) return 'dashboard.greeting.morning';
  if (hour < 15) return 'dashboard.greeting.afternoon';
  if (hour < 18) return 'dashboard.greeting.evening';
  return 'dashboard.greeting.night';
}

export default function WelcomeWidget() {
  const { t } = useTranslation();
  const user = useUser();
  const f = useFormat();
  return (
    <Card
      data-testid="widget-welcome"
      sx={(th) => ({
        height: '100%',
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        background: `linear-gradient(125deg, ${th.palette.primary.dark} 0%, ${th.palette.primary.main} 60%, ${alpha(th.palette.primary.light, 0.95)} 100%)`,
      })}
    >
      <Box
        sx={{
          position: 'absolute',
          insetInlineEnd: -40,
          top: -40,
          width: 220,
          height: 220,
          borderRadius: '50%',
          bgcolor: 'rgba(255,255,255,.08)',
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          insetInlineEnd: 60,
          bottom: -70,
          width: 160,
          height: 160,
          borderRadius: '50%',
          bgcolor: 'rgba(255,255,255,.06)',
        }}
      />
      <Box
        sx={{ position: 'relative', p: { xs: 3, md: 4 }, display: 'flex', gap: 3, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ opacity: 0.85, fontSize: '0.875rem', mb: 0.5 }}>{f.date(new Date(), 'weekday')}</Typography>
          <Typography variant="h3" component="h2" sx={{ mb: 1, color: 'inherit' }}>
            {t(greetingKey(new Date().getHours()), { name: user.firstName })}
          </Typography>
          <Typography sx={{ opacity: 0.9, maxWidth: 520 }}>
            {t('dashboard.welcomeText', { cooperative: user.tenant.name, role: user.role.name })}
          </Typography>
          {user.lastLoginAt && (
            <Typography sx={{ opacity: 0.75, fontSize: '0.8125rem', mt: 1 }}>
              {t('dashboard.lastLogin', { when: f.date(user.lastLoginAt, 'dateTime') })}
            </Typography>
          )}
          <Button
            component={Link}
            to="/profile"
            variant="contained"
            sx={{ mt: 2.5, bgcolor: '#fff', color: 'primary.dark', boxShadow: 'none', '&:hover': { bgcolor: 'rgba(255,255,255,.9)' } }}
          >
            {t('dashboard.viewProfile')}
          </Button>
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.95, filter: 'drop-shadow(0 10px 24px rgba(0,0,0,.18))' }}>
          <LogoMark size={120} color="#ffffff" />
        </Box>
      </Box>
    </Card>
  );
}
