import { count, desc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import type { Mail } from './mailer.ts';

/** The outbox for operators, newest first. */
export async function listOutbox(db: Db, q: PageQuery) {
  const [items, [{ total }]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ total: count() }).from(outbox),
  ]);
  return { items, total };
}

/**
 * A mail kept in the outbox inside the caller's transaction (issue 36: the built-in notice delivery's
 * letter to a debtor without a portal user): it exists exactly when the act that wrote it committed.
 * Answers the outbox row's id, the mail's reference.
 */
export async function keepInOutbox(db: Db | Tx, mail: Mail): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ toAddress: mail.to, subject: mail.subject, body: mail.text, status: 'LOCAL' })
    .returning({ id: outbox.id });
  return row.id;
}
