// The risk desk's one query layer (issue 27): every live financing of every product with what it
// owes on a day, read from the products' own loan records through their own quotes — the supply
// loan's repayment quote, the pledge's accrual, the cloud loan's pay-off quote — so the desk shows
// exactly what the borrower's pages show, and keeps no second copy of any balance.
import { RISK_PRODUCT_LABELS, agingBucketOf, type RiskFinancing } from '@factoring/domain/contract';
import { compareIsoDates, daysBetween, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cloudLoanDrawdowns,
  cloudLoanInstalments,
  enterprises,
  financings,
  financingTranches,
  goods,
  platforms,
  pledgeFinancings,
  warehouses,
} from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { payoffQuote } from '../cloudloan/index.ts';
import { PLEDGE_LIVE_STATUSES, pledgeOwedOn } from '../pledge/index.ts';
import { quoteOf } from '../supplyloan/index.ts';

/**
 * A live financing on the desk, with the keys it is grouped by. `debtorId` is the one answer to "whose
 * receivables back it": the platform's core enterprise for a supply loan (invoice or order), null for a
 * goods pledge (the goods back it, no receivable is assigned — as its limit-gate addition says) and for
 * the bank's cloud loan. Exposure by debtor, the ratios and the limit gate all group by it and nothing else.
 */
export interface Position extends RiskFinancing {
  warehouseId: number | null;
  goodsId: number | null;
}

const debtor = alias(enterprises, 'debtor');

const position = (p: Omit<Position, 'productLabel' | 'bucket' | 'nonPerforming' | 'total'>): Position => {
  const bucket = agingBucketOf(p.daysPastDue);
  return {
    ...p,
    productLabel: RISK_PRODUCT_LABELS[p.product],
    total: p.principal + p.interest + p.penalty,
    bucket,
    nonPerforming: bucket === 'D90_PLUS',
  };
};

/** Supply loans (invoice and order) disbursed and not settled: their open tranches quoted on the day. */
async function supplyPositions(db: Db, asOf: IsoDate): Promise<Position[]> {
  const live = await db
    .select({ f: financings, borrowerName: enterprises.name, platformName: platforms.name, debtorId: debtor.id, debtorName: debtor.name })
    .from(financings)
    .innerJoin(enterprises, eq(enterprises.id, financings.enterpriseId))
    .innerJoin(platforms, eq(platforms.id, financings.platformId))
    .leftJoin(debtor, eq(debtor.id, platforms.coreEnterpriseId))
    .where(inArray(financings.status, ['DISBURSED', 'REPAYING']))
    .orderBy(asc(financings.id));
  if (!live.length) return [];
  const tranches = await db
    .select()
    .from(financingTranches)
    .where(
      and(
        inArray(
          financingTranches.financingId,
          live.map((l) => l.f.id),
        ),
        eq(financingTranches.status, 'DISBURSED'),
      ),
    )
    .orderBy(asc(financingTranches.dueDate), asc(financingTranches.seq));
  return live.map(({ f, borrowerName, platformName, debtorId, debtorName }) => {
    const open = tranches.filter((t) => t.financingId === f.id);
    const q = quoteOf(f, open, asOf);
    return position({
      product: f.kind,
      id: f.id,
      financingNo: f.financingNo,
      borrowerId: f.enterpriseId,
      borrowerName,
      debtorId,
      debtorName,
      platformId: f.platformId,
      platformName,
      warehouseId: null,
      warehouseName: null,
      goodsId: null,
      goodsName: null,
      dueDate: open.map((t) => t.dueDate!).sort()[0] ?? f.dueDate,
      daysPastDue: q.overdueDays,
      principal: q.principal,
      interest: q.interest,
      penalty: q.penalty,
    });
  });
}

