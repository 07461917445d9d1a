// The core of the quantity ledger: the one place that writes stock movements and updates the cached
// positions. Every operation of the module (and of the pledge module, through the service: service.ts) ends here,
// inside the caller's transaction.
import { applyMovement, chinaDate, qty, QuantityError, toQuantityText, type MovementKind, type PositionBuckets } from '@factoring/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goods, stockMovements, stockPositions } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { now } from '../../lib/clock.ts';

export type PositionRow = typeof stockPositions.$inferSelect;

/** Who did it, as written on every movement. */
export type { Actor } from '../../lib/actor.ts';

/** The identity of a position: one per (warehouse, location, depositor, goods, batch). */
export interface PositionKey {
  warehouseId: number;
  locationId: number;
  depositorId: number;
  goodsId: number;
  batchNo: string;
}

/** One leg of an operation: a movement of one position. */
export interface Leg {
  positionId: number;
  kind: MovementKind;
  quantity: string;
}

export interface OperationMeta {
  operationNo: string;
  occurredOn?: string;
  documentNo?: string | null;
  reference?: string | null;
  attachments?: number[];
  note?: string | null;
  actor: Actor;
}

const NUMBER_PREFIX = { operation: 'KC', receipt: 'CD', stockTake: 'PD', releaseOrder: 'FH' } as const;

/** A readable, unique number: prefix + China date + a sequence (KC20261123000042). */
export async function nextNumber(tx: Tx, kind: keyof typeof NUMBER_PREFIX): Promise<string> {
  const result = (await tx.execute(sql`select nextval('warehouse_number_seq')::bigint as n`)) as unknown as {
    rows: { n: number | string }[];
  };
  const n = String(result.rows[0]!.n).padStart(6, '0');
  return `${NUMBER_PREFIX[kind]}${chinaDate().replaceAll('-', '')}${n}`;
}

/** The position of a key, created empty if it does not exist yet (not locked). */
export async function ensurePosition(tx: Tx, key: PositionKey): Promise<number> {
  const { warehouseId, locationId, depositorId, goodsId, batchNo } = key;
  await tx.insert(stockPositions).values({ warehouseId, locationId, depositorId, goodsId, batchNo }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: stockPositions.id })
    .from(stockPositions)
    .where(
      and(
        eq(stockPositions.warehouseId, key.warehouseId),
        eq(stockPositions.locationId, key.locationId),
        eq(stockPositions.depositorId, key.depositorId),
        eq(stockPositions.goodsId, key.goodsId),
        eq(stockPositions.batchNo, key.batchNo),
      ),
    );
  return row!.id;
}

/**
 * Locks positions for update in ascending id order — the fixed order every operation uses, so two
 * operations touching the same positions never wait on each other in a cycle.
 */
export async function lockPositions(tx: Tx, ids: number[]): Promise<Map<number, PositionRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  const rows = await tx
    .select()
    .from(stockPositions)
    .where(inArray(stockPositions.id, unique))
    .orderBy(asc(stockPositions.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes an operation: locks its positions, checks every leg against the domain's bucket rules
 * (no bucket below zero), inserts one immutable movement per leg and updates each cached position in
 * the same transaction. A refused leg throws a BusinessError and writes nothing (the caller's
 * transaction rolls back).
 */
export async function postMovements(tx: Tx, legs: Leg[], meta: OperationMeta): Promise<number[]> {
  if (!legs.length) return [];
  const locked = await lockPositions(
    tx,
    legs.map((l) => l.positionId),
  );
  const units = await unitsOf(
    tx,
    [...locked.values()].map((p) => p.goodsId),
  );
  const state = new Map<number, PositionBuckets>();
  const rows: (typeof stockMovements.$inferInsert)[] = [];
  // One business date for every leg: it becomes each touched position's last-movement date below.
  const occurredOn = meta.occurredOn ?? chinaDate();
  for (const leg of legs) {
    const position = locked.get(leg.positionId);
    if (!position) throw new BusinessError('库存记录不存在', 'POSITION_NOT_FOUND');
    const before = state.get(position.id) ?? { available: position.available, pledged: position.pledged, frozen: position.frozen };
    let after: PositionBuckets;
    try {
      after = applyMovement(before, leg.kind, leg.quantity, units.get(position.goodsId) ?? '');
    } catch (err) {
      if (err instanceof QuantityError) throw new BusinessError(err.message, err.code);
      throw err;
    }
    state.set(position.id, after);
    rows.push({
      operationNo: meta.operationNo,
      positionId: position.id,
      warehouseId: position.warehouseId,
      depositorId: position.depositorId,
      goodsId: position.goodsId,
      kind: leg.kind,
      quantity: leg.quantity,
      dAvailable: diff(after.available, before.available),
      dPledged: diff(after.pledged, before.pledged),
      dFrozen: diff(after.frozen, before.frozen),
      occurredOn,
      documentNo: meta.documentNo ?? null,
      reference: meta.reference ?? null,
      attachments: meta.attachments ?? [],
      note: meta.note ?? null,
      actorId: meta.actor.id,
      actorName: meta.actor.name,
    });
  }
  const inserted = await tx.insert(stockMovements).values(rows).returning({ id: stockMovements.id });
  const counts = new Map<number, number>();
  for (const leg of legs) counts.set(leg.positionId, (counts.get(leg.positionId) ?? 0) + 1);
  // The positions are locked, so these movements are each position's last recorded ones: its business
  // date becomes theirs (the inventory's order, issue 38), in this same transaction.
  for (const [id, buckets] of state) {
    await tx
      .update(stockPositions)
      .set({
        ...buckets,
        movementCount: sql`${stockPositions.movementCount} + ${counts.get(id) ?? 0}`,
        lastMovedOn: occurredOn,
        updatedAt: now(),
      })
      .where(eq(stockPositions.id, id));
  }
  return inserted.map((r) => r.id);
}

const diff = (after: string, before: string) => toQuantityText(qty(after).minus(qty(before)));

async function unitsOf(tx: Tx, goodsIds: number[]): Promise<Map<number, string>> {
  if (!goodsIds.length) return new Map();
  const rows = await tx
    .select({ id: goods.id, unit: goods.unit })
    .from(goods)
    .where(inArray(goods.id, [...new Set(goodsIds)]));
  return new Map(rows.map((r) => [r.id, r.unit]));
}
