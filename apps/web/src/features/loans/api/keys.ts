/** Query keys of the loan screens; a money movement on a loan invalidates `loansKey`, `homeLoansKey` and the cash balances. */
export const loansKey = ['loans'] as const;
export const loanKey = (id: string) => [...loansKey, 'loan', id] as const;
export const loanListKey = [...loansKey, 'list'] as const;
export const onlineKey = [...loansKey, 'online'] as const;
export const homeLoansKey = ['home', 'loans'] as const;
