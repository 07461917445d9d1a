// The operators' desk of pledge release orders (放货单): every order a redemption made, whose goods
// they release, to whom, and how far the warehouse has executed it (/bpm/tasks → 质押放货单).
import type { PledgeReleaseOrderDeskQuery } from '@factoring/domain/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeFinancings } from '../../../db/schema/index.ts';
import {
  goodsDirectory,
  releaseOrderDirectory,
  releaseOrderFields,
  stockPositionDirectory,
  warehouseDirectory,
} from '../../warehouse/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';

/** Release orders belong to a pledge financing through their reference (`pledgeReference`: `PLEDGE:<id>`). */
const ofPledge = sql`${releaseOrderDirectory.reference} = 'PLEDGE:' || ${pledgeFinancings.id}`;

export async function releaseOrderDesk(db: Db, q: PledgeReleaseOrderDeskQuery) {
  const where = q.status ? eq(releaseOrderDirectory.status, q.status) : undefined;
  const rows = await db
    .select({
      o: releaseOrderFields,
      financingId: pledgeFinancings.id,
      financingNo: pledgeFinancings.financingNo,
      enterpriseName: enterpriseDirectory.name,
      warehouseName: warehouseDirectory.name,
      goodsName: goodsDirectory.name,
      unit: goodsDirectory.unit,
      batchNo: stockPositionDirectory.batchNo,
    })
    .from(releaseOrderDirectory)
    .innerJoin(pledgeFinancings, ofPledge)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, pledgeFinancings.enterpriseId))
    .innerJoin(stockPositionDirectory, eq(stockPositionDirectory.id, releaseOrderDirectory.positionId))
    .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, stockPositionDirectory.warehouseId))
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, stockPositionDirectory.goodsId))
    .where(where)
    .orderBy(desc(releaseOrderDirectory.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ total }] = await db.select({ total: count() }).from(releaseOrderDirectory).innerJoin(pledgeFinancings, ofPledge).where(where);
  return {
    items: rows.map((r) => ({
      id: r.o.id,
      orderNo: r.o.orderNo,
      financingId: r.financingId,
      financingNo: r.financingNo,
      enterpriseName: r.enterpriseName,
      warehouseName: r.warehouseName,
      goodsName: r.goodsName,
      unit: r.unit,
      batchNo: r.batchNo,
      quantity: r.o.quantity,
      consumed: r.o.consumed,
      status: r.o.status,
      receiver: r.o.receiver ?? null,
      createdAt: r.o.createdAt.toISOString(),
    })),
    totalCount: total,
  };
}
