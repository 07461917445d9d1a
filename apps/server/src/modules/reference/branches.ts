import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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

/**
 * The union bank number (联行号, the CNAPS code) of each branch name found exactly once in the branch
 * directory (a payment file names the payee's branch by it); a name absent or held by two branches is left out.
 */
export async function unionBankNosByName(db: Db | Tx, names: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ name: bankBranches.name, unionBankNo: bankBranches.unionBankNo })
    .from(bankBranches)
    .where(inArray(bankBranches.name, wanted));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  return new Map(rows.filter((r) => counts.get(r.name) === 1).map((r) => [r.name, r.unionBankNo]));
}
