/**
 * The accounts with auto debit on, a page at a time, each with the source of
 * fund it draws from: GET /api/transaction/saving/datatable with
 * `isAutoDebit=true&status=ACTIVE` (and `savingType` when chosen), paged,
 * searched and sorted by the server; then the same endpoint with
 * `isSourceOfFund=true&memberIds=...` for the members of that page (at most
 * 100 ids a call: one call for a screen page, a few for the Excel export).
 */
import type { ListParams, Page } from '../../../lib/api/list';
import { listAccounts } from './listAccounts';
import type { SavingAccount } from './types';

/** The saving types auto debit applies to (the server refuses it on others). */
export const AUTO_DEBIT_TYPES = ['MANDATORY', 'PLAN', 'PRINCIPAL'] as const;

/** Member ids per source-of-fund call (the server takes at most 100). */
export const MEMBER_IDS_PER_CALL = 100;

export interface AutoDebitRow {
  /** The auto-debit account's id (the table's row id). */
  id: string;
  account: SavingAccount;
  source: SavingAccount | null;
}

/** Pairs each auto-debit account with its member's source-of-fund account (at most one per member), in the server's order. */
export function autoDebitRows(accounts: SavingAccount[], sources: SavingAccount[]): AutoDebitRow[] {
  const byMember = new Map<string, SavingAccount>();
  for (const s of sources) if (s.isSourceOfFund) byMember.set(s.memberId, s);
  return accounts.map((account) => ({ id: account.id, account, source: byMember.get(account.memberId) ?? null }));
}

/** The open source-of-fund accounts of these members. */
export async function sourcesOf(memberIds: string[], signal?: AbortSignal): Promise<SavingAccount[]> {
  const unique = [...new Set(memberIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MEMBER_IDS_PER_CALL) chunks.push(unique.slice(i, i + MEMBER_IDS_PER_CALL));
  const pages = await Promise.all(
    chunks.map((ids) =>
      listAccounts(
        { page: 0, limit: MEMBER_IDS_PER_CALL, filters: { isSourceOfFund: true, status: 'ACTIVE', memberIds: ids.join(',') } },
        signal,
      ),
    ),
  );
  return pages.flatMap((p) => p.content);
}

/** One page of the Auto Debet list; `filters.savingType` narrows it to one type ('none': all). */
export async function autoDebitPage(p: ListParams, signal?: AbortSignal): Promise<Page<AutoDebitRow>> {
  const page = await listAccounts({ ...p, filters: { ...p.filters, isAutoDebit: true, status: 'ACTIVE' } }, signal);
  const sources = page.content.length
    ? await sourcesOf(
        page.content.map((a) => a.memberId),
        signal,
      )
    : [];
  return { ...page, content: autoDebitRows(page.content, sources) };
}
