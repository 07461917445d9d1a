// The tax bureau's check of an invoice (issue 36, PRODUCT §13 发票查验): asked through the `InvoiceVerifier`
// port, compared with what was registered, and kept — every check, who asked, when, and the answer — with
// the invoice's natural key. A check after funding that finds the invoice void or reversed opens a dilution;
// one that finds a credit note (红字发票, 部分红冲) not known before opens a partial one (CREDITED).
import {
  formatYuan,
  INVOICE_CHECK_LABELS,
  invoiceKeyOf,
  invoiceLabel,
  isInvoiceRefusal,
  isNoAnswer,
  type Cents,
  type InvoiceCheckOutcome,
  type InvoiceCheckTrigger,
  type IsoDate,
} from '@factoring/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dilutions, financedAssets, invoiceChecks, type BureauFacts } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { Actor } from '../../lib/actor.ts';
import { invoiceKeys, type InvoiceRef } from './keys.ts';
import type { BureauAnswer, InvoiceVerifier } from './verifier.ts';

export type InvoiceCheck = typeof invoiceChecks.$inferSelect;

/** What is checked: an invoice as registered — seller and buyer (party keys: credit codes), code, number, date, amount. */
export interface CheckSubject {
  sellerKey: string;
  buyerKey: string;
  invoiceCode: string;
  invoiceNumber: string;
  issueDate: IsoDate;
  amount: number;
}

/** Invoices as another area holds them (seller and buyer by enterprise id) as the subjects of a check. */
export async function checkSubjects(db: Db | Tx, refs: readonly (InvoiceRef & { issueDate: IsoDate; amount: number })[]) {
  const keys = await invoiceKeys(db, refs);
  return refs.map((r, i): CheckSubject & { invoiceKey: string } => ({
    sellerKey: keys[i].sellerKey,
    buyerKey: keys[i].buyerKey,
    invoiceKey: keys[i].invoiceKey,
    invoiceCode: r.invoiceCode,
    invoiceNumber: r.invoiceNumber,
    issueDate: r.issueDate,
    amount: r.amount,
  }));
}

const keyOfSubject = (s: CheckSubject) =>
  invoiceKeyOf({ sellerKey: s.sellerKey, invoiceCode: s.invoiceCode, invoiceNumber: s.invoiceNumber });

/** What the bureau's credit notes took off an invoice and what remains, from its facts (none in an answer kept before them). */
export function creditOf(facts: BureauFacts | null | undefined): { credited: number; remaining: number } | null {
  if (!facts) return null;
  const credited = facts.credited ?? 0;
  return { credited, remaining: facts.remaining ?? facts.amount - credited };
}

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The outcome and its words, from the bureau's answer and what was registered. */
function judge(answer: BureauAnswer, label: string, declared: { sellerKey: string; buyerKey: string }) {
  switch (answer.kind) {
    case 'NOT_FOUND':
      return { outcome: 'NOT_FOUND' as const, problems: [], message: `税务局查无此票：发票 ${label}`, facts: null };
    case 'MISMATCH':
      return {
        outcome: 'MISMATCH' as const,
        problems: answer.problems,
        message: `税务局查验不一致：${answer.problems.join('；')}`,
        facts: null,
      };
    case 'QUOTA_EXCEEDED':
      return { outcome: 'QUOTA_EXCEEDED' as const, problems: [], message: answer.message, facts: null };
    case 'UNAVAILABLE':
      return { outcome: 'UNAVAILABLE' as const, problems: [], message: `税务局查验服务暂不可用：${answer.message}`, facts: null };
    case 'FOUND': {
      const f = answer.facts;
      const problems: string[] = [];
      if (!sameCode(f.sellerCreditCode, declared.sellerKey)) problems.push(`销售方纳税人识别号与税务局记录（${f.sellerName}）不一致`);
      if (!sameCode(f.buyerCreditCode, declared.buyerKey)) problems.push(`购买方纳税人识别号与税务局记录（${f.buyerName}）不一致`);
      if (problems.length) return { outcome: 'MISMATCH' as const, problems, message: `税务局查验不一致：${problems.join('；')}`, facts: f };
      const status = f.status as 'NORMAL' | 'VOID' | 'REVERSED';
      const at = f.statusDate ? `（${f.statusDate}）` : '';
      if (status === 'VOID') return { outcome: 'VOID' as const, problems: [], message: `税务局查验：发票 ${label} 已作废${at}`, facts: f };
      if (status === 'REVERSED')
        return { outcome: 'REVERSED' as const, problems: [], message: `税务局查验：发票 ${label} 已红冲${at}`, facts: f };
      const credit = creditOf(f)!;
      const credited =
        credit.credited > 0 ? `，已开红字发票 ${formatYuan(credit.credited)} 元，剩余 ${formatYuan(credit.remaining)} 元` : '';
      return {
        outcome: 'NORMAL' as const,
        problems: [],
        message: `税务局查验通过：发票 ${label} 状态正常（${f.sellerName} → ${f.buyerName}，价税合计 ${formatYuan(f.amount)} 元${credited}，开票日期 ${f.issueDate}）`,
        facts: f,
      };
    }
  }
}

