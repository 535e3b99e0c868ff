/** Cells of the user lists: name with contact, role, status. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../types';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function PersonCell({ name, secondary }: { name: string; secondary?: string | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, py: 1 }}>
      <Avatar sx={{ width: 34, height: 34, fontSize: '0.8125rem', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        {initials(name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, lineHeight: 1.3 }} noWrap>
          {name}
        </Typography>
        {secondary && (
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.3 }} noWrap>
            {secondary}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export const contactOf = (u: Pick<UserView, 'email' | 'phone'>) => [u.email, u.phone].filter(Boolean).join(' · ');

export function RoleChip({ name, builtin }: { name: string; builtin?: boolean }) {
  return (
    <Chip
      size="small"
      variant={builtin ? 'outlined' : 'filled'}
      color="primary"
      label={name}
      sx={{ fontWeight: 500, height: 22, fontSize: '0.75rem' }}
    />
  );
}

/** Active, inactive, or active but still waiting for the invitation to be accepted. */
export function UserStatus({ user }: { user: Pick<UserView, 'isActive' | 'invitationPending'> }) {
  const { t } = useTranslation('access');
  if (!user.isActive) return <Chip size="small" variant="outlined" label={t('common.inactive')} sx={{ fontWeight: 500 }} />;
  if (user.invitationPending) {
    return <Chip size="small" variant="outlined" color="warning" label={t('users.status.invited')} sx={{ fontWeight: 500 }} />;
  }
  return <Chip size="small" variant="outlined" color="success" label={t('common.active')} sx={{ fontWeight: 500 }} />;
}
