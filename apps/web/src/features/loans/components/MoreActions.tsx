/**
 * "Tindakan lain" of a running loan: change future installments
 * (member_transaction:update), waive fines (member_transaction:delete, when
 * a fine is due), cancel the release (the role's cancel and release flags,
 * before any payment). Entries the user may not use are not shown; the
 * button is hidden when none is left.
 */
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth/AuthProvider';
import type { LoanDetailView } from '../api/types';

type Action = 'updateInstallment' | 'waive' | 'cancelRelease';

export function MoreActions({ loan, onOpen }: { loan: LoanDetailView; onOpen: (a: Action) => void }) {
  const { t } = useTranslation('loans');
  const { can, user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fineDue = loan.installments.some((i) => i.fineDue > 0);
  const nothingPaid = loan.principalPaid === 0 && loan.interestPaid === 0 && loan.finePaid === 0;
  const items: Array<{ key: Action; label: string; hint?: string }> = [];
  if (can('member_transaction', 'update')) items.push({ key: 'updateInstallment', label: t('changes.update.action') });
  if (can('member_transaction', 'delete') && fineDue) items.push({ key: 'waive', label: t('changes.waive.action') });
  if (user?.limits.canCancelTransaction && user.limits.canReleaseLoan && nothingPaid)
    items.push({ key: 'cancelRelease', label: t('changes.cancelRelease.action'), hint: t('changes.cancelRelease.hint') });
  if (!items.length) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<MoreVertRounded />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        data-testid="action-more"
      >
        {t('changes.more')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((i) => (
          <MenuItem
            key={i.key}
            onClick={() => {
              setAnchor(null);
              onOpen(i.key);
            }}
            data-testid={`action-${i.key}`}
          >
            <ListItemText primary={i.label} secondary={i.hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
