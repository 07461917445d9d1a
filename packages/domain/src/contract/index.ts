// The API contract, shared by the server that answers and the web that asks. Import zod schemas from
// '@factoring/domain/contract' (not the package root), so pages that need no schema — the landing
// and login pages — never pull zod into their bundle.
export * from './common.ts';
export * from './endpoint.ts';
export * from './loan-history.ts';
export type * from './session.ts';
export type * from './site-config.ts';
export type * from './fund-flows.ts';
export type * from './settlement-account.ts';
export * from './funds.ts';
export * from './supplyloan/index.ts';
export * from './factoring-money.ts';
export * from './purchase-sales/index.ts';
export * from './warehouse/index.ts';
export * from './pledge.ts';
export * from './pledge-delivery.ts';
export * from './pledge-payment.ts';
export * from './cloudloan.ts';
export * from './bpm.ts';
export * from './contracts.ts';
export * from './jobs.ts';
export * from './backup.ts';
export * from './certification.ts';
export * from './reference.ts';
export * from './system.ts';
export * from './content.ts';
export * from './credit.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './uploads.ts';
export * from './bank-statement.ts';
export * from './risk.ts';
export * from './receivables.ts';
export * from './registry.ts';
export * from './confirmations.ts';
export * from './order-invoices.ts';
