import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { enterprises } from '../../db/schema/index.ts';

/**
 * What certification does to an enterprise (issue 35, walls for tables): it locks the enterprise while it
 * works on its authentication or settlement account (submissions and decisions of one enterprise queue
 * up behind each other), and marks it certified under the name and credit code it approved. The account
 * area owns `enterprises`; others read them through `enterpriseDirectory`.
 */

/** The enterprise (name, credit code, certification), locked for the rest of the caller's transaction; undefined if none. */
export async function lockEnterprise(tx: Tx, enterpriseId: number) {
  const [enterprise] = await tx
    .select({
      id: enterprises.id,
      name: enterprises.name,
      uscc: enterprises.uscc,
      certified: enterprises.certified,
      certifiedAt: enterprises.certifiedAt,
    })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId))
    .for('update');
  return enterprise;
}

/** Marks the enterprise certified at `certifiedAt` under its approved name and credit code. */
export async function certifyEnterprise(tx: Tx, enterpriseId: number, approved: { name: string; uscc: string; certifiedAt: Date }) {
  await tx
    .update(enterprises)
    .set({ name: approved.name, uscc: approved.uscc, certified: true, certifiedAt: approved.certifiedAt })
    .where(eq(enterprises.id, enterpriseId));
}
