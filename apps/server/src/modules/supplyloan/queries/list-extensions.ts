import type { PageQuery } from '@factoring/domain/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financingExtensions, financings } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';

/** The extension requests in a scope (of some financings only, when given), oldest first. */
export async function extensionsOf(db: Db, scope: Scope, financingIds?: number[]) {
  const where = and(
    ownedBy(scope, financingExtensions.enterpriseId),
    financingIds ? inArray(financingExtensions.financingId, financingIds.length ? financingIds : [0]) : undefined,
  );
  return db
    .select({ ext: financingExtensions, financingNo: financings.financingNo })
    .from(financingExtensions)
    .innerJoin(financings, eq(financings.id, financingExtensions.financingId))
    .where(where)
    .orderBy(asc(financingExtensions.id))
    .then((rows) => rows.map((r) => ({ ...r.ext, financingNo: r.financingNo })));
}

/** The extension requests page of `/supplyloan/delayApply`: newest first. */
export async function extensionPage(db: Db, scope: Scope, q: PageQuery) {
  const rows = (await extensionsOf(db, scope)).reverse();
  return { items: rows.slice((q.page - 1) * q.size, q.page * q.size), totalCount: rows.length };
}
