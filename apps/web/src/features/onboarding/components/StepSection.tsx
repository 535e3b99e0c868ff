import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of a wizard step. */
export function StepSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '240px 1fr' },
        gap: { xs: 1.5, md: 4 },
        py: 3,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{title}</Typography>
        {description && <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{description}</Typography>}
      </Box>
      <Box>{children}</Box>
    </Box>
  );
}
