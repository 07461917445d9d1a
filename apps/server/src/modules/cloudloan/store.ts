import { cloudLoanDrawdownLifecycle, type ScheduleTerms } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { instalmentStore, loanStore } from '../financing/index.ts';

export type ApplicationRow = typeof cloudLoanApplications.$inferSelect;
export type DrawdownRow = typeof cloudLoanDrawdowns.$inferSelect;
export { SYSTEM, type Actor } from '../../lib/actor.ts';

/** Locks an application of the scope (`FOR UPDATE`); 404 for another enterprise's. */
export async function lockApplication(tx: Tx, scope: Scope, id: number): Promise<ApplicationRow> {
  const [row] = await tx
    .select()
    .from(cloudLoanApplications)
    .where(and(eq(cloudLoanApplications.id, id), ownedBy(scope, cloudLoanApplications.enterpriseId)))
    .for('update');
  if (!row) throw new NotFoundError('云贷申请不存在');
  return row;
}

/** A business number: prefix + China date + the row id, e.g. YD20261123000012. */
export function businessNo(prefix: string, chinaDay: string, id: number): string {
  return `${prefix}${chinaDay.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}

/**
 * Cloud-loan drawdowns in the lending core's one store (issue 35): locked in scope, moved along their
 * lifecycle and recorded in the one loan history (`loan_events`, line CLOUD) like every product's loans.
 */
const store = loanStore({
  product: 'CLOUD',
  table: cloudLoanDrawdowns,
  lifecycle: cloudLoanDrawdownLifecycle,
  notFound: '云贷借款不存在',
  numberPrefix: 'YDTK',
});

/** Locks a drawdown of the scope (`FOR UPDATE`); 404 for another enterprise's. */
export const lockDrawdown: (tx: Tx, scope: Scope, id: number) => Promise<DrawdownRow> = store.lock;
/** Adds a row to a drawdown's history. */
export const recordDrawdownEvent = store.record;
/** Moves a drawdown along its lifecycle and records the step. */
export const moveDrawdown = store.move;
/** A drawdown's history, oldest first. */
export const drawdownHistory = store.historyOf;
/** The drawdown number: YDTK + the China date of the drawdown + the id in 6 digits. */
export const drawdownNoOf = store.numberOf;

/** The drawdowns' booked plans: the lending core's instalment store (loan_instalments, line CLOUD). */
export const plans = instalmentStore('CLOUD');

/** The terms the plan's instalments accrue on: the drawdown's day (its value date) and its rates. */
export const termsOf = (d: Pick<DrawdownRow, 'applyDate' | 'annualRatePpm' | 'penaltyMultiplierPpm'>): ScheduleTerms => ({
  startDate: d.applyDate,
  annualRatePpm: d.annualRatePpm,
  penaltyMultiplierPpm: d.penaltyMultiplierPpm,
});
