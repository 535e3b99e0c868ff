/**
 * The look of error and notice pages (404, 500, 403, maintenance, coming
 * soon): a large code or icon, a title, a sentence and actions. `fullPage`
 * centres it on the screen with the logo; otherwise it sits in the content.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

export interface StatusViewProps {
  code?: string;
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  fullPage?: boolean;
  testId?: string;
}

export function StatusView({ code, icon, title, description, actions, fullPage, testId }: StatusViewProps) {
  const body = (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520, mx: 'auto' }} data-testid={testId}>
      {icon && (
        <Box
          sx={(t) => ({
            width: 112,
            height: 112,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: alpha(t.palette.primary.main, 0.1),
            boxShadow: `0 0 0 14px ${alpha(t.palette.primary.main, 0.05)}`,
            '& svg': { fontSize: 52 },
          })}
        >
          {icon}
        </Box>
      )}
      {code && (
        <Typography
          component="div"
          sx={(t) => ({
            fontSize: { xs: 88, sm: 120 },
            fontWeight: 700,
            lineHeight: 1,
            letterSpacing: -4,
            background: `linear-gradient(135deg, ${t.palette.primary.light}, ${t.palette.primary.dark})`,
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            color: 'transparent',
          })}
        >
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {description && (
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9375rem' }} component="div">
          {description}
        </Typography>
      )}
      {actions && (
        <Stack direction="row" spacing={1.5} sx={{ pt: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
  if (!fullPage) return <Box sx={{ py: { xs: 6, md: 10 }, px: 2 }}>{body}</Box>;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ p: { xs: 2.5, md: 4 } }}>
        <Logo size={34} />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 10 }}>{body}</Box>
    </Box>
  );
}
