/**
 * Where a release pays to, or a payment comes from: cash (a cash or bank
 * account under 101, the user's own by default, else Kas Besar) or one of
 * the member's open savings accounts (its balance and what may be taken
 * shown). Used by the loan release and payment dialogs and the bill payment.
 */

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCashAccounts, useMyCashAccount } from '../lib/api/cashAccounts';
import { useMemberSavings } from '../lib/api/members';
import { useFormat } from '../lib/format';

export interface FundSourceValue {
  source: 'CASH' | 'SAVING';
  coaId: string;
  memberSavingId: string;
}

/** The default cash account: the user's own, else the main cash account, else the first; null until both lists answered. */
export function useDefaultCash(): { id: string | null; mineId: string | null } {
  const all = useCashAccounts();
  const mine = useMyCashAccount();
  const list = (all.data ?? []).filter((a) => a.isActive);
  const mineId = mine.data?.id ?? null;
  const settled = all.isFetched && (mine.isFetched || mine.isError);
  if (!settled) return { id: null, mineId };
  const id =
    (mineId && list.some((a) => a.id === mineId) ? mineId : null) ??
    list.find((a) => a.systemKey === 'CASH_MAIN')?.id ??
    list[0]?.id ??
    null;
  return { id, mineId };
}

export function FundSource({
  value,
  onChange,
  memberId,
  direction,
  error,
}: {
  value: FundSourceValue;
  onChange: (v: FundSourceValue) => void;
  memberId: string;
  /** 'out': a release pays to it; 'in': a payment comes from it. */
  direction: 'in' | 'out';
  /** The chosen savings account is missing. */
  error?: string | null;
}) {
  const { t } = useTranslation('common');
  const f = useFormat();
  const cash = useCashAccounts();
  const def = useDefaultCash();
  const savings = useMemberSavings(memberId);
  const cashList = (cash.data ?? []).filter((a) => a.isActive);
  const savingList = savings.data ?? [];

  useEffect(() => {
    if (!value.coaId && def.id) onChange({ ...value, coaId: def.id });
  }, [value, def.id, onChange]);
  useEffect(() => {
    if (value.source === 'SAVING' && !value.memberSavingId && savingList.length === 1)
      onChange({ ...value, memberSavingId: savingList[0]!.id });
  }, [value, savingList, onChange]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <RadioGroup
        row
        value={value.source}
        onChange={(e) => onChange({ ...value, source: e.target.value as FundSourceValue['source'] })}
        aria-label={direction === 'out' ? t('fundSource.releaseTo') : t('fundSource.payFrom')}
      >
        <FormControlLabel value="CASH" control={<Radio size="small" />} label={t('fundSource.CASH')} data-testid="source-cash" />
        <FormControlLabel value="SAVING" control={<Radio size="small" />} label={t('fundSource.SAVING')} data-testid="source-saving" />
      </RadioGroup>
      {value.source === 'CASH' ? (
        <TextField
          select
          label={t('fundSource.cashAccount')}
          value={cashList.some((a) => a.id === value.coaId) ? value.coaId : ''}
          onChange={(e) => onChange({ ...value, coaId: e.target.value })}
          disabled={cash.isLoading}
          error={cash.isError}
          helperText={
            cash.isError ? t('common:empty.loadFailed') : value.coaId && value.coaId === def.mineId ? t('fundSource.mine') : undefined
          }
          slotProps={{ inputLabel: { shrink: true }, select: { SelectDisplayProps: { 'data-testid': 'cash-account-select' } as object } }}
        >
          {cashList.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.code} · {a.name} — {f.money(a.balance)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          select
          label={direction === 'out' ? t('fundSource.savingTo') : t('fundSource.savingFrom')}
          value={savingList.some((a) => a.id === value.memberSavingId) ? value.memberSavingId : ''}
          onChange={(e) => onChange({ ...value, memberSavingId: e.target.value })}
          disabled={savings.isLoading}
          error={Boolean(error) || savings.isError}
          helperText={
            error ??
            (savings.isError
              ? t('common:empty.loadFailed')
              : savings.data && savingList.length === 0
                ? t('fundSource.noSavings')
                : undefined)
          }
          slotProps={{ inputLabel: { shrink: true }, select: { SelectDisplayProps: { 'data-testid': 'saving-select' } as object } }}
        >
          {savingList.map((a) => (
            <MenuItem key={a.id} value={a.id} data-testid="saving-option">
              {a.accountNumber} · {a.productName} — {direction === 'in' ? f.money(a.availableBalance) : f.money(a.balance)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}

/** The chosen account's name, for the confirmation. */
export function useFundSourceName(value: FundSourceValue, memberId: string): string {
  const { t } = useTranslation('common');
  const cash = useCashAccounts();
  const savings = useMemberSavings(memberId);
  if (value.source === 'CASH') {
    const a = cash.data?.find((c) => c.id === value.coaId);
    return a ? `${a.code} · ${a.name}` : t('fundSource.CASH');
  }
  const s = savings.data?.find((x) => x.id === value.memberSavingId);
  return s ? `${s.accountNumber} · ${s.productName}` : t('fundSource.SAVING');
}
