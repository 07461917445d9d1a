export * from './identity.ts';
export * from './portal.ts';
export * from './ledger.ts';
export * from './account.ts';
export * from './certification.ts';
export * from './bpm.ts';
export * from './contracts.ts';
export * from './supplyloan.ts';
