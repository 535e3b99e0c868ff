/** Tiles for every menu section the role may open. */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_ICONS } from '../layouts/navIcons';
import { useVisibleNavigation } from '../layouts/useNavigation';
import { entryLabelKey } from '../navigation';

export default function QuickAccessWidget() {
  const { t } = useTranslation();
  const nav = useVisibleNavigation().filter((e) => e.key !== 'dashboard');
  return (
    <Card data-testid="widget-quick-access">
      <CardHeader
        title={t('dashboard.quick.title')}
        subheader={t('dashboard.quick.subtitle')}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 3, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
        {nav.map((e) => {
          const Icon = NAV_ICONS[e.icon];
          const to = e.path ?? e.children?.[0]?.path ?? '/';
          return (
            <ButtonBase
              key={e.key}
              component={Link}
              to={to}
              sx={(th) => ({
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                p: 2,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                textAlign: 'center',
                transition: 'all .15s',
                '&:hover': { borderColor: 'primary.main', bgcolor: alpha(th.palette.primary.main, 0.05), transform: 'translateY(-2px)' },
              })}
            >
              <Box
                sx={(th) => ({
                  width: 40,
                  height: 40,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  color: 'primary.main',
                  bgcolor: alpha(th.palette.primary.main, 0.12),
                })}
              >
                <Icon fontSize="small" />
              </Box>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 500, lineHeight: 1.3 }}>{t(entryLabelKey(e.key))}</Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </Card>
  );
}
