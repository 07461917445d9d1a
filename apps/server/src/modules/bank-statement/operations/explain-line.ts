import type { Tx } from '../../../db/client.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Submitter } from '../../funds/index.ts';
import { lockLine, viewOf } from '../line-detail.ts';
import { link } from '../matching/confirmation.ts';
import { reconcileDates } from '../reconcile.ts';

/** An exception explained with a note (a bank fee, a transfer returned the same day …): it leaves the queue, and counts as the explained part of its day's difference. */
export async function explainLine(tx: Tx, operator: Submitter, id: number, note: string) {
  const line = await lockLine(tx, id);
  if (line.status !== 'UNMATCHED') throw new BusinessError('只能说明未匹配的流水', 'BANK_LINE_DECIDED');
  await link(tx, line, { status: 'EXPLAINED', note, decidedBy: operator.id, decidedAt: now() });
  await reconcileDates(tx, [line.bookDate]);
  return viewOf(tx, id);
}
