// The domain package: pure rules shared by the web app and the server. No I/O here.
export * from './errors.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './china-time.ts';
export * from './identity.ts';
export * from './uscc.ts';
export * from './interest.ts';
export * from './schedule.ts';
export * from './lifecycle.ts';
export * from './status/funds.ts';
export * from './status/certification.ts';
export * from './status/contract.ts';
export * from './status/task.ts';
export * from './ledger.ts';
export type * from './contract/session.ts';
export type * from './contract/site-config.ts';
export type * from './contract/fund-flows.ts';
export type * from './contract/settlement-account.ts';
