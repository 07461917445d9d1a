import { inArray, sql } from 'drizzle-orm';
import {
  accountKey,
  assertBalanced,
  chinaWallClock,
  DomainError,
  isEnterpriseAccount,
  type AccountRef,
  type Bucket,
  type JournalDraft,
} from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';

export interface PostedEntry {
  entryId: number;
  refNo: string;
  createdAt: Date;
}

export interface LockedAccount {
  id: number;
  code: string;
  normalSide: 'D' | 'C';
  enterpriseId: number | null;
  bucket: Bucket | null;
  balance: number;
}

const SHORTFALL: Record<Bucket, string> = {
  AVAILABLE: '可用余额不足',
  CONTROLLED: '受控资金余额不足',
  FROZEN: '冻结金额不足',
  MARGIN: '保证金余额不足',
};

/** The reference number users see for an entry: 'LS' + date (China time) + the entry id. */
export function refNoOf(entryId: number, createdAt: Date): string {
  // Arithmetic on the China-time date rather than formatting an ISO string: every listed flow calls this.
  const china = chinaWallClock(createdAt);
  const ymd = china.getUTCFullYear() * 10_000 + (china.getUTCMonth() + 1) * 100 + china.getUTCDate();
  return `LS${ymd}${String(entryId).padStart(8, '0')}`;
}

/** Parses a reference number back to its entry id (or null). */
export function entryIdOfRef(refNo: string): number | null {
  const m = /^LS\d{8}(\d{8,})$/.exec(refNo);
  return m ? Number(m[1]) : null;
}

/**
 * Locks the given ledger accounts (`SELECT … FOR UPDATE`) in ascending id order — the one order every
 * transaction uses, so two postings never wait on each other in a cycle — and returns them by key.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, LockedAccount>> {
  const keys = [...new Set(refs.map(accountKey))];
  const rows = await tx
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      normalSide: ledgerAccounts.normalSide,
      enterpriseId: ledgerAccounts.enterpriseId,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, keys))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const byKey = new Map(rows.map((r) => [r.code, r]));
  for (const ref of refs) {
    if (!byKey.has(accountKey(ref))) {
      throw isEnterpriseAccount(ref)
        ? new BusinessError('该企业尚未开立虚拟账户，请先完成企业认证')
        : new Error(`factor account ${accountKey(ref)} missing`);
    }
  }
  return byKey;
}

/**
 * Writes one balanced journal entry: locks every account it touches, refuses it if an enterprise's
 * part would go below zero, inserts the entry and its lines, and moves the cached balances — all in
 * the caller's transaction.
 */
export async function postEntry(tx: Tx, draft: JournalDraft, opts: { createdBy?: number | null } = {}): Promise<PostedEntry> {
  try {
    assertBalanced(draft);
  } catch (err) {
    if (err instanceof DomainError) throw new BusinessError(err.message);
    throw err;
  }
  const accounts = await lockAccounts(
    tx,
    draft.lines.map((l) => l.account),
  );

  const deltas = new Map<number, { delta: number; lines: number }>();
  for (const line of draft.lines) {
    const account = accounts.get(accountKey(line.account))!;
    const change = line.side === account.normalSide ? line.amount : -line.amount;
    const d = deltas.get(account.id) ?? { delta: 0, lines: 0 };
    d.delta += change;
    d.lines += 1;
    deltas.set(account.id, d);
  }
  for (const account of accounts.values()) {
    const after = account.balance + (deltas.get(account.id)?.delta ?? 0);
    if (!Number.isSafeInteger(after)) throw new BusinessError('金额超出允许范围');
    if (account.enterpriseId !== null && after < 0) throw new BusinessError(SHORTFALL[account.bucket ?? 'AVAILABLE']);
  }

  const [entry] = await tx
    .insert(journalEntries)
    .values({ kind: draft.kind, memo: draft.memo ?? null, createdBy: opts.createdBy ?? null })
    .returning({ id: journalEntries.id, createdAt: journalEntries.createdAt });
  await tx.insert(journalLines).values(
    draft.lines.map((line) => {
      const account = accounts.get(accountKey(line.account))!;
      return {
        entryId: entry.id,
        accountId: account.id,
        side: line.side,
        amount: line.amount,
        enterpriseId: account.enterpriseId,
        bucket: account.bucket,
        flowType: line.flowType,
        counterpartyName: line.counterpartyName ?? null,
        counterpartyAccount: line.counterpartyAccount ?? null,
        memo: line.memo ?? null,
        createdAt: entry.createdAt,
      };
    }),
  );
  for (const [id, d] of [...deltas.entries()].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${d.delta}`, lineCount: sql`${ledgerAccounts.lineCount} + ${d.lines}` })
      .where(sql`${ledgerAccounts.id} = ${id}`);
  }
  return { entryId: entry.id, refNo: refNoOf(entry.id, entry.createdAt), createdAt: entry.createdAt };
}
