import type { catalogueInputSchema } from '@factoring/domain/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { psGoods } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';

const view = (g: typeof psGoods.$inferSelect) => ({
  id: g.id,
  name: g.name,
  spec: g.spec || null,
  unit: g.unit,
  taxRatePpm: g.taxRatePpm,
  unitPrice: g.unitPrice,
});

/** The enterprise's goods catalogue, by name. */
export async function listGoods(db: Db, scope: EnterpriseScope) {
  const rows = await db
    .select()
    .from(psGoods)
    .where(ownedBy(scope, psGoods.enterpriseId))
    .orderBy(asc(psGoods.name), asc(psGoods.id))
    .limit(500);
  return rows.map(view);
}

/** Adds goods to the catalogue; the same name and specification twice is refused. */
export async function addGoods(db: Db, scope: EnterpriseScope, input: z.output<typeof catalogueInputSchema>) {
  const [row] = await db
    .insert(psGoods)
    .values({
      enterpriseId: scope.enterpriseId,
      name: input.name,
      spec: input.spec ?? '',
      unit: input.unit,
      taxRatePpm: input.taxRatePpm,
      unitPrice: input.unitPrice ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new BusinessError('商品目录中已有同名同规格的商品', 'DUPLICATE_GOODS');
  return view(row);
}

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
