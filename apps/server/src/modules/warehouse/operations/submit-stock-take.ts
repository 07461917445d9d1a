// Stock-taking (盘点): the warehouse user counts a location; every difference becomes an adjustment
// movement only when an operator approves it (decide-stock-take.ts). A shortfall larger than the available
// quantity touches pledged or receipt goods: the operator sees an alert, and nothing is frozen or taken
// silently.
import { countDifference, formatQuantity, qty, toQuantityText } from '@factoring/domain';
import type { stockTakeSchema } from '@factoring/domain/contract';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { goods, stockTakes, type StockTakeLine } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { createTask } from '../../bpm/index.ts';
import { locationIn, ownWarehouse } from '../access.ts';
import { quantityFor } from '../movement-input.ts';
import { lockPositions, nextNumber, type Actor } from '../stock-ledger.ts';

export const STOCK_TAKE_TASK = 'WAREHOUSE_STOCK_TAKE';

export async function submitStockTake(tx: Tx, scope: EnterpriseScope, input: z.output<typeof stockTakeSchema>, actor: Actor) {
  const warehouse = await ownWarehouse(tx, scope, input.warehouseId);
  const location = await locationIn(tx, warehouse.id, input.locationId);
  const ids = input.lines.map((l) => l.positionId);
  if (new Set(ids).size !== ids.length) throw new BusinessError('同一库存不能重复盘点', 'STOCK_TAKE_DUPLICATE');
  // Locked so the book quantities compared are the ones at this instant.
  const positions = await lockPositions(tx, ids);
  const goodsRows = await tx
    .select()
    .from(goods)
    .where(
      inArray(
        goods.id,
        [...positions.values()].map((p) => p.goodsId),
      ),
    );
  const names = await tx
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(
      inArray(
        enterpriseDirectory.id,
        [...positions.values()].map((p) => p.depositorId),
      ),
    );
  const lines: StockTakeLine[] = [];
  const fields = [];
  for (const line of input.lines) {
    const p = positions.get(line.positionId);
    if (!p || p.locationId !== location.id || p.warehouseId !== warehouse.id)
      throw new BusinessError('盘点的库存不在所选库位', 'POSITION_NOT_AT_LOCATION');
    const item = goodsRows.find((g) => g.id === p.goodsId)!;
    const counted = qty(line.counted).isZero() ? toQuantityText(qty(0)) : quantityFor(item, line.counted, '实盘数量');
    const book = toQuantityText(qty(p.available).plus(qty(p.pledged)).plus(qty(p.frozen)));
    const d = countDifference({ book, counted, available: p.available });
    lines.push({
      positionId: p.id,
      book,
      counted: toQuantityText(qty(counted)),
      difference: d.difference,
      available: p.available,
      touchesEncumbered: d.touchesEncumbered,
    });
    if (d.kind) {
      const depositor = names.find((n) => n.id === p.depositorId)?.name ?? '';
      fields.push({
        label: `${depositor} · ${item.name}${p.batchNo ? `（${p.batchNo}）` : ''}`,
        value: `账面 ${formatQuantity(book, item.scale)}${item.unit}，实盘 ${formatQuantity(counted, item.scale)}${item.unit}，${d.kind === 'ADJUST_GAIN' ? '盘盈' : '盘亏'} ${formatQuantity(qty(d.difference).abs().toFixed(3), item.scale)}${item.unit}${d.touchesEncumbered ? '（超过可用数量，涉及质押或仓单货物）' : ''}`,
      });
    }
  }
  const alert = lines.some((l) => l.touchesEncumbered);
  const takeNo = await nextNumber(tx, 'stockTake');
  const status = fields.length ? 'PENDING' : 'NO_DIFFERENCE';
  const [take] = await tx
    .insert(stockTakes)
    .values({
      takeNo,
      warehouseId: warehouse.id,
      locationId: location.id,
      status,
      countedOn: input.countedOn,
      lines,
      alert,
      note: input.note ?? null,
      createdBy: actor.id,
    })
    .returning();
  if (status === 'PENDING') {
    await createTask(tx, {
      type: STOCK_TAKE_TASK,
      subject: `${alert ? '【预警】' : ''}库存盘点调整：${warehouse.name} ${location.code}`,
      enterpriseId: scope.enterpriseId,
      refId: take!.id,
      data: { stockTakeId: take!.id, alert },
      fields: [
        { label: '盘点单号', value: takeNo },
        { label: '仓库 / 库位', value: `${warehouse.name} / ${location.code}` },
        { label: '盘点日期', value: input.countedOn },
        ...fields,
        ...(alert
          ? [{ label: '预警', value: '盘亏数量超过可用数量，涉及质押或仓单项下的货物：请先与融资方核实；系统不会自动冻结或扣减质押货物' }]
          : []),
      ],
      submittedBy: actor.id ? { id: actor.id, name: actor.name } : null,
    });
  }
  return { id: take!.id, takeNo, status, alert };
}
