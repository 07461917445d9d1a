// Test helpers for purchase and sales: a purchase order made payable through the API, and a factor collection through
// the route (issue 21, four eyes): one operator records the buyer's payment of an order, a second operator approves its
// PS_FACTOR_COLLECTION task, which credits the seller (repaying its order loan first).
import { orderTotals } from '@factoring/domain';
import type { FactorCollectionSubmitted } from '@factoring/domain/contract';
import { DEMO_SUPPLIER } from '../../seed/purchase-sales.ts';
import type { TestClient } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';

type Answer<T> = { status: string; message: T; code?: string };
const okOf = <T>(res: { statusCode: number; json(): unknown }, what: string): T => {
  const b = res.json() as Answer<T>;
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`${what}: expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};

export const PURCHASE_SALES_API = '/api/purchase-sales';

export type OrderLine = { goodsName: string; spec?: string; unit: string; quantity: string; unitPrice: number; taxRatePpm: number };
export const steel = (quantity: string, unitPrice = 386_000): OrderLine => ({
  goodsName: '热轧卷板',
  spec: 'Q235B',
  unit: '吨',
  quantity,
  unitPrice,
  taxRatePpm: 130_000,
});
/** A purchase order's body: bought from the demo world's steel supplier, to be delivered by the end of the year. */
export const purchase = (lines: OrderLine[] = [steel('10')], over: Record<string, unknown> = {}) => ({
  kind: 'PURCHASE',
  counterpartyName: DEMO_SUPPLIER.name,
  counterpartyBankName: DEMO_SUPPLIER.bankName,
  counterpartyAccountNo: DEMO_SUPPLIER.accountNo,
  deliveryDate: '2026-12-31',
  lines,
  totalAmount: orderTotals(lines).total,
  ...over,
});

/**
 * A purchase order `buyer` (浙江远航, `gouxiao`, who has the feature) created, confirmed and received in full through the
 * API: ready to pay, with the payees its payment quote offers (the supplier first) and the amount outstanding.
 */
export async function payablePurchaseOrder(buyer: TestClient, lines: OrderLine[] = [steel('10')]) {
  const api = PURCHASE_SALES_API;
  const order = okOf<{ id: number; orderNo: string }>(
    await buyer.post(`${api}/orders`, { ...purchase(lines), idempotencyKey: newKey() }, { json: true }),
    'create the order',
  );
  okOf(await buyer.post(`${api}/orders/${order.id}/confirm`, {}, { json: true }), 'confirm the order');
  const { lines: ordered } = okOf<{ lines: { id: number; quantity: string }[] }>(await buyer.get(`${api}/orders/${order.id}`), 'the order');
  okOf(
    await buyer.post(
      `${api}/orders/${order.id}/fulfil`,
      { idempotencyKey: newKey(), lines: ordered.map((l) => ({ lineId: l.id, quantity: l.quantity })) },
      { json: true },
    ),
    'receive the order',
  );
  const quote = okOf<{ payees: { id: number; name: string; accountNo: string }[]; outstanding: number }>(
    await buyer.get(`${api}/orders/${order.id}/payment-quote`),
    'the payment quote',
  );
  return { order, payees: quote.payees, payeeId: quote.payees[0].id, outstanding: quote.outstanding };
}

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
