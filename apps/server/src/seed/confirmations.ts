import { addDays, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import {
  assignmentNotices,
  bpmTasks,
  contracts,
  creditLines,
  financedAssets,
  financings,
  invoices,
  platforms,
  users,
} from '../db/schema/index.ts';
import { decideTask, taskRegistry, type TaskOperator } from '../modules/bpm/index.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import { runStep } from '../jobs/close-of-business.ts';
import { chinaToday } from '../lib/clock.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import {
  acknowledgeNotice,
  BUILT_IN_RECEIVABLES,
  confirmReceivables,
  disputeReceivables,
  noticeSignHook,
  noticeTaskTypes,
  NOTICE_TASK,
} from '../modules/receivables/index.ts';
import {
  applyInvoiceFinancing,
  onFinancingContractSigned,
  registerInvoice,
  SUPPLY_LOAN_TASK_TYPES,
  TASK,
} from '../modules/supplyloan/index.ts';
import { CLOSE_OF_BUSINESS_STEPS } from '../app.ts';
import { issueDemoInvoice } from './receivables.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';

/** A user of an enterprise acting in the demo (the password confirmation is the route's; the seed has no browser). */
export interface Acting {
  scope: EnterpriseScope;
  actor: { id: number; name: string; ip: string };
}

/** The demo user of a login as an acting party, or null when the demo world is not there. */
export async function actingOf(db: Db, login: string): Promise<Acting | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginName})`, login));
  if (!u?.enterpriseId) return null;
  return {
    scope: { kind: 'enterprise', enterpriseId: u.enterpriseId, userId: u.id, certified: true, warehouse: u.ckFlag === 'Y' },
    actor: { id: u.id, name: u.displayName, ip: '127.0.0.1' },
  };
}

/** The inbox with the notice's task type on the app's delivery port (the operators' decisions below). */
const noticeTasks = () => taskRegistry([...SUPPLY_LOAN_TASK_TYPES, ...noticeTaskTypes(BUILT_IN_RECEIVABLES)]);

async function decide(db: Db, type: string, refId: number, by: TaskOperator, decision: 'APPROVE' | 'REJECT', text: string) {
  const [task] = await db
    .select({ id: bpmTasks.id })
    .from(bpmTasks)
    .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
  if (!task) throw new Error(`demo: no pending ${type} task for ${refId}`);
  await decideTask(db, noticeTasks(), task.id, by, decision, text);
}

/** The live notice of assignment of an invoice financing, or null (an order loan has none). */
async function noticeOf(db: Db, financingId: number) {
  const [n] = await db
    .select()
    .from(assignmentNotices)
    .where(
      and(
        eq(assignmentNotices.product, 'INVOICE'),
        eq(assignmentNotices.financingId, financingId),
        eq(assignmentNotices.kind, 'ASSIGNMENT'),
        ne(assignmentNotices.status, 'VOID'),
      ),
    );
  return n ?? null;
}

/** The supplier signs the notice of assignment drawn up at the approval, as it would in its contract list. */
export async function signNotice(db: Db, financingId: number, supplier: Acting) {
  const notice = await noticeOf(db, financingId);
  if (!notice?.contractId || notice.status !== 'DRAWN') return;
  await inTransaction(db, async (tx) => {
    const signed = await recordSignature(tx, {
      contractId: notice.contractId!,
      scope: supplier.scope,
      signerName: supplier.actor.name,
      ip: supplier.actor.ip,
    });
    await noticeSignHook(tx, String(notice.id), signed);
  });
}

/** The operator countersigns the signed notice: sent at once (明保理) or held (暗保理). */
export async function countersignNotice(db: Db, financingId: number, operator: TaskOperator) {
  const notice = await noticeOf(db, financingId);
  if (notice?.status !== 'SIGNED') return;
  await decide(db, NOTICE_TASK, notice.id, operator, 'APPROVE', '转让通知书要素齐全，会签');
}

/** The debtor confirms every invoice of the financing it has not answered about yet (one batch, one password). */
export async function confirmOwed(db: Db, financingId: number, debtor: Acting) {
  const assets = await db
    .select({ id: financedAssets.id })
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, 'INVOICE'),
        eq(financedAssets.financingId, financingId),
        eq(financedAssets.debtorEnterpriseId, debtor.scope.enterpriseId),
        inArray(financedAssets.status, ['HELD', 'FUNDED']),
      ),
    )
    .orderBy(asc(financedAssets.id));
  if (!assets.length) return;
  await inTransaction(db, (tx) =>
    confirmReceivables(
      tx,
      debtor.scope,
      debtor.actor,
      assets.map((a) => a.id),
    ),
  );
}

/** The debtor acknowledges the notice of assignment it received. */
export async function acknowledgeReceived(db: Db, financingId: number, debtor: Acting) {
  const notice = await noticeOf(db, financingId);
  if (notice?.status !== 'SENT') return;
  await inTransaction(db, (tx) => acknowledgeNotice(tx, debtor.scope, notice.id, debtor.actor));
}

/**
 * Everything the debtor's part asks before an approved invoice financing may be paid out, through the
 * operations: the supplier signs the notice, the operator countersigns it (sent in the portal to the debtor
 * of a disclosed platform), the debtor confirms its invoices with a signed 确认函 and acknowledges the notice.
 */
export async function clearAssignment(db: Db, financingId: number, p: { supplier: Acting; debtor: Acting; operator: TaskOperator }) {
  await signNotice(db, financingId, p.supplier);
  await countersignNotice(db, financingId, p.operator);
  await confirmOwed(db, financingId, p.debtor);
  await acknowledgeReceived(db, financingId, p.debtor);
}

/** The close of business's notice step for a date, as it ran that evening (release notices go out). */
export async function dispatchNotices(db: Db, date: IsoDate = chinaToday()) {
  const step = CLOSE_OF_BUSINESS_STEPS.find((s) => s.name === 'receivables-notices');
  if (step) await runStep(db, step, date);
}

const yuan = (n: number) => Math.round(n * 100) as Cents;

/** The applicant signs its financing contract, as it would in its contract list. */
async function signFinancingContract(db: Db, financingId: number, who: Acting) {
  await inTransaction(db, async (tx) => {
    const [c] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(financingId))));
    await recordSignature(tx, { contractId: c.id, scope: who.scope, signerName: who.actor.name, ip: who.actor.ip });
    await onFinancingContractSigned(tx, who.scope, financingId, who.actor);
  });
}

/**
 * The debtor's part in the demo world (issue 36), through the real operations; the confirmed receivable with
 * its signed letter and the acknowledged disclosed notice are the financing disbursed today (seed/supplyloan.ts),
 * the receivable waiting for confirmation the submitted one. Here: 江苏安储's receivable its debtor 浙江远航 disputed (its
 * financing stays submitted: the approval is refused), and on the 中建材 platform (暗保理) 浙江远航's own invoice
 * financing approved, its notice signed and countersigned — held, to be sent if the financing falls overdue.
 * Idempotent.
 */
export async function seedConfirmations(db: Db, today: IsoDate) {
  const [done] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, '80000401'));
  if (done) return;
  const demo = await actingOf(db, 'demo');
  const buyer = await actingOf(db, 'gouxiao');
  const [operatorUser] = await db.select().from(users).where(eq(users.loginName, 'operator'));
  if (!demo || !buyer || !operatorUser) return;
  const operator = { id: operatorUser.id, name: operatorUser.displayName };
  const lineOf = async (enterpriseId: number, code: string) =>
    (
      await db
        .select({ id: creditLines.id, coreId: platforms.coreEnterpriseId })
        .from(creditLines)
        .innerJoin(platforms, eq(platforms.id, creditLines.platformId))
        .where(and(eq(creditLines.enterpriseId, enterpriseId), eq(platforms.code, code)))
    )[0];
  const financed = async (who: Acting, line: { id: number; coreId: number }, n: number, amount: number, rate: number, purpose: string) => {
    const issued = {
      invoiceCode: '3100231130',
      invoiceNumber: String(80_000_000 + n),
      issueDate: addDays(today, -6),
      amount: yuan(amount),
      taxAmount: Math.round((yuan(amount) * 13) / 113) as Cents,
      dueDate: addDays(today, 84),
    };
    await issueDemoInvoice(db, { sellerId: who.scope.enterpriseId, buyerId: line.coreId, ...issued });
    const row = await registerInvoice(
      db,
      who.scope,
      who.actor,
      { ...issued, buyerEnterpriseId: line.coreId },
      today,
      BUILT_IN_RECEIVABLES.verifier,
    );
    await decide(db, TASK.INVOICE_VERIFY, row.id, operator, 'APPROVE', '发票真实有效，已查验');
    return applyInvoiceFinancing(
      db,
      who.scope,
      who.actor,
      { creditLineId: line.id, invoiceIds: [row.id], amount: yuan(amount * rate), termDays: 60, purpose },
      today,
    );
  };

  // 江苏安储's invoice 80000401 to 浙江远航 (its storage services): the debtor disputes it; the approval is refused
  // while it stands.
  const storage = await actingOf(db, 'cangchu');
  const storageLine = storage ? await lineOf(storage.scope.enterpriseId, DEMO_PLATFORM_CODES.supply) : undefined;
  if (storage && storageLine) {
    const disputed = await financed(storage, storageLine, 401, 180_000, 0.8, '支付仓库改造工程款');
    await signFinancingContract(db, disputed.id, storage);
    const [asset] = await db
      .select({ id: financedAssets.id })
      .from(financedAssets)
      .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.financingId, disputed.id)));
    await inTransaction(db, (tx) =>
      disputeReceivables(
        tx,
        buyer.scope,
        buyer.actor,
        [asset.id],
        '服务异议：十月仓储费按合同应按实际仓容计费，发票金额与对账单不符，暂不确认该笔应付账款',
      ),
    );
  }

  // 浙江远航's own invoice 80000402 to 中建材 (暗保理 platform): approved, the notice signed and countersigned — held.
  const zj = await lineOf(buyer.scope.enterpriseId, DEMO_PLATFORM_CODES.open);
  if (zj) {
    const held = await financed(buyer, zj, 402, 260_000, 0.7, '采购钢材');
    await signFinancingContract(db, held.id, buyer);
    await decide(db, TASK.FINANCING_APPROVAL, held.id, operator, 'APPROVE', '资料齐全，同意融资（暗保理）');
    await signNotice(db, held.id, buyer);
    await countersignNotice(db, held.id, operator);
  }
  // The financing another factor's earlier registration stops (seed/registry.ts): its debtor's part is done, so the
  // registry's conflict is what the disbursement drawer shows.
  const drawn = await db
    .select({ financingId: assignmentNotices.financingId })
    .from(assignmentNotices)
    .where(
      and(
        eq(assignmentNotices.kind, 'ASSIGNMENT'),
        eq(assignmentNotices.status, 'DRAWN'),
        eq(assignmentNotices.supplierEnterpriseId, demo.scope.enterpriseId),
      ),
    );
  for (const { financingId } of drawn) await clearAssignment(db, financingId, { supplier: demo, debtor: buyer, operator });
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(financings)
    .where(inArray(financings.status, ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED']));
  if (n < 2) throw new Error(`confirmations seed: expected the disputed and the held financings, found ${n} open`);
}
