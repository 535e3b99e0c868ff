/** GET /api/coa/101/search-by-parent: the cash and bank accounts (below 101) with their balances. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

/** The cash and bank parent account of spec section 9. */
export const CASH_BANK_PARENT = '101';

export function useCashBankAccounts() {
  return useQuery({
    queryKey: [...ledgerKeys.accounts, 'cash-bank'],
    queryFn: ({ signal }) => api<CoaAccount[]>(`/api/coa/${CASH_BANK_PARENT}/search-by-parent`, { signal }),
  });
}
