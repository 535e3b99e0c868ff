/** Query keys of the bill screens; a movement on a bill invalidates `billsKey` and the cash balances. */
export const billsKey = ['bills'] as const;
export const billKey = (id: string) => [...billsKey, 'bill', id] as const;
export const billListKey = [...billsKey, 'list'] as const;
