export * from './loan.ts';
export * from './money.ts';
