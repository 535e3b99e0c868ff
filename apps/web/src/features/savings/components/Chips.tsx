/** Small status chips of the savings screens: account status and flags, transaction activity and status, request status. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RequestStatus, SavingAccount, Transaction } from '../api/types';

const small = { height: 22, fontSize: '0.6875rem', fontWeight: 600 } as const;

export function AccountStatusChip({ status }: { status: SavingAccount['status'] }) {
  const { t } = useTranslation('savings');
  const color: ChipProps['color'] = status === 'ACTIVE' ? 'success' : status === 'PENDING' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`accountStatus.${status}`)} sx={small} />;
}

/** The flags an account carries (blocked, auto debit, source of fund, no interest, tag). */
export function AccountFlags({ account }: { account: SavingAccount }) {
  const { t } = useTranslation('savings');
  return (
    <>
      {account.isBlocked && <Chip size="small" color="error" label={t('flags.blocked')} sx={small} data-testid="flag-blocked" />}
      {account.isAutoDebit && <Chip size="small" color="info" label={t('flags.autoDebit')} sx={small} data-testid="flag-auto-debit" />}
      {account.isSourceOfFund && (
        <Chip size="small" color="secondary" label={t('flags.sourceOfFund')} sx={small} data-testid="flag-source-of-fund" />
      )}
      {account.isNotGetInterest && <Chip size="small" label={t('flags.noInterest')} sx={small} data-testid="flag-no-interest" />}
      {account.tag && <Chip size="small" variant="outlined" label={`#${account.tag}`} sx={small} data-testid="flag-tag" />}
    </>
  );
}

const ACTIVITY_COLOR: Record<string, ChipProps['color']> = {
  DEPOSIT: 'success',
  OPENING: 'success',
  OPENING_BALANCE: 'default',
  AUTO_DEBIT: 'info',
  WITHDRAWAL: 'warning',
  CASH_OUT_ONLINE: 'warning',
  TRANSFER_IN: 'info',
  TRANSFER_OUT: 'info',
  CLOSING: 'default',
  CLOSING_FEE: 'default',
  REVERSAL: 'error',
  INTEREST: 'secondary',
  TAX: 'default',
};

export function ActivityChip({ activity }: { activity: string }) {
  const { t } = useTranslation('savings');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACTIVITY_COLOR[activity] ?? 'default'}
      label={t(`activity.${activity}`, { defaultValue: activity })}
      sx={small}
    />
  );
}

export function TxStatusChip({ tx }: { tx: Pick<Transaction, 'status' | 'isReversal'> }) {
  const { t } = useTranslation('savings');
  if (tx.isReversal) return <Chip size="small" color="error" variant="outlined" label={t('txStatus.REVERSAL')} sx={small} />;
  return (
    <Chip
      size="small"
      color={tx.status === 'POSTED' ? 'success' : 'error'}
      variant={tx.status === 'POSTED' ? 'outlined' : 'filled'}
      label={t(`txStatus.${tx.status}`)}
      sx={small}
      data-testid="tx-status"
    />
  );
}

export function RequestStatusChip({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('savings');
  const color: ChipProps['color'] =
    status === 'WAITING' ? 'warning' : status === 'APPROVED' ? 'success' : status === 'REJECTED' ? 'error' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={t(`requestStatus.${status}`)} sx={small} />;
}
