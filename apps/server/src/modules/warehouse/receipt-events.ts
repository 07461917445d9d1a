import type { Tx } from '../../db/client.ts';
import { warehouseReceiptEvents } from '../../db/schema/index.ts';
import type { Actor } from './stock-ledger.ts';

export type ReceiptEventKind =
  'ISSUE' | 'SPLIT' | 'MERGE' | 'ENDORSE' | 'PLEDGE' | 'RELEASE' | 'CANCEL_REQUEST' | 'CANCEL' | 'CANCEL_REJECTED';

/** Appends one event to a receipt's history. */
export async function recordReceiptEvent(tx: Tx, receiptId: number, kind: ReceiptEventKind, detail: Record<string, unknown>, actor: Actor) {
  await tx.insert(warehouseReceiptEvents).values({ receiptId, kind, detail, actorId: actor.id, actorName: actor.name });
}
