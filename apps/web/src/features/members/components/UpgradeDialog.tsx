/**
 * A non-member asks to become a member (POST member/upgrade-member-verify):
 * either the request waits for a decision (with an optional interview), or,
 * for staff allowed to decide, the non-member becomes a member at once.
 * Without a given member, a picker finds the active non-member.
 */
import type { MemberListItem } from '@koperasi/contracts/members';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n/messages';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { useUpgradeMember } from '../api/upgradeMember';
import { MemberPicker } from './MemberPicker';
import { MemberSummaryLine } from './MemberSummaryLine';

export interface UpgradeTarget {
  id: string;
  fullName: string;
  cifNumber: string;
}

export function UpgradeDialog({ open, member, onClose }: { open: boolean; member?: UpgradeTarget | null; onClose: () => void }) {
  const { t } = useTranslation('members');
  const msg = useMessageText();
  const upgrade = useUpgradeMember();
  const [picked, setPicked] = useState<MemberListItem | null>(null);
  const [needApproval, setNeedApproval] = useState(true);
  const [reason, setReason] = useState('');
  const target = member ?? picked;

  const submit = async () => {
    if (!target) return;
    try {
      const env = await upgrade.mutateAsync({ memberId: target.id, isNeedApproval: needApproval, reason: reason.trim() || null });
      if (env.data.principalStatus === 'OWED') notifyInfo(msg('member.principal_owed'));
      setPicked(null);
      setReason('');
      onClose();
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <Dialog open={open} onClose={upgrade.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-testid="upgrade-dialog">
      <DialogTitle>{t('upgrade.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        {member ? (
          <MemberSummaryLine name={member.fullName} cif={member.cifNumber} />
        ) : (
          <MemberPicker
            value={picked}
            onChange={setPicked}
            label={t('upgrade.pickNonMember')}
            filter={(m) => m.memberType === 'NON_MEMBER' && !m.upgradeStatus}
          />
        )}
        <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('upgrade.explain')}</Typography>
        <RadioGroup value={needApproval ? 'yes' : 'no'} onChange={(e) => setNeedApproval(e.target.value === 'yes')}>
          <FormControlLabel value="yes" control={<Radio />} label={t('upgrade.needApproval')} />
          <FormControlLabel value="no" control={<Radio />} label={t('upgrade.direct')} />
        </RadioGroup>
        <Box>
          <TextField
            label={t('upgrade.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={upgrade.isPending}>
          {t('common:common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={upgrade.isPending} disabled={!target} data-testid="upgrade-submit">
          {needApproval ? t('upgrade.submit') : t('upgrade.submitDirect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
