/**
 * Title of a screen with its breadcrumbs (Home first) and actions on the
 * right. Every screen starts with one.
 *
 *   <PageHeader title={t('members:title')} breadcrumbs={[{ label: t('nav.member'), to: '/members' }, { label: name }]}
 *     actions={<Button>...</Button>} />
 */
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Crumbs after "Home"; the last one is the current page. */
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, breadcrumbs = [], actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 0.5 }} data-testid="page-title">
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ color: 'text.secondary', mb: 0.5 }} component="div">
            {subtitle}
          </Typography>
        )}
        <Breadcrumbs aria-label={t('common.breadcrumbs')} sx={{ fontSize: '0.8125rem' }}>
          <Link
            component={RouterLink}
            to="/"
            underline="hover"
            color="inherit"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <HomeOutlined sx={{ fontSize: 16 }} />
            {t('common.home')}
          </Link>
          {breadcrumbs.map((c, i) =>
            c.to && i < breadcrumbs.length - 1 ? (
              <Link key={c.to ?? c.label} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography
                key={c.to ?? c.label}
                sx={{ fontSize: 'inherit', color: i === breadcrumbs.length - 1 ? 'text.primary' : 'text.secondary' }}
              >
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
