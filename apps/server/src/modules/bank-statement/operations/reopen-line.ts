import type { Tx } from '../../../db/client.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Submitter } from '../../funds/index.ts';
import { lockLine, viewOf } from '../line-detail.ts';
import { link } from '../matching/confirmation.ts';
import { reconcileDates } from '../reconcile.ts';

/** An explanation withdrawn: the line is an exception again. */
export async function reopenLine(tx: Tx, operator: Submitter, id: number) {
  const line = await lockLine(tx, id);
  if (line.status !== 'EXPLAINED') throw new BusinessError('只能撤销已说明的流水', 'BANK_LINE_DECIDED');
  await link(tx, line, { status: 'UNMATCHED', note: null, decidedBy: operator.id, decidedAt: now() });
  await reconcileDates(tx, [line.bookDate]);
  return viewOf(tx, id);
}
