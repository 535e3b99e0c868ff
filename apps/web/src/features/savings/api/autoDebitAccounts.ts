/**
 * The accounts with auto debit on and the source of fund each draws from.
 * The API has no list filtered by the auto-debit flag: this reads every open
 * account through GET /api/transaction/saving/datatable (status ACTIVE,
 * pages of 1000, at most `maxPages`) and keeps those with `isAutoDebit`,
 * pairing each with its member's source-of-fund account from the same rows.
 */
import { useQuery } from '@tanstack/react-query';
import { savingsKey } from './keys';
import { listAccounts } from './listAccounts';
import type { SavingAccount } from './types';

export interface AutoDebitRow {
  account: SavingAccount;
  source: SavingAccount | null;
}

export interface AutoDebitList {
  rows: AutoDebitRow[];
  scanned: number;
  total: number;
  /** More accounts exist than were read. */
  truncated: boolean;
}

export function autoDebitRows(accounts: SavingAccount[]): AutoDebitRow[] {
  const sources = new Map<string, SavingAccount>();
  for (const a of accounts) if (a.isSourceOfFund) sources.set(a.memberId, a);
  return accounts
    .filter((a) => a.isAutoDebit)
    .map((account) => ({ account, source: sources.get(account.memberId) ?? null }))
    .sort(
      (x, y) => x.account.memberName.localeCompare(y.account.memberName) || x.account.accountNumber.localeCompare(y.account.accountNumber),
    );
}

export async function loadAutoDebit(signal?: AbortSignal, maxPages = 20): Promise<AutoDebitList> {
  const all: SavingAccount[] = [];
  let total = 0;
  let page = 0;
  for (; page < maxPages; page += 1) {
    const r = await listAccounts({ page, limit: 1000, filters: { status: 'ACTIVE' } }, signal);
    all.push(...r.content);
    total = r.totalElements;
    if (page + 1 >= r.totalPages) break;
  }
  return { rows: autoDebitRows(all), scanned: all.length, total, truncated: all.length < total };
}

export function useAutoDebit() {
  return useQuery({ queryKey: [...savingsKey, 'auto-debit'], queryFn: ({ signal }) => loadAutoDebit(signal) });
}
