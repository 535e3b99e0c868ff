/**
 * The figures the payment dialog shows before sending, exact (Dec): what
 * each unpaid installment still owes, what the next n installments cost,
 * what is due today, and how an amount would be allocated (fine → interest
 * → principal, oldest installment first, as the server allocates). The
 * server decides and answers what it posted; these are previews.
 */
import { type Dec, dec } from '@koperasi/finance/money';
import type { Installment } from '../api/types';

export interface Owed {
  number: number;
  dueDate: string;
  fine: number;
  interest: number;
  principal: number;
  total: number;
}

const pos = (d: Dec) => (d.gt(0) ? d : dec(0));

/** What one installment still owes (fine accrued to today included). */
export function owedOn(i: Installment): Owed {
  const fine = pos(dec(i.fineDue));
  const interest = pos(dec(i.interest).minus(dec(i.interestPaid)));
  const principal = pos(dec(i.principal).minus(dec(i.principalPaid)));
  return {
    number: i.number,
    dueDate: i.dueDate,
    fine: fine.toNumber(),
    interest: interest.toNumber(),
    principal: principal.toNumber(),
    total: fine.plus(interest).plus(principal).toNumber(),
  };
}

/** The installments not yet paid in full, oldest first, with what each owes. */
export function unpaid(installments: Installment[]): Owed[] {
  return [...installments]
    .filter((i) => i.status !== 'PAID')
    .sort((a, b) => a.number - b.number)
    .map(owedOn)
    .filter((o) => o.total > 0);
}

const sum = (xs: Owed[], k: keyof Omit<Owed, 'number' | 'dueDate'>) => xs.reduce((s, x) => s.plus(dec(x[k])), dec(0)).toNumber();

/** The next `count` unpaid installments in full: what the installment payment takes. */
export function nextInstallments(
  installments: Installment[],
  count: number,
): { rows: Owed[]; total: number; fine: number; interest: number; principal: number } {
  const rows = unpaid(installments).slice(0, Math.max(0, count));
  return { rows, total: sum(rows, 'total'), fine: sum(rows, 'fine'), interest: sum(rows, 'interest'), principal: sum(rows, 'principal') };
}

/** What is due on `today` (`YYYY-MM-DD`): installments whose due date has come, still unpaid. */
export function dueBy(installments: Installment[], today: string): number {
  return sum(
    unpaid(installments).filter((o) => o.dueDate <= today),
    'total',
  );
}

/** Most a partial payment may be on `today`: what is due, or the next installment when nothing is due yet (the server's rule). */
export function partialCap(installments: Installment[], today: string): number {
  const due = dueBy(installments, today);
  if (due > 0) return due;
  return unpaid(installments)[0]?.total ?? 0;
}

/** Everything still owed on the schedule (fines accrued included). */
export function totalOwed(installments: Installment[]): number {
  return sum(unpaid(installments), 'total');
}

export interface Allocation {
  fine: number;
  interest: number;
  principal: number;
  /** Installments the amount pays in full. */
  settles: number[];
  /** Of the amount, what nothing is owed for (the server refuses it). */
  excess: number;
}

/** How `amount` would be allocated: oldest installment first; within one, fine, then interest, then principal. */
export function allocate(installments: Installment[], amount: number | null | undefined): Allocation {
  let left = dec(amount ?? 0);
  let fine = dec(0);
  let interest = dec(0);
  let principal = dec(0);
  const settles: number[] = [];
  for (const o of unpaid(installments)) {
    if (left.lte(0)) break;
    const f = Dec_min(left, dec(o.fine));
    left = left.minus(f);
    fine = fine.plus(f);
    const i = Dec_min(left, dec(o.interest));
    left = left.minus(i);
    interest = interest.plus(i);
    const p = Dec_min(left, dec(o.principal));
    left = left.minus(p);
    principal = principal.plus(p);
    if (f.plus(i).plus(p).eq(dec(o.total))) settles.push(o.number);
  }
  return { fine: fine.toNumber(), interest: interest.toNumber(), principal: principal.toNumber(), settles, excess: left.toNumber() };
}

function Dec_min(a: Dec, b: Dec): Dec {
  return a.lt(b) ? a : b;
}

/** The remaining principal after paying `principal` of it. */
export function principalAfter(remaining: number, principal: number): number {
  return pos(dec(remaining).minus(dec(principal))).toNumber();
}
