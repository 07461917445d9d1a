import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { and } from 'drizzle-orm';

export type ApplicationRow = typeof cloudLoanApplications.$inferSelect;
export type DrawdownRow = typeof cloudLoanDrawdowns.$inferSelect;

/** Who acts: a user (with the request's IP) or the system's daily job. */
export interface Actor {
  id: number;
  name: string;
  ip?: string;
}

/** Locks an application of the scope (`FOR UPDATE`); 404 for another enterprise's. */
export async function lockApplication(tx: Tx, scope: Scope, id: number): Promise<ApplicationRow> {
  const [row] = await tx
    .select()
    .from(cloudLoanApplications)
    .where(and(eq(cloudLoanApplications.id, id), ownedBy(scope, cloudLoanApplications.enterpriseId)))
    .for('update');
  if (!row) throw new NotFoundError('云贷申请不存在');
  return row;
}

/** Locks a drawdown of the scope (`FOR UPDATE`); 404 for another enterprise's. */
export async function lockDrawdown(tx: Tx, scope: Scope, id: number): Promise<DrawdownRow> {
  const [row] = await tx
    .select()
    .from(cloudLoanDrawdowns)
    .where(and(eq(cloudLoanDrawdowns.id, id), ownedBy(scope, cloudLoanDrawdowns.enterpriseId)))
    .for('update');
  if (!row) throw new NotFoundError('云贷借款不存在');
  return row;
}

/** A business number: prefix + China date + the row id, e.g. YD20261123000012. */
export function businessNo(prefix: string, chinaDay: string, id: number): string {
  return `${prefix}${chinaDay.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}
