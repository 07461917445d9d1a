import { sql } from 'drizzle-orm';
import { FLOW_TYPE_LABELS, maskBankAccount, type FlowType } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBySql, type EnterpriseScope } from '../../../lib/scope.ts';
import { entryIdOfRef, journalEntryDirectoryAs, journalLineDirectoryAs, refNoOf } from '../../ledger/index.ts';

type Row = Record<string, unknown>;
const FEE_TYPES = new Set(['WITHDRAWAL_FEE', 'TRANSFER_FEE']);

/**
 * What one money movement did to the caller's account, by its reference number (the result page
 * after a reload). Only entries with a line on the caller's own account are found; any other is 404.
 */
export async function entrySummary(db: Db, scope: EnterpriseScope, refNo: string) {
  const entryId = entryIdOfRef(refNo.trim());
  if (!entryId) throw new NotFoundError('流水号不存在');
  const rows = (
    (await db.execute(sql`
      select e.kind, e.created_at, l.flow_type, l.side, l.amount, l.counterparty_name, l.counterparty_account
      from ${journalEntryDirectoryAs('e')} join ${journalLineDirectoryAs('l')} on l.entry_id = e.id
      where e.id = ${entryId} and ${ownedBySql(scope, sql.raw('l.enterprise_id'))} and l.bucket in ('AVAILABLE', 'CONTROLLED')
      order by l.id`)) as unknown as { rows: Row[] }
  ).rows;
  if (!rows.length || refNoOf(entryId, new Date(rows[0].created_at as string)) !== refNo.trim()) throw new NotFoundError('流水号不存在');
  const main = rows.find((r) => !FEE_TYPES.has(String(r.flow_type)))!;
  const fee = rows.filter((r) => FEE_TYPES.has(String(r.flow_type))).reduce((s, r) => s + Number(r.amount), 0);
  return {
    refNo: refNo.trim(),
    kind: String(rows[0].kind),
    flowType: String(main.flow_type),
    typeLabel: FLOW_TYPE_LABELS[String(main.flow_type) as FlowType] ?? String(main.flow_type),
    direction: main.side === 'C' ? ('IN' as const) : ('OUT' as const),
    amount: rows.filter((r) => !FEE_TYPES.has(String(r.flow_type))).reduce((s, r) => s + Number(r.amount), 0),
    fee,
    counterpartyName: (main.counterparty_name as string | null) ?? null,
    counterpartyAccount: main.counterparty_account ? maskBankAccount(String(main.counterparty_account)) : null,
    createdAt: new Date(rows[0].created_at as string).toISOString(),
  };
}