/**
 * Checks one invoice with the tax bureau — the app's verifier (`ReceivablePorts.verifier`) — and keeps the answer. A verifier that throws is recorded as
 * UNAVAILABLE, never as a failure of the invoice; so is a refused quota (QUOTA_EXCEEDED). After funding,
 * a void or reversed answer opens a dilution on every funded holding of the invoice.
 */
export async function checkInvoice(
  db: Db | Tx,
  adapter: InvoiceVerifier,
  subject: CheckSubject,
  how: { trigger: InvoiceCheckTrigger; actor: Actor; today: IsoDate },
): Promise<InvoiceCheck> {
  const keys = { invoiceKey: keyOfSubject(subject), sellerKey: subject.sellerKey, buyerKey: subject.buyerKey };
  const label = invoiceLabel(subject.invoiceCode, subject.invoiceNumber);
  let answer: BureauAnswer;
  try {
    answer = await adapter.verify(
      {
        invoiceCode: subject.invoiceCode,
        invoiceNumber: subject.invoiceNumber,
        issueDate: subject.issueDate,
        amount: subject.amount as Cents,
      },
      { db, today: how.today },
    );
  } catch (err) {
    answer = { kind: 'UNAVAILABLE', message: err instanceof Error ? err.message : String(err) };
  }
  const verdict = judge(answer, label, keys);
  const [row] = await db
    .insert(invoiceChecks)
    .values({
      invoiceKey: keys.invoiceKey,
      invoiceCode: subject.invoiceCode,
      invoiceNumber: subject.invoiceNumber,
      declared: { issueDate: subject.issueDate, amount: subject.amount, sellerKey: keys.sellerKey, buyerKey: keys.buyerKey },
      trigger: how.trigger,
      outcome: verdict.outcome,
      bureau: verdict.facts as BureauFacts | null,
      problems: verdict.problems,
      message: verdict.message,
      verifier: adapter.name,
      actorId: how.actor.id,
      actorName: how.actor.name,
      checkedOn: how.today,
    })
    .returning();
  if (row.outcome === 'VOID' || row.outcome === 'REVERSED') await openDilutions(db, row);
  else if (row.outcome === 'NORMAL') await takeCredit(db, row);
  return row;
}

/**
 * A void or reversed invoice that money already went out against: one open dilution per funded holding — an
 * open credit note's dilution of the holding becomes this one (the invoice is gone now, not just part of it).
 */
async function openDilutions(db: Db | Tx, check: InvoiceCheck) {
  const funded = await db
    .select({ id: financedAssets.id })
    .from(financedAssets)
    .where(and(eq(financedAssets.assetKey, check.invoiceKey), eq(financedAssets.status, 'FUNDED')));
  if (!funded.length) return;
  const outcome = check.outcome as 'VOID' | 'REVERSED';
  await db
    .insert(dilutions)
    .values(funded.map((a) => ({ assetId: a.id, checkId: check.id, outcome, detectedOn: check.checkedOn })))
    .onConflictDoUpdate({
      target: dilutions.assetId,
      targetWhere: sql`${dilutions.status} = 'OPEN'`,
      set: { checkId: check.id, outcome, detectedOn: check.checkedOn },
      setWhere: sql`${dilutions.outcome} = 'CREDITED'`,
    });
}

/**
 * A normal answer that says credit notes took more off the invoice than its live holdings knew (issue 36):
 * each holding's `credited` is raised to it; a funded one — money went out against the whole — gets a partial
 * dilution (CREDITED) of what the new notes took off, added to its open one if it has one.
 */
