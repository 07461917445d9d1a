import type { Tx } from '../../db/client.ts';
import type { TaskField } from '../../db/schema/index.ts';
import { createTask } from '../bpm/index.ts';

export interface Submitter {
  id: number;
  name: string;
  ip?: string;
}

export type FundsTaskType = 'FUNDS_DEPOSIT' | 'FUNDS_WITHDRAWAL_REVIEW' | 'FUNDS_WITHDRAWAL' | 'FUNDS_PAYEE' | 'FUNDS_CONSIGNMENT';

/** Puts a task for the operators in the `/bpm/tasks` inbox (with its audit row), in the caller's transaction; answers its id. */
export async function openFundsTask(
  tx: Tx,
  t: {
    type: FundsTaskType;
    refId: number | string;
    enterpriseId: number;
    submittedBy: Submitter;
    subject: string;
    data: Record<string, unknown>;
    fields: TaskField[];
  },
) {
  return createTask(tx, { ...t, refId: String(t.refId) });
}
