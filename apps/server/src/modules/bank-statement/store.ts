import { formatChinaDateTime, formatYuan, statementLineLifecycle } from '@factoring/domain';
import { MATCH_KIND_LABELS, type MatchKind } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines } from '../../db/schema/index.ts';
import { ledgerAccountDirectory } from '../ledger/index.ts';
import { readSiteConfig } from '../system/index.ts';
import { normalAccount } from './parse/parsed.ts';

export type StatementLine = typeof bankStatementLines.$inferSelect;

/** The funds' task of a deposit recorded for a virtual account: the matcher ties a credit naming the account to it. */
export const DEPOSIT_TASK_TYPE = 'FUNDS_DEPOSIT';

/** The factor's collection account (site configuration): the one account whose statements are imported. */
export async function collectionAccount(db: Db | Tx) {
  const { factoringAccount } = await readSiteConfig(db);
  return { ...factoringAccount, accountNo: normalAccount(factoringAccount.accountNo)! };
}

/** The ledger account of the factor's bank (BANK_CASH): what the statement is reconciled against. */
export async function bankCashAccountId(db: Db | Tx): Promise<number | null> {
  const [row] = await db
    .select({ id: ledgerAccountDirectory.id })
    .from(ledgerAccountDirectory)
    .where(eq(ledgerAccountDirectory.code, 'BANK_CASH'));
  return row?.id ?? null;
}

export const directionLabel = (d: 'CREDIT' | 'DEBIT') => (d === 'CREDIT' ? '贷（收入）' : '借（支出）');

/** A line in one sentence (the task drawer, suggestions). */
export function lineInWords(
  l: Pick<StatementLine, 'bookedAt' | 'direction' | 'amount' | 'counterpartyName' | 'counterpartyAccount' | 'memo' | 'remark' | 'serialNo'>,
) {
  const when = formatChinaDateTime(l.bookedAt);
  const parts = [
    `${when} ${l.direction === 'CREDIT' ? '收入' : '支出'} ¥${formatYuan(l.amount)}`,
    `${l.direction === 'CREDIT' ? '付款人' : '收款人'} ${l.counterpartyName ?? '—'}${l.counterpartyAccount ? `（${l.counterpartyAccount}）` : ''}`,
  ];
  const text = [l.memo, l.remark].filter(Boolean).join(' / ');
  if (text) parts.push(`摘要/附言 ${text}`);
  if (l.serialNo) parts.push(`流水号 ${l.serialNo}`);
  return parts.join(' · ');
}

/** A line as the contract answers it. */
export function lineView(l: StatementLine & { statementNo: string; decidedByName?: string | null }) {
  return {
    id: l.id,
    statementId: l.statementId,
    statementNo: l.statementNo,
    bookDate: l.bookDate,
    bookedAt: l.bookedAt.toISOString(),
    direction: l.direction,
    directionLabel: directionLabel(l.direction),
    amount: l.amount,
    balance: l.balance,
    counterpartyName: l.counterpartyName,
    counterpartyAccount: l.counterpartyAccount,
    counterpartyBank: l.counterpartyBank,
    memo: l.memo,
    remark: l.remark,
    serialNo: l.serialNo,
    subAccount: l.subAccount,
    status: l.status,
    statusLabel: statementLineLifecycle.label(l.status),
    matchKind: l.matchKind,
    matchLabel: l.matchLabel ?? (l.matchKind ? MATCH_KIND_LABELS[l.matchKind as MatchKind] : null),
    taskId: l.taskId,
    note: l.note,
    suggestion: l.suggestion,
    decidedByName: l.decidedByName ?? null,
    decidedAt: l.decidedAt?.toISOString() ?? null,
  };
}

/** Texts the payer wrote (memo, remark) and the sub-account, where a virtual account number or a reference may stand. */
export const wordsOf = (l: Pick<StatementLine, 'memo' | 'remark' | 'subAccount'>) =>
  [l.memo, l.remark, l.subAccount].filter(Boolean).join(' ');

/** Whether two parties are the same: the same account number, or — where either has none — the same name. */
export function samePayer(a: { name: string | null; account: string | null }, b: { name: string | null; account: string | null }): boolean {
  const [x, y] = [normalAccount(a.account), normalAccount(b.account)];
  if (x && y) return x === y;
  const [n, m] = [(a.name ?? '').trim(), (b.name ?? '').trim()];
  return n !== '' && n === m;
}
