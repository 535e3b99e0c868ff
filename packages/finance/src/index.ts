export * from './bill.ts';
export * from './loan.ts';
export * from './money.ts';
