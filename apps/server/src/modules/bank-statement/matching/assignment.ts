// The import's matcher (matching, part 2): what each new line of a statement is — a receipt or a pay-out
// the ledger booked, a debtor's collection, a waiting transfer voucher, a deposit to a virtual account
// it names — found before the lines are stored, against candidates read once for the whole file.
import { addDays, chinaStartOfDay, formatYuan, statementLineLifecycle } from '@factoring/domain';
import { and, asc, eq, gte, inArray, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bankStatementLines, paymentBatchItems } from '../../../db/schema/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import type { DebtorCollectionSource, TransferVoucherBook } from '../../financing/index.ts';
import { submitDeposit, type Submitter } from '../../funds/index.ts';
import { journalEntryDirectory, journalLineDirectory, virtualAccountByNo } from '../../ledger/index.ts';
import { DEPOSIT_TASK_TYPE, samePayer, wordsOf, type StatementLine } from '../store.ts';
import {
  agreementOf,
  agreementWords,
  bankLedgerLineColumns,
  entryLabel,
  namedVirtualAccounts,
  notLinked,
  openLedgerLines,
  PAYOUT_WINDOW,
  RECEIPT_WINDOW,
  waitingVouchers,
} from './candidates.ts';
import { receiptLine, type LinkUpdate } from './confirmation.ts';

export type MatchOutcome = 'MATCHED' | 'PENDING' | 'UNMATCHED';

/** The pending 入金复核 task already recorded for this account and amount that no line has claimed (recorded from the receipt by hand). */
async function recordedDeposit(tx: Tx, accountNo: string, amount: number, claimed: ReadonlySet<number>) {
  const [task] = await tx
    .select({ id: taskDirectory.id })
    .from(taskDirectory)
    .where(
      and(
        eq(taskDirectory.type, DEPOSIT_TASK_TYPE),
        eq(taskDirectory.state, 'PENDING'),
        sql`${taskDirectory.data}->>'accountNo' = ${accountNo}`,
        sql`(${taskDirectory.data}->>'amount')::bigint = ${amount}`,
        notExists(sql`(select 1 from ${bankStatementLines} where ${bankStatementLines.taskId} = ${taskDirectory.id})`),
        claimed.size ? notInArray(taskDirectory.id, [...claimed]) : undefined,
      ),
    )
    .orderBy(asc(taskDirectory.id))
    .limit(1);
  return task ?? null;
}

/** A line about to be stored: what the matcher reads of it. */
export type NewLine = Pick<
  StatementLine,
  | 'amount'
  | 'bookDate'
  | 'bookedAt'
  | 'direction'
  | 'counterpartyName'
  | 'counterpartyAccount'
  | 'memo'
  | 'remark'
  | 'subAccount'
  | 'serialNo'
  | 'accountNo'
  | 'lineKey'
>;

/** What a new line is found to be: its status and link, written with the line when it is stored. */
export interface MatchDecision {
  outcome: MatchOutcome;
  set: Pick<LinkUpdate, 'status' | 'matchKind' | 'journalLineId' | 'taskId' | 'matchLabel' | 'suggestion'>;
}

type LedgerCandidate = Awaited<ReturnType<typeof openLedgerLines>>[number] & { side: 'D' | 'C' };

/**
 * What one import matches against, read once for all its lines (not once per line): the booked lines
 * of the factor's bank account no statement line has claimed, in the window around the file's dates,
 * with the payment-file references of the pay-outs among them, and the waiting transfer vouchers.
 * Lines claimed by this import are remembered here, so two lines never claim one ledger line or task.
 */
async function matchContext(
  tx: Tx,
  bankId: number | null,
  lines: NewLine[],
  sources: TransferVoucherBook,
  collections: readonly DebtorCollectionSource[],
) {
  const dates = lines.map((l) => l.bookDate).sort();
  let ledger: LedgerCandidate[] = [];
  const endToEnd = new Map<number, string>();
  if (bankId !== null && dates.length) {
    const from = chinaStartOfDay(addDays(dates[0], -Math.max(RECEIPT_WINDOW.before, PAYOUT_WINDOW.before)));
    const to = chinaStartOfDay(addDays(dates[dates.length - 1], Math.max(RECEIPT_WINDOW.after, PAYOUT_WINDOW.after) + 1));
    ledger = await tx
      .select(bankLedgerLineColumns)
      .from(journalLineDirectory)
      .innerJoin(journalEntryDirectory, eq(journalEntryDirectory.id, journalLineDirectory.entryId))
      .where(
        and(
          eq(journalLineDirectory.accountId, bankId),
          gte(journalLineDirectory.createdAt, from),
          lt(journalLineDirectory.createdAt, to),
          notLinked(),
        ),
      )
      .orderBy(asc(journalLineDirectory.id));
    const payouts = ledger.filter((l) => l.side === 'C').map((l) => l.id);
    for (let i = 0; i < payouts.length; i += 1000) {
      const items = await tx
        .select({ journalLineId: paymentBatchItems.journalLineId, endToEndId: paymentBatchItems.endToEndId })
        .from(paymentBatchItems)
        .where(inArray(paymentBatchItems.journalLineId, payouts.slice(i, i + 1000)));
      for (const it of items) endToEnd.set(it.journalLineId, it.endToEndId);
    }
  }
  const expected = [];
  for (const source of collections) expected.push(...(await source.expected(tx)));
  return {
    bankId,
    ledger,
    endToEnd,
    collections,
    expected,
    vouchers: await waitingVouchers(tx, sources),
    claimedLedger: new Set<number>(),
    claimedTasks: new Set<number>(),
  };
}
type MatchContext = Awaited<ReturnType<typeof matchContext>>;

