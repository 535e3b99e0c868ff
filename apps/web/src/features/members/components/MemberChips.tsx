/** Small chips of a member's type, lifecycle state, become-member request and interview result. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

type Color = ChipProps['color'];

const STATUS_COLOR: Record<string, Color> = {
  WAITING_INTERVIEW: 'info',
  WAITING_APPROVAL: 'warning',
  ACTIVE: 'success',
  REJECTED: 'error',
  EXITED: 'default',
};
const TYPE_COLOR: Record<string, Color> = { MEMBER: 'primary', NON_MEMBER: 'secondary', PROSPECTIVE: 'info' };
const UPGRADE_COLOR: Record<string, Color> = { WAITING_APPROVAL: 'warning', APPROVED: 'success', REJECTED: 'error' };

const chipSx = { fontWeight: 600, fontSize: '0.75rem' } as const;

export function MemberStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status] ?? 'default'}
      label={t(`status.${status}`, { defaultValue: status })}
      sx={chipSx}
      data-testid="member-status"
    />
  );
}

export function MemberTypeChip({ type }: { type: string }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      color={TYPE_COLOR[type] ?? 'default'}
      label={t(`type.${type}`, { defaultValue: type })}
      sx={chipSx}
      data-testid="member-type"
    />
  );
}

export function UpgradeStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={UPGRADE_COLOR[status] ?? 'default'}
      label={t(`upgrade.status.${status}`, { defaultValue: status })}
      sx={chipSx}
    />
  );
}

export function InterviewResultChip({ result }: { result: string | null }) {
  const { t } = useTranslation('members');
  if (!result) return <Chip size="small" variant="outlined" label={t('interview.none')} sx={chipSx} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={result === 'RECOMMENDED' ? 'success' : 'error'}
      label={t(`interview.results.${result}`)}
      sx={chipSx}
    />
  );
}
