/** Small pieces of the teller screens: a figure card, the session status chip, movement kind labels. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Figure({ label, value, testId, hint }: { label: string; value: ReactNode; testId?: string; hint?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, mt: 0.5 }} data-testid={testId}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('teller');
  const color = status === 'OPEN' || status === 'PENDING' ? 'warning' : status === 'REJECTED' ? 'error' : 'success';
  return <Chip size="small" color={color} variant="outlined" label={t(`status.${status}`, { defaultValue: status })} />;
}

export function useModuleLabel() {
  const { t } = useTranslation('teller');
  return (module: string) => t(`module.${module}`, { defaultValue: module });
}