/** openLedgerLines over the context: unclaimed, same side, exact amount (unless told), in the window, nearest first. */
function openIn(ctx: MatchContext, line: NewLine, opts: { exactAmount?: boolean } = {}) {
  const credit = line.direction === 'CREDIT';
  const window = credit ? RECEIPT_WINDOW : PAYOUT_WINDOW;
  const from = chinaStartOfDay(addDays(line.bookDate, -window.before)).getTime();
  const to = chinaStartOfDay(addDays(line.bookDate, window.after + 1)).getTime();
  const at = line.bookedAt.getTime();
  return ctx.ledger
    .filter(
      (e) =>
        e.side === (credit ? 'D' : 'C') &&
        (opts.exactAmount === false || e.amount === line.amount) &&
        e.createdAt.getTime() >= from &&
        e.createdAt.getTime() < to &&
        !ctx.claimedLedger.has(e.id),
    )
    .slice(0, 200)
    .sort((a, b) => Math.abs(a.createdAt.getTime() - at) - Math.abs(b.createdAt.getTime() - at));
}

const sameParty = (line: NewLine, e: { counterpartyName: string | null; counterpartyAccount: string | null }) =>
  samePayer(
    { name: line.counterpartyName, account: line.counterpartyAccount },
    { name: e.counterpartyName, account: e.counterpartyAccount },
  );

/**
 * A credit: (1) a receipt the ledger already booked (recorded from the bank receipt, or a voucher
 * confirmed earlier) of the same amount from the same payer; (2) a waiting transfer voucher that
 * agrees on amount, payer and reference — linked, for the operator who decides it; (3) a virtual
 * account named in the memo, remark or sub-account — recorded as that account's deposit by the
 * importing operator, credited only when another operator approves (four eyes). Otherwise it waits
 * as an exception, with what came close.
 */
async function matchCredit(tx: Tx, ctx: MatchContext, line: NewLine, importer: Submitter): Promise<MatchDecision> {
  const booked = openIn(ctx, line).find((e) => sameParty(line, e));
  if (booked) {
    ctx.claimedLedger.add(booked.id);
    return {
      outcome: 'MATCHED',
      set: { status: 'MATCHED', matchKind: 'RECEIPT', journalLineId: booked.id, matchLabel: entryLabel(booked), suggestion: null },
    };
  }
  const collected = await matchCollection(tx, ctx, line, importer);
  if (collected) return collected;
  const full = ctx.vouchers.filter((v) => {
    const a = agreementOf(line, v);
    return a.amount && a.payer && a.reference && v.taskId !== null;
  });
  if (full.length === 1) {
    const v = full[0];
    return {
      outcome: 'PENDING',
      set: {
        status: 'PENDING',
        matchKind: 'VOUCHER',
        taskId: v.taskId,
        matchLabel: `${v.label} · 任务 #${v.taskId}`,
        suggestion: null,
      },
    };
  }
  for (const accountNo of namedVirtualAccounts(line)) {
    const account = await virtualAccountByNo(tx, accountNo);
    if (!account) continue;
    const recorded = await recordedDeposit(tx, account.accountNo, line.amount, ctx.claimedTasks);
    const taskId =
      recorded?.id ??
      (
        await submitDeposit(tx, importer, {
          accountNo: account.accountNo,
          amount: line.amount as never,
          payerName: line.counterpartyName,
          payerAccountNo: line.counterpartyAccount,
          memo: `银行流水${line.serialNo ? ` ${line.serialNo}` : ''}${line.remark || line.memo ? `：${(line.remark || line.memo)!.slice(0, 150)}` : ''}`,
        })
      ).taskId;
    ctx.claimedTasks.add(taskId);
    return {
      outcome: 'PENDING',
      set: {
        status: 'PENDING',
        matchKind: 'DEPOSIT_TASK',
        taskId,
        matchLabel: `入金复核 #${taskId} · ${account.accountName} ${account.accountNo}`,
        suggestion: null,
      },
    };
  }
  // Nothing certain: say what came close, so whoever works the exception sees it at once.
  const hints: string[] = [];
  if (full.length > 1) hints.push(`有 ${full.length} 张凭证金额、付款人、附言都一致，请手工选择`);
  for (const v of ctx.vouchers) {
    const a = agreementOf(line, v);
    const agreeing = agreementWords(a);
    if (full.includes(v) || agreeing.length < 2) continue;
    const differs = [
      !a.amount && `金额相差 ¥${formatYuan(Math.abs(line.amount - v.amount))}`,
      !a.payer && '付款人不同',
      !a.reference && '附言未注明凭证或融资编号',
    ]
      .filter(Boolean)
      .join('，');
    hints.push(`${v.label}：${agreeing.join('、')}一致，${differs}`);
  }
  const looksLikeAccount = wordsOf(line).match(/6222\d{11}/g);
  if (looksLikeAccount && !namedVirtualAccounts(line).length)
    hints.push(`附言中的 ${looksLikeAccount[0]} 不是有效的虚拟账号（校验位不符）`);
  const other = openIn(ctx, line)[0];
  if (other) hints.push(`已入账的${entryLabel(other)}金额一致，付款人不同`);
  return { outcome: 'UNMATCHED', set: { status: 'UNMATCHED', suggestion: hints.length ? hints.slice(0, 3).join('；') : null } };
}

