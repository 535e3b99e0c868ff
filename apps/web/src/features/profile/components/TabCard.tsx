import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import type { ReactNode } from 'react';

/** A profile tab's card: title, sentence, content, and the save row. */
export function TabCard({
  title,
  subheader,
  children,
  actions,
}: {
  title: string;
  subheader?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} subheader={subheader} slotProps={{ subheader: { sx: { fontSize: '0.8125rem', mt: 0.5 } } }} />
      <CardContent>{children}</CardContent>
      {actions && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, px: 3, py: 2 }}>{actions}</Box>
        </>
      )}
    </Card>
  );
}