async function takeCredit(db: Db | Tx, check: InvoiceCheck) {
  const credit = creditOf(check.bureau);
  if (!credit || credit.credited <= 0) return;
  const live = await db
    .select({ id: financedAssets.id, status: financedAssets.status, amount: financedAssets.amount, credited: financedAssets.credited })
    .from(financedAssets)
    .where(and(eq(financedAssets.assetKey, check.invoiceKey), ne(financedAssets.status, 'RELEASED')));
  for (const asset of live) {
    const credited = Math.min(asset.amount, credit.credited);
    if (credited <= asset.credited) continue;
    await db.update(financedAssets).set({ credited }).where(eq(financedAssets.id, asset.id));
    if (asset.status !== 'FUNDED') continue;
    const found = credited - asset.credited;
    await db
      .insert(dilutions)
      .values({ assetId: asset.id, checkId: check.id, outcome: 'CREDITED', credited: found, detectedOn: check.checkedOn })
      .onConflictDoUpdate({
        target: dilutions.assetId,
        targetWhere: sql`${dilutions.status} = 'OPEN'`,
        set: { checkId: check.id, credited: sql`${dilutions.credited} + ${found}`, detectedOn: check.checkedOn },
        setWhere: sql`${dilutions.outcome} = 'CREDITED'`,
      });
  }
}

/**
 * An operator verified by hand an invoice the bureau could not answer for (查无此票 — a 数电票 not yet
 * searchable —, its quota, its service): recorded as a check of its own, by name.
 */
export async function recordManualVerification(db: Db | Tx, subject: CheckSubject, operator: Actor, note: string | null, today: IsoDate) {
  const keys = { invoiceKey: keyOfSubject(subject), sellerKey: subject.sellerKey, buyerKey: subject.buyerKey };
  const [row] = await db
    .insert(invoiceChecks)
    .values({
      invoiceKey: keys.invoiceKey,
      invoiceCode: subject.invoiceCode,
      invoiceNumber: subject.invoiceNumber,
      declared: { issueDate: subject.issueDate, amount: subject.amount, sellerKey: keys.sellerKey, buyerKey: keys.buyerKey },
      trigger: 'OPERATOR',
      outcome: 'MANUAL',
      problems: [],
      message: `运营人员 ${operator.name} 人工核验通过${note ? `：${note}` : ''}`,
      verifier: 'manual',
      actorId: operator.id,
      actorName: operator.name,
      checkedOn: today,
    })
    .returning();
  return row;
}

/** The latest check of each invoice key (manual verifications included), one query. */
export async function latestChecks(db: Db | Tx, keys: readonly string[]): Promise<Map<string, InvoiceCheck>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectDistinctOn([invoiceChecks.invoiceKey])
    .from(invoiceChecks)
    .where(inArray(invoiceChecks.invoiceKey, [...new Set(keys)]))
    .orderBy(invoiceChecks.invoiceKey, desc(invoiceChecks.id));
  return new Map(rows.map((r) => [r.invoiceKey, r]));
}

/**
 * What the bureau's credit notes took off each invoice (issue 36), by invoice key, from its latest normal answer
 * (0 when it has none, or none with credit notes): the eligible amount of an invoice is its amount less this.
 */
export async function creditedOf(db: Db | Tx, keys: readonly string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectDistinctOn([invoiceChecks.invoiceKey], { invoiceKey: invoiceChecks.invoiceKey, bureau: invoiceChecks.bureau })
    .from(invoiceChecks)
    .where(and(inArray(invoiceChecks.invoiceKey, [...new Set(keys)]), eq(invoiceChecks.outcome, 'NORMAL')))
    .orderBy(invoiceChecks.invoiceKey, desc(invoiceChecks.id));
  return new Map(rows.map((r) => [r.invoiceKey, creditOf(r.bureau)?.credited ?? 0]));
}

/**
 * The eligible amount of each invoice (issue 36: the advance cap and the financing count it): its amount less
 * the credit notes the bureau last reported, with the credited part. Refused, in Chinese, when nothing remains.
 */
export async function eligibleInvoices<T extends InvoiceRef & { amount: number }>(db: Db | Tx, invoices: readonly T[]) {
  const keys = await invoiceKeys(db, invoices);
  const credited = await creditedOf(
    db,
    keys.map((k) => k.invoiceKey),
  );
  return invoices.map((invoice, i) => {
    const off = Math.min(invoice.amount, credited.get(keys[i].invoiceKey) ?? 0);
    if (off >= invoice.amount)
      throw new BusinessError(
        `发票 ${invoiceLabel(invoice.invoiceCode, invoice.invoiceNumber)} 已开具红字发票 ${formatYuan(off as Cents)} 元，剩余金额为 0，不能用于融资`,
        'INVOICE_NOTHING_REMAINS',
      );
    return { invoice, credited: off, eligible: invoice.amount - off };
  });
}

