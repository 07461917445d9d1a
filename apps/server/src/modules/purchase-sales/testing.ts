// Test helper for a factor collection through the route (issue 21, four eyes): one operator records
// the buyer's payment of an order, a second operator approves its PS_FACTOR_COLLECTION task, which
// credits the seller (repaying its order loan first).
import type { FactorCollectionSubmitted } from '@factoring/domain/contract';
import type { TestClient } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';

type Answer<T> = { status: string; message: T; code?: string };
const okOf = <T>(res: { statusCode: number; json(): unknown }, what: string): T => {
  const b = res.json() as Answer<T>;
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`${what}: expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};

/** The booking of an approved collection, as the decision's audit row records it. */
export interface Collected {
  taskId: number;
  paymentId: number;
  orderId: number;
  orderNo: string;
  amount: number;
  loanRepaid: number;
  refNos: string[];
  outstanding: number;
  status: string;
  statusLabel: string;
  /** What the recording operator was answered (the task awaiting review). */
  submitted: FactorCollectionSubmitted;
}

/**
 * `maker` records the collection of order `orderId` through `POST /api/bpm/purchase-sales/orders/:id/collection`
 * (a fresh idempotency key unless given), `checker` — another operator — approves its task; answers the booking
 * (and, as `submitted`, what the recording operator was answered).
 */
export async function collectThroughReview(
  maker: TestClient,
  checker: TestClient,
  orderId: number,
  body: { amount: number; payerName?: string; idempotencyKey?: string },
): Promise<Collected> {
  const submitted = okOf<FactorCollectionSubmitted>(
    await maker.post(`/api/bpm/purchase-sales/orders/${orderId}/collection`, { idempotencyKey: newKey(), ...body }, { json: true }),
    'record the collection',
  );
  okOf(await checker.post(`/api/bpm/tasks/${submitted.taskId}/approve`, { comment: '已核对银行回单' }, { json: true }), 'approve it');
  const task = okOf<{ history: { action: string; after: { record: Omit<Collected, 'taskId' | 'submitted'> | null } | null }[] }>(
    await checker.get(`/api/bpm/tasks/${submitted.taskId}`),
    'read the task',
  );
  const record = task.history.find((h) => h.action === 'APPROVE')!.after!.record!;
  return { ...record, taskId: submitted.taskId, submitted };
}
