// The dictionaries the pages' selects and labels read.
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Dictionaries for `/sys/dict/listData?type=`: statuses, types and labels. */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionary_type_value').on(t.type, t.value)],
);
