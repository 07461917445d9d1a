// What a user enters for a stock movement, checked alike by every operation that takes it: a quantity in
// the goods' unit, the zone (库区) a location takes, the attachments.
import { parseQuantity, QuantityError, zoneRefusal } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { ownUploads } from '../uploads/index.ts';

/** A user quantity checked against the goods' unit decimals (pieces are whole numbers). */
export function quantityFor(goodsRow: { scale: number }, input: string, label: string): string {
  try {
    return parseQuantity(input, goodsRow.scale, label);
  } catch (err) {
    if (err instanceof QuantityError) throw new BusinessError(err.message, err.code);
    throw err;
  }
}

/** Goods go only into a zone (库区) of their category (a location named `钢材库区` takes only 钢材). */
export function assertZone(
  location: { code: string; name: string | null },
  acceptedCategories: string,
  item: { name: string; category: string },
): void {
  const refusal = zoneRefusal(location, acceptedCategories, item);
  if (refusal) throw new BusinessError(refusal, 'LOCATION_ZONE_MISMATCH');
}

/** Attachments (weigh note, quality certificate) must be the warehouse company's own uploads. */
export async function checkAttachments(tx: Tx, scope: EnterpriseScope, ids: number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(ids ?? [])];
  if (!wanted.length) return [];
  const found = await ownUploads(tx, scope, wanted);
  if (found.length !== wanted.length) throw new BusinessError('附件不存在或不属于本企业，请重新上传', 'ATTACHMENT_NOT_FOUND');
  return wanted;
}