/** Every check of one invoice, newest first. */
export async function checksOf(db: Db | Tx, invoiceKey: string) {
  return db.select().from(invoiceChecks).where(eq(invoiceChecks.invoiceKey, invoiceKey)).orderBy(desc(invoiceChecks.id));
}

/**
 * Whether an invoice may be financed or paid out against on what the bureau said: its latest answer
 * (on or after `since` when given; manual verifications and no-answers aside) must not be void, reversed
 * or a mismatch; where the bureau has not answered (查无此票, its quota, its service) an operator's manual
 * verification must be on record. Null when it may; else the reason in Chinese.
 */
export function bureauProblem(history: readonly InvoiceCheck[], label: string, since?: IsoDate): string | null {
  const manual = history.some((c) => c.outcome === 'MANUAL');
  const answers = history.filter(
    (c) => c.outcome !== 'MANUAL' && !isNoAnswer(c.outcome as InvoiceCheckOutcome) && (!since || c.checkedOn >= since),
  );
  const latest = answers[0];
  if (latest) {
    const outcome = latest.outcome as InvoiceCheckOutcome;
    if (outcome === 'NORMAL') return null;
    if (isInvoiceRefusal(outcome)) return latest.message;
    return manual ? null : `发票 ${label} ${INVOICE_CHECK_LABELS[outcome]}，且无人工核验记录`;
  }
  if (manual) return null;
  const attempt = history.find((c) => c.outcome !== 'MANUAL' && (!since || c.checkedOn >= since));
  return attempt ? `发票 ${label} 税务局未作答（${attempt.message}），且无人工核验记录` : `发票 ${label} 尚未经税务局查验`;
}

/**
 * Today's pre-disbursement answer for each invoice (issue 36): checked with the bureau again today (trigger
 * PRE_DISBURSEMENT) unless it already was, in `db`, and what `bureauProblem` finds in its history — the one loop
 * behind both the gate and the drawer.
 */
async function preDisbursementAnswers(
  db: Db | Tx,
  verifier: InvoiceVerifier,
  subjects: readonly CheckSubject[],
  actor: Actor,
  today: IsoDate,
) {
  const answers: { label: string; problem: string | null; message: string }[] = [];
  for (const subject of subjects) {
    const label = invoiceLabel(subject.invoiceCode, subject.invoiceNumber);
    const invoiceKey = keyOfSubject(subject);
    let history = await checksOf(db, invoiceKey);
    if (!history.some((c) => c.trigger === 'PRE_DISBURSEMENT' && c.checkedOn === today && c.outcome !== 'QUOTA_EXCEEDED')) {
      await checkInvoice(db, verifier, subject, { trigger: 'PRE_DISBURSEMENT', actor, today });
      history = await checksOf(db, invoiceKey);
    }
    answers.push({ label, problem: bureauProblem(history, label, today), message: history[0].message });
  }
  return answers;
}

/**
 * The check just before money goes out (issue 36), in the disbursement's transaction: refused unless every
 * invoice passes `bureauProblem` today.
 */
export async function assertClearForDisbursement(
  tx: Tx,
  verifier: InvoiceVerifier,
  subjects: readonly CheckSubject[],
  actor: Actor,
  today: IsoDate,
) {
  for (const subject of subjects) {
    // One invoice at a time, so the first that fails stops the rest from being asked (the bureau's quota).
    const [answer] = await preDisbursementAnswers(tx, verifier, [subject], actor, today);
    if (answer.problem) throw new BusinessError(`放款前发票查验未通过：${answer.problem}`, 'INVOICE_NOT_CLEAR');
  }
}

/**
 * The check before disbursement as the disbursing operator opens the task (issue 36): each invoice not yet
 * checked for disbursement today is checked now, in its own statement — so the answer is kept even when
 * it stops the disbursement — and the drawer shows the answers.
 */
export async function preDisbursementFacts(
  db: Db,
  verifier: InvoiceVerifier,
  subjects: readonly CheckSubject[],
  actor: Actor,
  today: IsoDate,
) {
  return (await preDisbursementAnswers(db, verifier, subjects, actor, today)).map((a) => ({
    label: `放款前查验 ${a.label}`,
    value: a.problem ? `不能放款：${a.problem}` : a.message,
  }));
}
