import type { FaqInput } from '@factoring/domain/contract';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { now } from '../../lib/clock.ts';

/** `%`, `_` and `\` typed by a visitor are searched for literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Published questions grouped in their order, optionally those containing a keyword. */
export async function publishedFaqs(db: Db, keyword?: string) {
  const conditions: SQL[] = [eq(faqs.published, true)];
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const w of words) {
    const pattern = `%${likeEscape(w)}%`;
    conditions.push(or(ilike(faqs.question, pattern), ilike(faqs.answer, pattern), ilike(faqs.groupName, pattern))!);
  }
  const rows = await db
    .select()
    .from(faqs)
    .where(and(...conditions))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
  const groups: { group: string; items: { id: number; question: string; answer: string; highlight: boolean }[] }[] = [];
  for (const r of rows) {
    let g = groups.find((x) => x.group === r.groupName);
    if (!g) groups.push((g = { group: r.groupName, items: [] }));
    g.items.push({ id: r.id, question: r.question, answer: r.answer, highlight: r.highlight });
  }
  return groups;
}

export async function allFaqs(db: Db) {
  return db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

/** Saves what an operator wrote: plain text (the web renders it as text, never as HTML). */
export async function saveFaq(db: Db, input: FaqInput) {
  const { id, ...values } = input;
  if (id === undefined) {
    const [row] = await db.insert(faqs).values(values).returning();
    return row;
  }
  const [row] = await db
    .update(faqs)
    .set({ ...values, updatedAt: now() })
    .where(eq(faqs.id, id))
    .returning();
  if (!row) throw new NotFoundError();
  return row;
}

export async function deleteFaq(db: Db, id: number) {
  const deleted = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  if (!deleted.length) throw new NotFoundError();
}
