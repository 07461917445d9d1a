import { createHash, randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { EXTENSIONS, type SniffedType } from './sniff.ts';
import * as clock from '../../lib/clock.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const uploadsRoot = (dataDir: string) => path.resolve(dataDir, 'uploads');

/** A display name from the browser's file name: no folders, no control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  return (clean || '未命名文件').slice(-120);
}

export interface StoredUpload {
  id: number;
  originalName: string;
  size: number;
  mimeType: SniffedType;
  sha256: string;
  purpose: string | null;
  createdAt: Date;
}

/**
 * Writes the bytes under a generated name (DATA_DIR/uploads/YYYY/MM/<uuid>.<ext>) and records them.
 * The file is removed again when the row cannot be written.
 */
export async function storeUpload(
  db: Db,
  dataDir: string,
  input: { bytes: Buffer; type: SniffedType; originalName: string; purpose: string | null; enterpriseId: number | null; userId: number },
): Promise<StoredUpload> {
  const now = clock.now();
  const relative = path.posix.join(
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
    `${randomUUID()}${EXTENSIONS[input.type]}`,
  );
  const absolute = path.join(uploadsRoot(dataDir), relative);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, input.bytes, { flag: 'wx', mode: 0o640 });
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        enterpriseId: input.enterpriseId,
        uploadedBy: input.userId,
        originalName: input.originalName,
        size: input.bytes.length,
        mimeType: input.type,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storedName: relative,
        purpose: input.purpose,
      })
      .returning();
    return {
      id: row.id,
      originalName: row.originalName,
      size: row.size,
      mimeType: row.mimeType,
      sha256: row.sha256,
      purpose: row.purpose,
      createdAt: row.createdAt,
    };
  } catch (err) {
    await unlink(absolute).catch(() => undefined);
    throw err;
  }
}

/**
 * An upload the scope may see: the owner enterprise's users and operators. Anyone else gets
 * undefined, exactly as for a missing id (the route answers 404 either way).
 */
export async function findVisibleUpload(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), ownedBy(scope, uploads.enterpriseId)))
    .limit(1);
  return row;
}

/** The scope's own uploads among `ids` (for a submission that references files). */
export async function ownUploads(db: Db, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: uploads.id, originalName: uploads.originalName, mimeType: uploads.mimeType, size: uploads.size })
    .from(uploads)
    .where(and(ownedBy(scope, uploads.enterpriseId), inArray(uploads.id, ids)));
}

export async function uploadsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: uploads.id, originalName: uploads.originalName, mimeType: uploads.mimeType, size: uploads.size })
    .from(uploads)
    .where(inArray(uploads.id, ids));
}
