// The public site's content: the FAQ operators edit.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './timestamps.ts';

/** Questions and answers of `/trade/faq`, grouped, edited by operators. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    groupName: text('group_name').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown on the portal's product page among the highlights. */
    highlight: boolean('highlight').notNull().default(false),
    published: boolean('published').notNull().default(true),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    index('faqs_group_order')
      .on(t.groupName, t.sortOrder)
      .where(sql`${t.published}`),
  ],
);