/**
 * A debtor paying a factored receivable (issue 36): the payer is the debtor by name and the remark names the
 * notice of assignment or the financing — exactly one expected collection. Its product books it (the receipt
 * and the settlement) in this transaction, and the line is matched to the receipt's bank line.
 */
async function matchCollection(tx: Tx, ctx: MatchContext, line: NewLine, importer: Submitter): Promise<MatchDecision | null> {
  if (ctx.bankId === null || !ctx.expected.length) return null;
  const words = wordsOf(line).toUpperCase();
  const found = ctx.expected.filter(
    (e) =>
      samePayer({ name: line.counterpartyName, account: null }, { name: e.payerName, account: null }) &&
      e.references.some((r) => words.includes(r.toUpperCase())),
  );
  if (found.length !== 1) return null;
  const source = ctx.collections.find((c) => c.source === found[0].source)!;
  const booked = await source.collect(
    tx,
    found[0],
    {
      amount: line.amount as never,
      payerName: line.counterpartyName,
      payerAccount: line.counterpartyAccount,
      reference: wordsOf(line).slice(0, 200),
      sourceKey: `${line.accountNo}:${line.lineKey}`,
      bookDate: line.bookDate,
    },
    importer,
  );
  const journalLineId = await receiptLine(tx, ctx.bankId, booked.entryId, line);
  return {
    outcome: 'MATCHED',
    set: { status: 'MATCHED', matchKind: 'RECEIPT', journalLineId, matchLabel: booked.label, suggestion: null },
  };
}

/**
 * A debit: an executed pay-out (a withdrawal's, a targeted payment's) of exactly the amount to the same
 * payee — the one whose payment file reference (EndToEndId) the line carries first. It is then paid.
 */
function matchDebit(ctx: MatchContext, line: NewLine, bankId: number | null): MatchDecision {
  if (bankId === null) return { outcome: 'UNMATCHED', set: { status: 'UNMATCHED', suggestion: null } };
  const open = openIn(ctx, line);
  const words = `${wordsOf(line)} ${line.serialNo ?? ''}`.toUpperCase();
  const payout =
    open.find((o) => {
      const ref = ctx.endToEnd.get(o.id);
      return ref !== undefined && words.includes(ref.toUpperCase());
    }) ?? open.find((e) => sameParty(line, e));
  if (payout) {
    ctx.claimedLedger.add(payout.id);
    return {
      outcome: 'MATCHED',
      set: { status: 'MATCHED', matchKind: 'PAYOUT', journalLineId: payout.id, matchLabel: entryLabel(payout), suggestion: null },
    };
  }
  const hints: string[] = [];
  if (open[0]) hints.push(`${entryLabel(open[0])} 金额一致，收款人不同`);
  const samePayee = openIn(ctx, line, { exactAmount: false }).find((e) => sameParty(line, e));
  if (samePayee) hints.push(`${entryLabel(samePayee)} 收款人一致，金额相差 ¥${formatYuan(Math.abs(samePayee.amount - line.amount))}`);
  return { outcome: 'UNMATCHED', set: { status: 'UNMATCHED', suggestion: hints.length ? hints.join('；') : '没有金额与收款人一致的出款' } };
}

/**
 * Finds what each new line of an import is (see matchCredit / matchDebit), in the bank's order, before
 * the lines are stored: the candidates are read once for the whole file and the decisions are written
 * with the lines themselves (a line starts UNMATCHED; MATCHED and PENDING are the machine's first steps).
 * Queries per line only where a line names a virtual account (it records a deposit for a second operator).
 */
export async function matchNewLines(
  tx: Tx,
  lines: NewLine[],
  bankId: number | null,
  importer: Submitter,
  sources: TransferVoucherBook,
  collections: readonly DebtorCollectionSource[] = [],
): Promise<MatchDecision[]> {
  const ctx = await matchContext(tx, bankId, lines, sources, collections);
  const out: MatchDecision[] = [];
  for (const line of lines) {
    const decision = line.direction === 'CREDIT' ? await matchCredit(tx, ctx, line, importer) : matchDebit(ctx, line, bankId);
    if (decision.set.status && decision.set.status !== 'UNMATCHED')
      statementLineLifecycle.assertTransition('UNMATCHED', decision.set.status);
    out.push(decision);
  }
  return out;
}
