// The domain package: pure rules shared by the web app and the server. No I/O here.
export * from './errors.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './identity.ts';
export * from './uscc.ts';
export * from './interest.ts';
export * from './schedule.ts';
export * from './lifecycle.ts';
export * from './ledger.ts';
export * from './contract/index.ts';
