/** Query keys of the savings screens; a money movement invalidates `savingsKey` (accounts, lists, mutations) and `homeKey`. */
export const savingsKey = ['savings'] as const;
export const memberAccountsKey = (memberId: string) => [...savingsKey, 'member-accounts', memberId] as const;
export const accountKey = (id: string) => [...savingsKey, 'account', id] as const;
export const transactionsKey = [...savingsKey, 'transactions'] as const;
export const requestsKey = [...savingsKey, 'requests'] as const;
export const homeKey = ['home', 'savings'] as const;
