import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankBranches, banks } from '../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';

/** A union bank number (联行号): twelve digits, the first three the bank code. */
export const UNION_BANK_NO = /^\d{12}$/;

/** LIKE pattern of a keyword: its own %, _ and \ match literally. */
export const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface BranchQuery extends PageQuery {
  bankCode?: string;
  cityCode?: string;
  keyword?: string;
}

export async function searchBranches(db: Db, q: BranchQuery) {
  const where: SQL[] = [];
  if (q.bankCode) where.push(eq(bankBranches.bankCode, q.bankCode));
  if (q.cityCode) where.push(eq(bankBranches.cityCode, q.cityCode));
  const keyword = q.keyword?.trim();
  if (keyword) {
    where.push(
      /^\d{3,12}$/.test(keyword)
        ? sql`${bankBranches.unionBankNo} like ${`${keyword}%`}`
        : sql`lower(${bankBranches.name}) like ${likePattern(keyword)}`,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        unionBankNo: bankBranches.unionBankNo,
        name: bankBranches.name,
        bankCode: bankBranches.bankCode,
        cityCode: bankBranches.cityCode,
      })
      .from(bankBranches)
      .where(filter)
      .orderBy(asc(bankBranches.name), asc(bankBranches.unionBankNo))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(bankBranches).where(filter),
  ]);
  return { items, totalCount: total };
}

export async function findBranch(db: Db, unionBankNo: string) {
  const [row] = await db
    .select({
      unionBankNo: bankBranches.unionBankNo,
      name: bankBranches.name,
      bankCode: bankBranches.bankCode,
      cityCode: bankBranches.cityCode,
      bankName: banks.shortName,
    })
    .from(bankBranches)
    .innerJoin(banks, eq(banks.code, bankBranches.bankCode))
    .where(eq(bankBranches.unionBankNo, unionBankNo))
    .limit(1);
  return row;
}

export async function listBanks(db: Db) {
  return db
    .select({ code: banks.code, name: banks.shortName, fullName: banks.name })
    .from(banks)
    .orderBy(asc(banks.sortOrder), asc(banks.code));
}

export async function findBank(db: Db, code: string) {
  const [row] = await db.select().from(banks).where(eq(banks.code, code)).limit(1);
  return row;
}
