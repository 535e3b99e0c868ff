/** After a money movement: every savings list and account, the dashboard figures and the cash balances are stale. */
import type { QueryClient } from '@tanstack/react-query';
import { homeKey, savingsKey } from './keys';

export function invalidateAfterMovement(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: savingsKey }),
    qc.invalidateQueries({ queryKey: homeKey }),
    qc.invalidateQueries({ queryKey: ['coa'] }),
  ]);
}
