// The stock an enterprise chose to pledge (at application, in the trial, or to meet a margin call):
// each line is a quantity of its own position or a whole own live receipt, each chosen once.
import { compareQty } from '@factoring/domain';
import type { PledgeLineInput } from '@factoring/domain/contract';
import { and, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { stockPositionDirectory, type StockPosition, type WarehouseReceipt, warehouseReceiptDirectory } from '../warehouse/index.ts';

/** One resolved line: the position it draws on, the receipt it came from, the quantity pledged. */
export interface ChosenLine {
  positionId: number;
  receiptId: number | null;
  quantity: string;
}

export interface ChosenStock {
  /** Every position the lines touch (chosen directly or behind a receipt). */
  positions: StockPosition[];
  /** The positions chosen directly, by id. */
  direct: Map<number, StockPosition>;
  receipts: WarehouseReceipt[];
}

/**
 * Loads the chosen positions and receipts through the caller's scope and refuses a line chosen twice,
 * another enterprise's stock or receipt, or a receipt that is not live.
 */
export async function loadChosenStock(db: Db | Tx, scope: EnterpriseScope, input: readonly PledgeLineInput[]): Promise<ChosenStock> {
  const positionIds = input.flatMap((l) => ('positionId' in l ? [l.positionId] : []));
  const receiptIds = input.flatMap((l) => ('receiptId' in l ? [l.receiptId] : []));
  if (new Set(positionIds).size !== positionIds.length || new Set(receiptIds).size !== receiptIds.length)
    throw new BusinessError('同一笔库存或仓单只能选择一次', 'PLEDGE_DUPLICATE_LINE');
  const positions = positionIds.length
    ? await db
        .select()
        .from(stockPositionDirectory)
        .where(and(inArray(stockPositionDirectory.id, positionIds), ownedBy(scope, stockPositionDirectory.depositorId)))
    : [];
  if (positions.length !== positionIds.length) throw new BusinessError('库存记录不存在或不属于本企业', 'POSITION_NOT_FOUND');
  const receipts = receiptIds.length
    ? await db
        .select()
        .from(warehouseReceiptDirectory)
        .where(and(inArray(warehouseReceiptDirectory.id, receiptIds), ownedBy(scope, warehouseReceiptDirectory.holderId)))
    : [];
  if (receipts.length !== receiptIds.length) throw new BusinessError('仓单不存在或不属于本企业', 'RECEIPT_NOT_FOUND');
  for (const r of receipts) if (r.status !== 'LIVE') throw new BusinessError(`仓单 ${r.receiptNo} 当前不可质押`, 'RECEIPT_NOT_LIVE');
  const receiptPositions = receipts.length
    ? await db
        .select()
        .from(stockPositionDirectory)
        .where(
          inArray(
            stockPositionDirectory.id,
            receipts.map((r) => r.positionId),
          ),
        )
    : [];
  return { positions: [...positions, ...receiptPositions], direct: new Map(positions.map((p) => [p.id, p])), receipts };
}

/** The lines as pledged: a receipt pledges its whole quantity; a position no more than it has available (`tooMuch` words that refusal). */
export function chosenLines(
  input: readonly PledgeLineInput[],
  stock: ChosenStock,
  tooMuch: (position: StockPosition) => string,
): ChosenLine[] {
  return input.map((l): ChosenLine => {
    if ('positionId' in l) {
      const p = stock.direct.get(l.positionId)!;
      if (compareQty(l.quantity, p.available) > 0) throw new BusinessError(tooMuch(p), 'STOCK_NOT_AVAILABLE');
      return { positionId: p.id, receiptId: null, quantity: l.quantity };
    }
    const r = stock.receipts.find((x) => x.id === l.receiptId)!;
    return { positionId: r.positionId, receiptId: r.id, quantity: r.quantity };
  });
}
