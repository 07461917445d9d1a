// Moving stock between locations of the same warehouse (移库): two movements under one operation
// number. Only available goods move; pledged or frozen goods stay where the pledge or receipt says.
import type { stockMoveSchema } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { locationIn, ownPosition } from '../access.ts';
import { assertZone, quantityFor } from '../movement-input.ts';
import { ensurePosition, nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

export async function moveStock(tx: Tx, scope: EnterpriseScope, input: z.output<typeof stockMoveSchema>, actor: Actor) {
  const { position, warehouse } = await ownPosition(tx, scope, input.positionId);
  const location = await locationIn(tx, position.warehouseId, input.toLocationId);
  if (input.toLocationId === position.locationId) throw new BusinessError('目标库位与当前库位相同', 'SAME_LOCATION');
  const [item] = await tx.select().from(goods).where(eq(goods.id, position.goodsId));
  assertZone(location, warehouse.acceptedCategories, item!);
  const quantity = quantityFor(item!, input.quantity, '移库数量');
  const target = await ensurePosition(tx, { ...position, locationId: input.toLocationId });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(
    tx,
    [
      { positionId: position.id, kind: 'MOVE_OUT', quantity },
      { positionId: target, kind: 'MOVE_IN', quantity },
    ],
    { operationNo, occurredOn: input.occurredOn, note: input.note ?? null, actor },
  );
  return { operationNo, movementIds, positionId: target };
}
