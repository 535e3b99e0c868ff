/**
 * The teller forms' arithmetic and rules that do not need the DOM: exact
 * balances (never binary floating point), what may be withdrawn, a closing's
 * fee and payout, the submission keys (one Idempotency-Key per submission,
 * reused on retry), which products a member may open, which transactions the
 * screens offer to cancel, and the auto-debit list built from the accounts.
 */
import { describe, expect, it } from 'vitest';
import { SubmissionKeys } from '../../../lib/submission';
import { autoDebitRows } from '../api/autoDebitAccounts';
import type { Product } from '../api/types';
import { openableProducts } from '../components/OpenAccountDialog';
import { balanceAfter, closingPreview, exceedsAvailable, exceedsLimit, maxBlockable, total } from '../lib/amounts';
import { addMonths } from '../lib/dates';
import { blockForm, movementForm, transferForm } from '../lib/forms';
import { autoDebitState } from '../pages/AutoDebitPage';
import { cancellable } from '../pages/TransactionDetailPage';
import { account } from './fixtures';

describe('amounts', () => {
  it('computes the balance after a movement exactly, to the cent', () => {
    expect(balanceAfter(1_000_000.1, 0.2, 'in')).toBe(1_000_000.3);
    expect(0.1 + 0.2).not.toBe(0.3); // what the helper avoids
    expect(balanceAfter(0.3, 0.1, 'out')).toBe(0.2);
    expect(balanceAfter(5_421_000, 250_000, 'in')).toBe(5_671_000);
    expect(balanceAfter(5_421_000, 5_500_000, 'out')).toBe(-79_000);
    expect(balanceAfter(5_421_000, null, 'in')).toBeNull();
    expect(balanceAfter(9_999_999_999_999.99, 0.01, 'in')).toBe(10_000_000_000_000);
  });

  it('compares amounts with what may be taken and with the role limit (equal is allowed)', () => {
    expect(exceedsAvailable(5_411_000, 5_411_000)).toBe(false);
    expect(exceedsAvailable(5_411_000.01, 5_411_000)).toBe(true);
    expect(exceedsAvailable(null, 0)).toBe(false);
    expect(exceedsLimit(10_000_000, 10_000_000)).toBe(false);
    expect(exceedsLimit(10_000_000.01, 10_000_000)).toBe(true);
    expect(exceedsLimit(99_000_000, null)).toBe(false);
  });

  it('takes a closing fee of at most the balance and pays out the rest', () => {
    expect(closingPreview(2_010_000, 25_000)).toEqual({ fee: 25_000, payout: 1_985_000 });
    expect(closingPreview(10_000, 25_000)).toEqual({ fee: 10_000, payout: 0 });
    expect(closingPreview(0, 25_000)).toEqual({ fee: 0, payout: 0 });
    expect(closingPreview(100.35, null)).toEqual({ fee: 0, payout: 100.35 });
  });

  it('blocks at most the balance less what is pledged, and sums exactly', () => {
    expect(maxBlockable(1_000_000, 250_000)).toBe(750_000);
    expect(maxBlockable(100_000, 250_000)).toBe(0);
    expect(total([0.1, 0.2, null, 0.3])).toBe(0.6);
  });

  it('adds months keeping the day, clamped to the month end', () => {
    expect(addMonths('2026-11-22', 24)).toBe('2028-11-22');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });
});

describe('form schemas (from the contracts)', () => {
  it('requires a positive amount with at most 2 decimals', () => {
    const issue = (amount: unknown) => movementForm.safeParse({ amount, description: '', coaId: '' }).error?.issues[0]?.message;
    expect(issue(null)).toBe('validation.required');
    expect(issue(0)).toBe('validation.amount_positive');
    expect(issue(-5)).toBe('validation.amount_positive');
    expect(issue(10.123)).toBe('validation.amount_decimals');
    expect(movementForm.parse({ amount: 150_000.5, description: 'Setoran', coaId: '' }).amount).toBe(150_000.5);
  });

  it('needs a transfer destination other than the source', () => {
    const base = { amount: 50_000, description: '', fromSavingId: 'a' };
    expect(transferForm.safeParse({ ...base, toSavingId: '' }).error?.issues[0]?.message).toBe('validation.required');
    expect(transferForm.safeParse({ ...base, toSavingId: 'a' }).error?.issues[0]?.message).toBe('saving.transfer_same_account');
    expect(transferForm.safeParse({ ...base, toSavingId: 'b' }).success).toBe(true);
  });

  it('needs an amount and a reason to block, a reason to unblock', () => {
    const msgs = (v: object) => blockForm.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(msgs({ isBlocked: true, amount: null, reason: '' })).toEqual(
      expect.arrayContaining(['saving.reason_required', 'saving.block_amount_required']),
    );
    expect(msgs({ isBlocked: false, amount: null, reason: ' ' })).toEqual(['saving.reason_required']);
    expect(blockForm.safeParse({ isBlocked: true, amount: 20_000, reason: 'Sengketa' }).success).toBe(true);
  });
});

