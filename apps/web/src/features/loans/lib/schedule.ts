/** Totals of a schedule's rows, exact (whole sen, never floats). */
import { dec } from '@koperasi/finance/money';
import type { SimulationRow } from '../api/types';

export function scheduleTotals(rows: SimulationRow[]): { totalPrincipal: number; totalInterest: number; totalPayment: number } {
  let p = dec(0);
  let i = dec(0);
  let tot = dec(0);
  for (const r of rows) {
    p = p.plus(dec(r.principal));
    i = i.plus(dec(r.interest));
    tot = tot.plus(dec(r.total));
  }
  return { totalPrincipal: p.toNumber(), totalInterest: i.toNumber(), totalPayment: tot.toNumber() };
}
