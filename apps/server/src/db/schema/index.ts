export * from './identity.ts';
export * from './portal.ts';
export * from './ledger.ts';
export * from './account.ts';
