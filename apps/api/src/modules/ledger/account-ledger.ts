/**
 * One account's ledger (buku besar) over a date range: the opening balance,
 * each line with its running balance, the closing balance. A header account
 * gathers the lines of every account below it (e.g. 101 Kas dan Bank). Used
 * by GET coa/{id}/mutation and GET report/v2/ledger.
 */
import type { LedgerLine } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { AccountRow, AccountTree } from '../coa/coa.repo.ts';
import { balancesAsOf, dayBefore, movements, pgArray, signed } from './balances.ts';
import { accountLedgerLineCount, accountLedgerRows } from './ledger.repo.ts';

export interface AccountLedgerOptions {
  start: string;
  end: string;
  page: number;
  limit: number;
  dir: 'ASC' | 'DESC';
}

export interface AccountLedger {
  account: { id: string; code: string; name: string; type: string; normalBalance: string; isPostable: boolean };
  start: string;
  end: string;
  openingBalance: Dec;
  closingBalance: Dec;
  totalDebit: Dec;
  totalCredit: Dec;
  content: LedgerLine[];
  page: number;
  limit: number;
  totalElements: number;
  totalPages: number;
}

/** 'DESC' when the sort asks for newest first (`desc`, `date,desc`, `-date`). */
export function sortDirection(sort: string | undefined, fallback: 'ASC' | 'DESC' = 'ASC'): 'ASC' | 'DESC' {
  if (!sort) return fallback;
  const s = sort.toLowerCase();
  if (s.startsWith('-') || s.endsWith('desc')) return 'DESC';
  if (s.endsWith('asc')) return 'ASC';
  return fallback;
}

export async function accountLedger(tx: Tx, account: AccountRow, tree: AccountTree, o: AccountLedgerOptions): Promise<AccountLedger> {
  const ids = tree.subtree(account.id).map((a) => a.id);
  const normal = account.normal_balance;
  const openingMv = await balancesAsOf(tx, dayBefore(o.start), { accountIds: ids });
  let opening = ZERO;
  for (const m of openingMv.values()) opening = opening.plus(signed(m, normal));
  const range = await movements(tx, { from: o.start, to: o.end, accountIds: ids });
  let debit = ZERO;
  let credit = ZERO;
  for (const m of range.values()) {
    debit = debit.plus(m.debit);
    credit = credit.plus(m.credit);
  }
  const rows = await accountLedgerRows(tx, {
    ids: pgArray(ids),
    start: o.start,
    end: o.end,
    normal,
    dir: o.dir,
    limit: o.limit,
    offset: o.page * o.limit,
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && o.page > 0) total = await accountLedgerLineCount(tx, pgArray(ids), o.start, o.end);
  const content: LedgerLine[] = rows.map((r) => ({
    date: r.date,
    journalId: r.journal_id,
    number: r.number,
    lineNo: r.line_no,
    coaId: r.account_id,
    coaCode: r.code,
    description: r.description,
    journalDescription: r.jdesc,
    referenceCode: r.reference_code,
    sourceModule: r.source_module,
    sourceId: r.source_id,
    isAdjustment: r.is_adjustment,
    debit: r.debit as unknown as number,
    credit: r.credit as unknown as number,
    balance: opening.plus(dec(r.run)) as unknown as number,
  }));
  const change = normal === 'DEBIT' ? debit.minus(credit) : credit.minus(debit);
  return {
    account: {
      id: account.id,
      code: account.code,
      name: account.name,
      type: account.type,
      normalBalance: normal,
      isPostable: account.is_postable,
    },
    start: o.start,
    end: o.end,
    openingBalance: opening,
    closingBalance: opening.plus(change),
    totalDebit: debit,
    totalCredit: credit,
    content,
    page: o.page,
    limit: o.limit,
    totalElements: total,
    totalPages: o.limit > 0 ? Math.ceil(total / o.limit) : 0,
  };
}
