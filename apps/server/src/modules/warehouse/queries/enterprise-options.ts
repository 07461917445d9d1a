// The enterprises a warehouse user picks from (a depositor to record stock for, an endorsee).
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';

/** Certified enterprises a warehouse user may record stock for or a holder may endorse to (not itself). */
export async function enterpriseOptions(db: Db, scope: Scope, keyword?: string) {
  const where: SQL[] = [eq(enterpriseDirectory.certified, true)];
  if (scope.kind === 'enterprise') where.push(ne(enterpriseDirectory.id, scope.enterpriseId));
  if (keyword)
    where.push(
      or(
        sql`${enterpriseDirectory.name} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        eq(enterpriseDirectory.uscc, keyword.toUpperCase()),
      )!,
    );
  return db
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
    .from(enterpriseDirectory)
    .where(and(...where))
    .orderBy(asc(enterpriseDirectory.name))
    .limit(50);
}
