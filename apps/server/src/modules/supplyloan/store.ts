import { financingLifecycle, type FinancingStatus } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { financings } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { loanStore } from '../financing/index.ts';

export type Financing = typeof financings.$inferSelect;
export { platformOf, type Platform } from '../financing/index.ts';

export { factorScope } from '../../lib/scope.ts';
export { withdrawPendingTasks } from '../bpm/index.ts';
export { operatorActor, SYSTEM, type Actor } from '../../lib/actor.ts';

export const TASK = {
  PLATFORM_JOIN: 'PLATFORM_JOIN',
  INVOICE_VERIFY: 'INVOICE_VERIFY',
  FINANCING_APPROVAL: 'FINANCING_APPROVAL',
  FINANCING_DISBURSE: 'FINANCING_DISBURSE',
  EXTENSION: 'EXTENSION',
  REPAYMENT_VOUCHER: 'REPAYMENT_VOUCHER',
} as const;

/** How the supply loan's offline repayments are written in the lending core's transfer vouchers (issue 35). */
export const OFFLINE_VOUCHER = { product: 'SUPPLY', purpose: 'REPAYMENT' } as const;

/** Supply-chain loans (invoices and orders) in the lending core's one store: `RZ` numbers, `financingLifecycle`. */
const store = loanStore({
  product: 'SUPPLY',
  table: financings,
  lifecycle: financingLifecycle,
  notFound: '融资记录不存在',
  numberPrefix: 'RZ',
});

/** Locks a financing `FOR UPDATE`; another enterprise's financing answers 404 whether or not it exists. */
export const lockFinancing: (tx: Tx, scope: Scope, id: number) => Promise<Financing> = store.lock;
/** Adds a row to a financing's history. */
export const recordEvent = store.record;
/** Moves a financing along the domain's lifecycle (any transition not listed is refused) and records it in its history. */
export const moveFinancing: (
  tx: Tx,
  financing: Financing,
  to: FinancingStatus,
  actor: Actor,
  action: string,
  note?: string | null,
  extra?: Partial<typeof financings.$inferInsert>,
) => Promise<Financing> = store.move;
/** A financing's history, oldest first. */
export const financingHistory = store.historyOf;
/** The user-facing number of a financing: RZ + the China date of application + the id in 6 digits. */
export const financingNoOf = store.numberOf;
