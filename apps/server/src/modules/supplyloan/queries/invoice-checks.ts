import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { checksOf, checkView } from '../../receivables/index.ts';
import { invoiceSubject } from '../operations/invoice-verification.ts';

/** Every tax bureau check of one of the enterprise's invoices, newest first (issue 36): who, when, the answer. */
export async function invoiceChecksOf(db: Db, scope: Scope, invoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), ownedBy(scope, invoices.enterpriseId)));
  if (!row) throw new NotFoundError('发票不存在');
  const subject = await invoiceSubject(db, row);
  return (await checksOf(db, subject.invoiceKey)).map(checkView);
}
