// The states of one instalment of a booked plan, the schedule kind of the one loan (issue 35): the lending
// core's instalment table (loan_instalments) holds them for every product repaid by instalments.
import { defineLifecycle } from '../state-machine.ts';

export type InstalmentStatus = 'PENDING' | 'PAID' | 'CLOSED';

export const INSTALMENT_STATUS_LABELS: Readonly<Record<InstalmentStatus, string>> = {
  PENDING: '待还款',
  PAID: '已还款',
  CLOSED: '提前结清',
};

/** One row of the booked plan. CLOSED: the loan was paid off before this instalment fell due. */
export const instalmentLifecycle = defineLifecycle<InstalmentStatus>(
  { PENDING: ['PAID', 'CLOSED'], PAID: [], CLOSED: [] },
  INSTALMENT_STATUS_LABELS,
);
