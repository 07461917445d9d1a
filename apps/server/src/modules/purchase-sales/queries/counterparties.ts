import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';

/** Certified enterprises on the portal whose name contains the text: counterparties that can confirm orders themselves. */
export async function findCounterparties(db: Db, scope: EnterpriseScope, name: string) {
  const like = `%${name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(
      and(
        eq(enterpriseDirectory.certified, true),
        ne(enterpriseDirectory.id, scope.enterpriseId),
        sql`${enterpriseDirectory.name} ilike ${like}`,
      ),
    )
    .orderBy(asc(enterpriseDirectory.name))
    .limit(20);
}
