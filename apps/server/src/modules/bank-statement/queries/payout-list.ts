import type { PayoutBankStatus } from '@factoring/domain';
import type { Db, Tx } from '../../../db/client.ts';
import type { PageQuery } from '../../../lib/paging.ts';
import { payoutRows, payoutView } from '../payouts.ts';

export async function listPayouts(db: Db, q: PageQuery & { bankStatus?: PayoutBankStatus }) {
  const { rows, total } = await payoutRows(db, { status: q.bankStatus }, q);
  return { items: rows.map(payoutView), totalCount: total };
}

export async function payoutsToExport(db: Db | Tx) {
  return (await payoutRows(db, { status: 'EXECUTED' }, { page: 1, size: 1 })).total;
}
