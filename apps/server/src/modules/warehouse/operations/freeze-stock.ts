// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// freezing available goods and unfreezing them.
import type { Tx } from '../../../db/client.ts';
import { moveBuckets, type PositionTarget } from '../service.ts';

/** Freezes available goods (e.g. a margin call unpaid, a court order): available → frozen. */
export const freezeStock = (tx: Tx, target: PositionTarget) => moveBuckets(tx, 'FREEZE', target);

/** Unfreezes goods frozen by freezeStock: frozen → available. */
export const unfreezeStock = (tx: Tx, target: PositionTarget) => moveBuckets(tx, 'UNFREEZE', target);
