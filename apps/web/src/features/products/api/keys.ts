/**
 * Query keys of the products screens. A create or update changes lists,
 * details and the pickers of other screens (product/{kind}/categories), so
 * mutations invalidate `productsKey`.
 */
export const productsKey = ['products'] as const;
export const productKey = (id: string) => [...productsKey, 'detail', id] as const;
