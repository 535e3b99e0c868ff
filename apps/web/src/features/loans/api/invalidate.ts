/** After money moves on a loan: the loan screens, the dashboard's loan figures, savings (a release into or payment from savings) and the cash balances are stale. */
import type { QueryClient } from '@tanstack/react-query';
import { memberDetailKey, memberSavingsKey } from '../../../lib/api/members';
import { homeLoansKey, loansKey } from './keys';

export function invalidateAfterLoanMovement(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: loansKey }),
    qc.invalidateQueries({ queryKey: homeLoansKey }),
    qc.invalidateQueries({ queryKey: ['savings'] }),
    qc.invalidateQueries({ queryKey: memberSavingsKey }),
    qc.invalidateQueries({ queryKey: memberDetailKey }),
    qc.invalidateQueries({ queryKey: ['home'] }),
    qc.invalidateQueries({ queryKey: ['coa'] }),
  ]);
}
