/**
 * The cash or bank account (under 101) a movement goes through. It starts on
 * the account assigned to the signed-in teller (GET /api/coa/assign-to-me),
 * else Kas Besar, which is also what the server uses when none is sent.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useCashAccounts, useMyCashAccount } from '../api/cashAccounts';

/** The default cash account id: the teller's own, else the main cash account, else the first. */
export function useDefaultCashAccount(enabled = true): { id: string | null; mineId: string | null; loading: boolean } {
  const all = useCashAccounts(enabled);
  const mine = useMyCashAccount(enabled);
  const list = (all.data ?? []).filter((a) => a.isActive);
  const mineId = mine.data?.id ?? null;
  // Wait for both answers: choosing Kas Besar before the teller's own account is known would stick.
  const settled = all.isFetched && (mine.isFetched || mine.isError);
  const id = !settled
    ? null
    : ((mineId && list.some((a) => a.id === mineId) ? mineId : null) ??
      list.find((a) => a.systemKey === 'CASH_MAIN')?.id ??
      list[0]?.id ??
      null);
  return { id, mineId, loading: !settled };
}

export function CashAccountSelect({
  value,
  onChange,
  label,
  testId = 'cash-account',
  disabled,
}: {
  value: string;
  onChange: (id: string) => void;
  label?: string;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const all = useCashAccounts();
  const def = useDefaultCashAccount();
  const list = (all.data ?? []).filter((a) => a.isActive);

  // Pick the default once the lists have loaded.
  useEffect(() => {
    if (!value && def.id) onChange(def.id);
  }, [value, def.id, onChange]);

  return (
    <TextField
      select
      label={label ?? t('form.cashAccount')}
      value={list.some((a) => a.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || all.isLoading}
      error={all.isError}
      helperText={all.isError ? t('common:empty.loadFailed') : def.mineId === value && value ? t('form.cashAccountMine') : undefined}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        inputLabel: { shrink: true },
        select: { SelectDisplayProps: { 'data-testid': `${testId}-select` } as object },
      }}
    >
      {list.map((a) => (
        <MenuItem key={a.id} value={a.id} data-testid={`cash-option-${a.code}`}>
          {a.code} · {a.name}
          {a.id === def.mineId ? ` (${t('form.mine')})` : ''} — {f.money(a.balance)}
        </MenuItem>
      ))}
    </TextField>
  );
}
