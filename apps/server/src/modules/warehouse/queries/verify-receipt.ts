// A receipt checked by what is printed on it (its content and hash: receipts.ts).
import { receiptLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { warehouseReceipts, warehouses } from '../../../db/schema/index.ts';
import { canonicalContent, readContent, sha256 } from '../receipts.ts';

/**
 * The verification page (issue 21): any logged-in user checks a receipt by what is printed on it —
 * its number and content hash. Only a matching pair is answered with what the receipt states (its
 * stored snapshot, as hashed) and its current status; any other pair learns nothing, not even whether
 * the number exists.
 */
export async function verifyReceipt(db: Db, receiptNo: string, hash: string) {
  const [row] = await db
    .select({ r: warehouseReceipts, warehouseName: warehouses.name })
    .from(warehouseReceipts)
    .innerJoin(warehouses, eq(warehouses.id, warehouseReceipts.warehouseId))
    .where(eq(warehouseReceipts.receiptNo, receiptNo.trim().toUpperCase()));
  const given = hash.trim().toLowerCase();
  const expected = row?.r.contentHash ?? '';
  const matches = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!row || !matches) return { ...NOTHING_KNOWN, receiptNo };
  const r = row.r;
  // Receipts made before snapshots were stored state what the catalogue says (the hash was made of it then).
  const content = r.content ?? (await db.transaction((tx) => canonicalContent(tx, r)));
  const stated = readContent(content);
  const [quantity, unit] = (stated.quantity ?? '').split(' ');
  return {
    found: true,
    receiptNo: r.receiptNo,
    hashMatches: sha256(content) === r.contentHash,
    status: r.status,
    statusLabel: receiptLifecycle.label(r.status),
    warehouseName: stated.warehouse ?? row.warehouseName,
    locationCode: stated.location ?? null,
    holderName: stated.holder ?? null,
    holderUscc: stated.holderUscc || null,
    goodsName: stated.goods ?? null,
    specification: stated.specification || null,
    batchNo: stated.batchNo ?? null,
    quantity: quantity ?? null,
    unit: unit ?? null,
    version: r.version,
    contentHash: r.contentHash,
    issuedAt: r.issuedAt.toISOString(),
  };
}

const NOTHING_KNOWN = {
  found: false,
  hashMatches: false,
  status: null,
  statusLabel: null,
  warehouseName: null,
  locationCode: null,
  holderName: null,
  holderUscc: null,
  goodsName: null,
  specification: null,
  batchNo: null,
  quantity: null,
  unit: null,
  version: null,
  contentHash: null,
  issuedAt: null,
};
