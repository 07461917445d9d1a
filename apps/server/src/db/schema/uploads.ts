// The uploads area's table: every uploaded file's record.
import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { timestampNow } from './timestamps.ts';

/**
 * Uploaded files (licences, ID cards, vouchers): stored under DATA_DIR/uploads with a generated
 * name; the type is sniffed from the content. Served only to the owner enterprise and operators.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** Null for a file an operator uploaded. */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    originalName: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type', { enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    sha256: text('sha256').notNull(),
    /** Path relative to DATA_DIR/uploads. */
    storedName: text('stored_name').notNull().unique(),
    purpose: text('purpose'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('uploads_enterprise').on(t.enterpriseId, t.id)],
);