describe('submission keys', () => {
  it('reuses the key and the time of request when the same request is sent again, and starts anew otherwise', () => {
    let n = 0;
    let clock = Date.parse('2026-11-22T01:00:00Z');
    const keys = new SubmissionKeys(
      () => `key-${++n}`,
      () => new Date(clock),
    );
    const first = keys.ticket({ amount: 100_000, to: 'b', from: 'a' });
    clock += 5_000;
    // The network failed: the teller presses "send again" with the same values (key order does not matter).
    const retry = keys.ticket({ from: 'a', to: 'b', amount: 100_000 });
    expect(retry).toEqual(first);
    expect(first).toEqual({ key: 'key-1', startedAt: '2026-11-22T01:00:00.000Z' });
    // The amount changed: a new submission.
    const changed = keys.ticket({ from: 'a', to: 'b', amount: 90_000 });
    expect(changed.key).toBe('key-2');
    expect(changed.startedAt).toBe('2026-11-22T01:00:05.000Z');
    // Posted: the next form submission, even with the same values, is a new one.
    keys.done();
    expect(keys.pendingKey).toBeNull();
    expect(keys.ticket({ from: 'a', to: 'b', amount: 90_000 }).key).toBe('key-3');
  });
});

describe('rules of the screens', () => {
  const product = (over: Partial<Product>): Product => ({
    id: 'p',
    code: 'X',
    name: 'X',
    kind: 'SAVING',
    savingType: 'VOLUNTARY',
    description: null,
    audience: 'ALL',
    requiresApproval: false,
    isActive: true,
    terms: null,
    ...over,
  });

  it('offers the products a member may open', () => {
    const list = [
      product({ id: 'sp', kind: 'SAVING_EQUITY', savingType: 'PRINCIPAL' }),
      product({ id: 'mp', kind: 'SAVING_EQUITY', savingType: 'PARTICIPATION' }),
      product({ id: 'ss', audience: 'ALL' }),
      product({ id: 'members-only', audience: 'MEMBER' }),
      product({ id: 'non-members', audience: 'NON_MEMBER' }),
      product({ id: 'off', isActive: false }),
    ];
    const held = [account({ productId: 'sp', kind: 'SAVING_EQUITY' })];
    expect(openableProducts(list, { memberType: 'MEMBER' }, held).map((p) => p.id)).toEqual(['mp', 'ss', 'members-only']);
    expect(openableProducts(list, { memberType: 'NON_MEMBER' }, []).map((p) => p.id)).toEqual(['ss', 'non-members']);
    expect(openableProducts(list, { memberType: 'PROSPECTIVE' }, [])).toEqual([]);
    // A closed equity account does not stop a new one.
    expect(openableProducts(list, { memberType: 'MEMBER' }, [{ ...held[0]!, status: 'CLOSED' }]).map((p) => p.id)).toContain('sp');
  });

  it('offers to cancel only standing movements the server may reverse', () => {
    expect(cancellable({ status: 'POSTED', isReversal: false, activity: 'DEPOSIT' })).toBe(true);
    expect(cancellable({ status: 'POSTED', isReversal: false, activity: 'TRANSFER_IN' })).toBe(true);
    expect(cancellable({ status: 'CANCELLED', isReversal: false, activity: 'DEPOSIT' })).toBe(false);
    expect(cancellable({ status: 'POSTED', isReversal: true, activity: 'REVERSAL' })).toBe(false);
    for (const a of ['CLOSING', 'CLOSING_FEE', 'EXIT', 'INTEREST', 'TAX'])
      expect(cancellable({ status: 'POSTED', isReversal: false, activity: a })).toBe(false);
  });

  it('lists the auto-debit accounts with their member source of fund and whether they can be collected', () => {
    const src = account({ id: 'src', memberId: 'm1', isSourceOfFund: true, availableBalance: 100_000 });
    const wajib = account({
      id: 'w',
      memberId: 'm1',
      accountNumber: 'SW.1',
      kind: 'SAVING_EQUITY',
      savingType: 'MANDATORY',
      isAutoDebit: true,
    });
    const plan = account({
      id: 'p',
      memberId: 'm1',
      accountNumber: 'TP.1',
      savingType: 'PLAN',
      isAutoDebit: true,
      planMonthlyAmount: 250_000,
    });
    const orphan = account({ id: 'o', memberId: 'm2', memberName: 'Ani', accountNumber: 'SW.2', isAutoDebit: true });
    // The server's page (its order kept) and the source-of-fund accounts of its members.
    const rows = autoDebitRows([orphan, wajib, plan], [src, account({ id: 'x', memberId: 'm3', isSourceOfFund: true })]);
    expect(rows.map((r) => [r.id, r.account.accountNumber, r.source?.id ?? null])).toEqual([
      ['o', 'SW.2', null],
      ['w', 'SW.1', 'src'],
      ['p', 'TP.1', 'src'],
    ]);
    expect(rows.map(autoDebitState)).toEqual(['NO_SOURCE', 'READY', 'LOW_SOURCE']);
  });
});
