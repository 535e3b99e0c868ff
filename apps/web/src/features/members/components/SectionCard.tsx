/** A titled card of a sectioned form or detail view. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionCard({
  icon,
  title,
  subtitle,
  action,
  children,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
        {icon && (
          <Box
            sx={(th) => ({
              width: 36,
              height: 36,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              color: 'primary.main',
              bgcolor: alpha(th.palette.primary.main, 0.12),
            })}
          >
            {icon}
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{subtitle}</Typography>}
        </Box>
        {action}
      </Box>
      {children}
    </Card>
  );
}
