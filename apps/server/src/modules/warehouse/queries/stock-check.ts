// Proves the quantity ledger (`npm run stock:check`; the API tests call it after every test).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

export interface StockReport {
  positions: number;
  movements: number;
  receipts: number;
  problems: string[];
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Every cached position equals the sum of its movements' deltas, bucket by bucket, and its movement
 * count, and carries its last recorded movement's date; no bucket is negative; each movement moves exactly its quantity (the deltas of a leg net to
 * +q, −q or 0 by its kind); live receipts are covered by frozen goods and pledged receipts by pledged
 * goods of their position; release orders never consume more than they allow.
 */
export async function checkStock(db: Db): Promise<StockReport> {
  const problems: string[] = [];
  const [totals] = rowsOf(
    await db.execute(sql`select (select count(*) from stock_positions)::bigint as positions,
                                (select count(*) from stock_movements)::bigint as movements,
                                (select count(*) from warehouse_receipts)::bigint as receipts`),
  );

  for (const r of rowsOf(
    await db.execute(sql`
      select p.id, p.available, p.pledged, p.frozen, p.movement_count,
             coalesce(m.a, 0) as a, coalesce(m.p, 0) as pl, coalesce(m.f, 0) as f, coalesce(m.n, 0)::bigint as n
      from stock_positions p
      left join (select position_id, sum(d_available) as a, sum(d_pledged) as p, sum(d_frozen) as f, count(*) as n
                 from stock_movements group by position_id) m on m.position_id = p.id
      where p.available <> coalesce(m.a, 0) or p.pledged <> coalesce(m.p, 0) or p.frozen <> coalesce(m.f, 0)
         or p.movement_count <> coalesce(m.n, 0) or p.available < 0 or p.pledged < 0 or p.frozen < 0
      order by p.id limit 100`),
  )) {
    problems.push(
      `库存 ${r.id}：缓存 可用 ${r.available} / 质押 ${r.pledged} / 冻结 ${r.frozen} / ${r.movement_count} 条，账簿合计 可用 ${r.a} / 质押 ${r.pl} / 冻结 ${r.f} / ${r.n} 条`,
    );
  }

  // The business date the inventory orders by is the day of the position's last recorded movement.
  for (const r of rowsOf(
    await db.execute(sql`
      select p.id, p.last_moved_on::text as stored, m.occurred_on::text as ledger
      from stock_positions p
      left join lateral (select occurred_on from stock_movements where position_id = p.id order by id desc limit 1) m on true
      where p.last_moved_on is distinct from m.occurred_on
      order by p.id limit 100`),
  )) {
    problems.push(`库存 ${r.id}：缓存的最近出入库日期 ${r.stored ?? '无'}，账簿最后一条流水的日期 ${r.ledger ?? '无'}`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select id, kind, quantity, d_available + d_pledged + d_frozen as net
      from stock_movements
      where not (
        (kind in ('IN','MOVE_IN','ADJUST_GAIN','ENDORSE_IN') and d_available + d_pledged + d_frozen = quantity)
        or (kind in ('OUT','MOVE_OUT','ADJUST_LOSS','ENDORSE_OUT') and d_available + d_pledged + d_frozen = -quantity)
        or (kind in ('PLEDGE','RELEASE','FREEZE','UNFREEZE','RECEIPT_ISSUE','RECEIPT_CANCEL','RECEIPT_PLEDGE','RECEIPT_RELEASE')
            and d_available + d_pledged + d_frozen = 0 and abs(d_available) + abs(d_pledged) + abs(d_frozen) = 2 * quantity)
      )
      order by id limit 50`),
  )) {
    problems.push(`库存流水 ${r.id}（${r.kind}）的增减 ${r.net} 与数量 ${r.quantity} 不符`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select p.id, p.frozen, p.pledged,
             coalesce(sum(r.quantity) filter (where r.status = 'LIVE'), 0) as live,
             coalesce(sum(r.quantity) filter (where r.status in ('PLEDGED','CANCEL_PENDING')), 0) as pledged_receipts
      from stock_positions p join warehouse_receipts r on r.position_id = p.id
      group by p.id, p.frozen, p.pledged
      having coalesce(sum(r.quantity) filter (where r.status = 'LIVE'), 0) > p.frozen
          or coalesce(sum(r.quantity) filter (where r.status in ('PLEDGED','CANCEL_PENDING')), 0) > p.pledged`),
  )) {
    problems.push(`库存 ${r.id}：有效仓单 ${r.live} 超过冻结 ${r.frozen}，或质押仓单 ${r.pledged_receipts} 超过质押 ${r.pledged}`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select r.id, r.receipt_no from warehouse_receipts r join stock_positions p on p.id = r.position_id
      where r.holder_id <> p.depositor_id or r.warehouse_id <> p.warehouse_id limit 20`),
  )) {
    problems.push(`仓单 ${r.receipt_no} 的持有人或仓库与其库存不一致`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select o.order_no, o.consumed, coalesce(u.used, 0) as used
      from release_orders o
      left join (select reference, sum(quantity) as used from stock_movements where kind = 'OUT' and reference like 'RELEASE_ORDER:%' group by reference) u
        on u.reference = 'RELEASE_ORDER:' || o.id
      where o.consumed <> coalesce(u.used, 0)`),
  )) {
    problems.push(`放货指令 ${r.order_no} 已提 ${r.consumed} ≠ 出库合计 ${r.used}`);
  }

  return { positions: Number(totals!.positions), movements: Number(totals!.movements), receipts: Number(totals!.receipts), problems };
}
