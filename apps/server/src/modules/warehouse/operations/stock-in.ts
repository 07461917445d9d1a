// Stock-in (入库): the warehouse user records goods a depositor brings into one of its warehouses.
import { acceptedCategoryList } from '@factoring/domain';
import type { stockInSchema } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { locationIn, ownWarehouse } from '../access.ts';
import { assertZone, checkAttachments, quantityFor } from '../movement-input.ts';
import { ensurePosition, nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

export type StockInInput = z.output<typeof stockInSchema>;

export async function activeGoods(tx: Tx, goodsId: number) {
  const [row] = await tx.select().from(goods).where(eq(goods.id, goodsId));
  if (!row) throw new BusinessError('商品不存在，请重新选择', 'GOODS_NOT_FOUND');
  if (row.status !== 'ACTIVE') throw new BusinessError(`商品“${row.name}”已停用，不能入库`, 'GOODS_DISABLED');
  return row;
}

export async function recordStockIn(tx: Tx, scope: EnterpriseScope, input: StockInInput, actor: Actor) {
  const warehouse = await ownWarehouse(tx, scope, input.warehouseId);
  const location = await locationIn(tx, warehouse.id, input.locationId);
  const [depositor] = await tx.select().from(enterpriseDirectory).where(eq(enterpriseDirectory.id, input.depositorId));
  if (!depositor) throw new BusinessError('存货企业不存在', 'DEPOSITOR_NOT_FOUND');
  if (!depositor.certified) throw new BusinessError(`存货企业“${depositor.name}”尚未完成实名认证，不能入库`, 'DEPOSITOR_NOT_CERTIFIED');
  const item = await activeGoods(tx, input.goodsId);
  const accepted = acceptedCategoryList(warehouse.acceptedCategories);
  if (accepted.length && !accepted.includes(item.category)) {
    throw new BusinessError(`${warehouse.name}不接收“${item.category}”类商品（可存放：${accepted.join('、')}）`, 'CATEGORY_NOT_ACCEPTED');
  }
  assertZone(location, warehouse.acceptedCategories, item);
  const quantity = quantityFor(item, input.quantity, '入库数量');
  const attachments = await checkAttachments(tx, scope, input.attachmentIds);
  const positionId = await ensurePosition(tx, {
    warehouseId: warehouse.id,
    locationId: input.locationId,
    depositorId: depositor.id,
    goodsId: item.id,
    batchNo: input.batchNo ?? '',
  });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId, kind: 'IN', quantity }], {
    operationNo,
    occurredOn: input.occurredOn,
    documentNo: input.documentNo,
    attachments,
    note: input.note ?? null,
    actor,
  });
  return { operationNo, movementIds, positionId };
}
