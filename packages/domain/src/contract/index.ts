// Types of the API contract, shared by the server that answers and the web that asks.
export type * from './session.ts';
export type * from './site-config.ts';
export type * from './fund-flows.ts';
export type * from './settlement-account.ts';