/** Goods pledges disbursed and not settled: the pledge's own accrual on the day; no debtor. */
async function pledgePositions(db: Db, asOf: IsoDate): Promise<Position[]> {
  const live = await db
    .select({
      f: pledgeFinancings,
      borrowerName: enterprises.name,
      platformName: platforms.name,
      warehouseName: warehouses.name,
      goodsName: goods.name,
    })
    .from(pledgeFinancings)
    .innerJoin(enterprises, eq(enterprises.id, pledgeFinancings.enterpriseId))
    .innerJoin(platforms, eq(platforms.id, pledgeFinancings.platformId))
    .innerJoin(warehouses, eq(warehouses.id, pledgeFinancings.warehouseId))
    .innerJoin(goods, eq(goods.id, pledgeFinancings.goodsId))
    .where(inArray(pledgeFinancings.status, [...PLEDGE_LIVE_STATUSES]))
    .orderBy(asc(pledgeFinancings.id));
  return live.map(({ f, borrowerName, platformName, warehouseName, goodsName }) => {
    const owed = pledgeOwedOn(f, asOf);
    return position({
      product: 'PLEDGE',
      id: f.id,
      financingNo: f.financingNo,
      borrowerId: f.enterpriseId,
      borrowerName,
      // A goods pledge has no debtor: the platform's core enterprise is not its obligor.
      debtorId: null,
      debtorName: null,
      platformId: f.platformId,
      platformName,
      warehouseId: f.warehouseId,
      warehouseName,
      goodsId: f.goodsId,
      goodsName,
      dueDate: f.dueDate,
      daysPastDue: owed.overdueDays,
      principal: owed.principal,
      interest: owed.interest,
      penalty: owed.penalty,
    });
  });
}

/** The bank cloud loans not settled: the pay-off quote of the loan detail; days past due from the oldest unpaid instalment. */
async function cloudPositions(db: Db, asOf: IsoDate): Promise<Position[]> {
  const live = await db
    .select({ d: cloudLoanDrawdowns, borrowerName: enterprises.name })
    .from(cloudLoanDrawdowns)
    .innerJoin(enterprises, eq(enterprises.id, cloudLoanDrawdowns.enterpriseId))
    .where(inArray(cloudLoanDrawdowns.status, ['DRAWN', 'REPAYING']))
    .orderBy(asc(cloudLoanDrawdowns.id));
  if (!live.length) return [];
  const instalments = await db
    .select()
    .from(cloudLoanInstalments)
    .where(
      inArray(
        cloudLoanInstalments.drawdownId,
        live.map((l) => l.d.id),
      ),
    )
    .orderBy(asc(cloudLoanInstalments.period));
  return live.map(({ d, borrowerName }) => {
    const plan = instalments.filter((i) => i.drawdownId === d.id);
    const q = payoffQuote(d, plan, asOf);
    const oldest = plan.find((i) => i.status === 'PENDING');
    const late = oldest && compareIsoDates(asOf, oldest.dueDate) > 0 ? daysBetween(oldest.dueDate, asOf) : 0;
    return position({
      product: 'CLOUD',
      id: d.id,
      financingNo: d.drawdownNo,
      borrowerId: d.enterpriseId,
      borrowerName,
      debtorId: null,
      debtorName: null,
      platformId: null,
      platformName: null,
      warehouseId: null,
      warehouseName: null,
      goodsId: null,
      goodsName: null,
      dueDate: oldest?.dueDate ?? d.maturityDate,
      daysPastDue: late,
      principal: q.principal,
      interest: q.interest,
      penalty: q.penalty,
    });
  });
}

/** Every live financing on a day: the factor's book (supply and pledge) and the bank's book (cloud loans). */
export interface Book {
  factor: Position[];
  bank: Position[];
}

/** The book on the day. */
export async function bookOn(db: Db, asOf: IsoDate): Promise<Book> {
  const supply = await supplyPositions(db, asOf);
  const pledge = await pledgePositions(db, asOf);
  return { factor: [...supply, ...pledge], bank: await cloudPositions(db, asOf) };
}

/** The public shape of a position (the drill-down rows). */
export const financingView = ({ warehouseId: _w, goodsId: _g, ...p }: Position): RiskFinancing => p;
