// Test helper for money entering through the route (issue 21, four eyes): one operator records the
// deposit, a second operator approves its FUNDS_DEPOSIT task, which credits the account.
import type { TestClient } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';
import type { DepositResult } from './operations/record-deposit.ts';

type Answer<T> = { status: string; message: T; code?: string };
const okOf = <T>(res: { statusCode: number; json(): unknown }, what: string): T => {
  const b = res.json() as Answer<T>;
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`${what}: expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};

export interface DepositBody {
  accountNo: string;
  amount: number;
  payerName?: string;
  payerAccountNo?: string;
  memo?: string;
  idempotencyKey?: string;
}

/** The posting of an approved deposit, as the decision's audit row records it. */
export type Credited = DepositResult & { taskId: number };

/**
 * `maker` records the deposit through `POST /api/bpm/funds/deposit` (a fresh idempotency key unless
 * given), `checker` — another operator — approves its task; answers the posting (refNo and all).
 */
export async function depositThroughReview(maker: TestClient, checker: TestClient, body: DepositBody): Promise<Credited> {
  const submitted = okOf<{ taskId: number }>(
    await maker.post('/api/bpm/funds/deposit', { idempotencyKey: newKey(), ...body }, { json: true }),
    'record the deposit',
  );
  okOf(await checker.post(`/api/bpm/tasks/${submitted.taskId}/approve`, { comment: '已核对银行回单' }, { json: true }), 'approve it');
  const task = okOf<{ history: { action: string; after: { record: Omit<Credited, 'taskId'> | null } | null }[] }>(
    await checker.get(`/api/bpm/tasks/${submitted.taskId}`),
    'read the task',
  );
  const record = task.history.find((h) => h.action === 'APPROVE')!.after!.record!;
  return { ...record, taskId: submitted.taskId };
}
