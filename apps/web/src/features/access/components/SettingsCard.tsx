/** A settings card: title, sentence, fields, and the save row (hidden for roles that may only read). */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import type { ReactNode } from 'react';

export function SettingsCard({
  title,
  subheader,
  children,
  actions,
  action,
  testId,
}: {
  title: string;
  subheader?: ReactNode;
  children: ReactNode;
  /** Buttons of the bottom row (save, reset). */
  actions?: ReactNode;
  /** Something in the header's corner. */
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem', mt: 0.5 } } }}
      />
      <CardContent sx={{ pt: 1 }}>{children}</CardContent>
      {actions && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, px: 3, py: 2 }}>{actions}</Box>
        </>
      )}
    </Card>
  );
}
