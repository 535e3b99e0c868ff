/**
 * COA: an account's balance set by an adjusting journal against OPENING_EQUITY (one account, or the opening
 * balances of many at once).
 */
import { translate } from '@koperasi/contracts';
import { type Dec, dec, formatRupiah, ZERO } from '@koperasi/finance';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, unprocessable } from '../../lib/errors.ts';
import { displayDate } from '../ledger/dates.ts';
import { refuseFutureDate } from '../ledger/journal.service.ts';
import { findJournal } from '../ledger/ledger.repo.ts';
import { accountBalance, accountIdByKey, type JournalLineInput, post } from '../ledger/posting.ts';
import { type AccountRow, findAccountByRef, loadTree } from './coa.repo.ts';
import { coaNotFound } from './coa.service.ts';

/** The lines that move `account` from `current` to `target` (normal-balance sign) against OPENING_EQUITY. */
function adjustmentLines(account: AccountRow, openingEquity: string, current: Dec, target: Dec): JournalLineInput[] {
  const delta = target.minus(current);
  if (delta.isZero()) return [];
  // An increase in the normal sign is a debit for a debit-normal account, a credit otherwise.
  const accountDebit = (account.normal_balance === 'DEBIT') === delta.isPositive();
  const amt = delta.abs();
  return [
    accountDebit ? { accountId: account.id, debit: amt } : { accountId: account.id, credit: amt },
    accountDebit ? { accountId: openingEquity, credit: amt } : { accountId: openingEquity, debit: amt },
  ];
}

/** POST /api/coa/{id}/adjust-balance. */
export async function adjustBalance(
  ctx: Ctx,
  ref: string,
  b: { date: string; balance: number; description?: string; referenceCode?: string | null },
) {
  refuseFutureDate(ctx, b.date);
  return withTx(
    ctx,
    async (tx) => {
      const a = await findAccountByRef(tx, ref);
      if (!a) throw coaNotFound();
      const opening = await accountIdByKey(tx, 'OPENING_EQUITY');
      if (a.id === opening) throw unprocessable('ADJUST_OPENING_EQUITY', 'ledger.adjust_opening_equity');
      const current = await accountBalance(tx, a.id, b.date);
      const target = dec(b.balance);
      const lines = adjustmentLines(a, opening, current, target);
      if (!lines.length) {
        throw unprocessable('ADJUST_NO_CHANGE', 'ledger.adjust_no_change', {
          code: a.code,
          date: displayDate(b.date),
          balance: formatRupiah(current, ctx.lang),
        });
      }
      const posted = await post(tx, ctx, {
        date: b.date,
        description: b.description?.trim() || translate('ledger.adjust_description', ctx.lang, { code: a.code, name: a.name }),
        referenceCode: b.referenceCode ?? null,
        source: { module: 'BALANCE_ADJUSTMENT', id: a.id },
        lines,
      });
      await audit(tx, ctx, {
        action: 'coa.adjust_balance',
        entity: 'coa_account',
        entityId: a.id,
        before: { date: b.date, balance: current.toFixed(2) },
        after: { date: b.date, balance: target.toFixed(2), journalId: posted.id, journalNumber: posted.number },
      });
      return { coaId: a.id, date: b.date, previousBalance: current, balance: target, journal: (await findJournal(tx, posted.id))! };
    },
    { idempotent: true, message: 'ledger.balance_adjusted' },
  );
}

/** POST /api/coa/opening-balance: several accounts' balances on one date, in one journal. */
export async function openingBalances(
  ctx: Ctx,
  b: {
    date: string;
    description?: string;
    referenceCode?: string | null;
    items: Array<{ coaId: string; balance: number; allowNegative?: boolean }>;
  },
) {
  refuseFutureDate(ctx, b.date);
  return withTx(
    ctx,
    async (tx) => {
      const opening = await accountIdByKey(tx, 'OPENING_EQUITY');
      const tree = await loadTree(tx);
      const seen = new Set<string>();
      const byAccount = new Map<string, { debit: Dec; credit: Dec }>();
      const items: Array<{ coaId: string; code: string; previous: string; balance: string }> = [];
      for (const [i, it] of b.items.entries()) {
        const a = tree.byId.get(it.coaId);
        if (!a) throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found', { line: i + 1 });
        if (seen.has(a.id)) throw badRequest('OPENING_DUPLICATE', 'ledger.opening_duplicate', { code: a.code });
        seen.add(a.id);
        if (a.id === opening) throw unprocessable('ADJUST_OPENING_EQUITY', 'ledger.adjust_opening_equity');
        // Cash or a receivable below zero is almost always a sign typed by mistake: it needs an explicit flag.
        if (a.normal_balance === 'DEBIT' && dec(it.balance).isNegative() && !it.allowNegative) {
          throw badRequest('NEGATIVE_OPENING_BALANCE', 'ledger.opening_negative', { code: a.code }, [
            { field: `items.${i}.balance`, message: 'ledger.opening_negative' },
          ]);
        }
        const current = await accountBalance(tx, a.id, b.date);
        for (const l of adjustmentLines(a, opening, current, dec(it.balance))) {
          const s = byAccount.get(l.accountId) ?? { debit: ZERO, credit: ZERO };
          byAccount.set(l.accountId, { debit: s.debit.plus(dec(l.debit ?? 0)), credit: s.credit.plus(dec(l.credit ?? 0)) });
        }
        items.push({ coaId: a.id, code: a.code, previous: current.toFixed(2), balance: dec(it.balance).toFixed(2) });
      }
      // One line per account; the opening equity nets to a single line.
      const lines: JournalLineInput[] = [];
      for (const [accountId, s] of byAccount) {
        const net = s.debit.minus(s.credit);
        if (net.isZero()) continue;
        lines.push(net.isPositive() ? { accountId, debit: net } : { accountId, credit: net.neg() });
      }
      if (lines.length < 2) {
        throw unprocessable('ADJUST_NO_CHANGE', 'ledger.adjust_no_change', { code: '-', date: displayDate(b.date), balance: '-' });
      }
      const posted = await post(tx, ctx, {
        date: b.date,
        description: b.description?.trim() || translate('ledger.opening_description', ctx.lang, { date: displayDate(b.date) }),
        referenceCode: b.referenceCode ?? null,
        source: { module: 'OPENING' },
        lines,
      });
      await audit(tx, ctx, {
        action: 'coa.opening_balance',
        entity: 'journal',
        entityId: posted.id,
        after: { date: b.date, items, journalNumber: posted.number },
      });
      return { date: b.date, items, journal: (await findJournal(tx, posted.id))! };
    },
    { idempotent: true, message: 'ledger.opening_posted' },
  );
}
