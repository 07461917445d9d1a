import { addDays, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bpmTasks,
  contracts,
  creditLines,
  enterprises,
  financings,
  invoices,
  platforms,
  receivableRegistrations,
  users,
} from '../db/schema/index.ts';
import { atTime, chinaToday } from '../lib/clock.ts';
import { BusinessError } from '../lib/envelope.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { decideTask, taskRegistry } from '../modules/bpm/index.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import { BUILT_IN_RECEIVABLES, cancelRegistration, localRegistry, searchForFinancing } from '../modules/receivables/index.ts';
import {
  applyInvoiceFinancing,
  onFinancingContractSigned,
  registerInvoice,
  SUPPLY_LOAN_TASK_TYPES,
  TASK,
} from '../modules/supplyloan/index.ts';
import { issueDemoInvoice } from './receivables.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';
import { chinaInstant } from './timeline.ts';

/**
 * Another factor of the demo world (issue 36): 上海鑫源 assigned one of its invoices to it before asking the
 * portal's factor to finance the same invoice, and it registered that assignment at the registry first.
 */
export const OTHER_FACTOR = { name: '某某商业保理有限公司', creditCode: '91440300MA5G8KXQ0E' } as const;

/** The demo invoice that other factor registered first: its financing here is stopped at disbursement. */
export const CONFLICTED_INVOICE = '80000007';

/**
 * Before a disbursement whose financing was approved on an earlier day, the disbursing operator searches the
 * registry (中登网) by the transferor on the day of the payment, as the gate asks (issue 36). Nothing to
 * search for a financing holding no invoice (an order loan).
 */
export async function searchBeforeDisbursing(db: Db, financingId: number, operator: { id: number | null; name: string }) {
  await db
    .transaction((tx) => searchForFinancing(tx, BUILT_IN_RECEIVABLES.registry, { product: 'INVOICE', financingId }, operator, chinaToday()))
    .catch((err: unknown) => {
      if (!(err instanceof BusinessError && err.code === 'REGISTRY_NOTHING')) throw err;
    });
}

/**
 * The registry's part of the demo world (issue 36), made through the registry's own operations once the
 * supply loans, the history and the receivables are seeded. Idempotent.
 * - Every financing of invoices was registered when it was approved (the approval does it, also in the
 *   history); those settled since are cancelled (注销) on the evening of their settlement, as the close of
 *   business does.
 * - 某某商业保理有限公司 registered, eight days ago, the assignment of 上海鑫源's invoice 80000007 (¥200,000.00
 *   to 浙江远航). 上海鑫源 registers the invoice here too and applies for a financing on it today; 赵审
 *   approves — the portal's factor registers and searches, and the search finds the earlier registration —
 *   and the contract is signed: 钱核's disbursement task waits, and says why the money may not go out.
 */
export async function seedRegistry(db: Db, today: IsoDate) {
  await cancelSettled(db);
  await seedConflict(db, today);
}

/** The registrations due to be cancelled (their financing settled): cancelled that evening at the registry. */
async function cancelSettled(db: Db) {
  const due = await db
    .select()
    .from(receivableRegistrations)
    .where(and(eq(receivableRegistrations.status, 'VALID'), isNotNull(receivableRegistrations.cancelDueOn)))
    .orderBy(asc(receivableRegistrations.id));
  const system = { id: null, name: '系统（日终注销登记）' };
  for (const r of due) {
    const day = r.cancelDueOn!;
    await atTime(chinaInstant(day, '18:30'), () =>
      db.transaction((tx) => cancelRegistration(tx, BUILT_IN_RECEIVABLES.registry, r.id, r.cancelReason ?? '融资已结清', system, day)),
    );
  }
}

async function seedConflict(db: Db, today: IsoDate) {
  const [done] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, CONFLICTED_INVOICE));
  if (done) return;
  const byLogin = async (login: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, login))
    )[0];
  const [demo, buyer, operatorUser] = [await byLogin('demo'), await byLogin('gouxiao'), await byLogin('operator')];
  if (!demo?.enterpriseId || !buyer?.enterpriseId || !operatorUser) return;
  const scope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: demo.enterpriseId,
    userId: demo.id,
    certified: true,
    warehouse: false,
  };
  const me = { id: demo.id, name: demo.displayName };
  const operator = { id: operatorUser.id, name: operatorUser.displayName };
  const [supply] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.enterpriseId, demo.enterpriseId), eq(creditLines.platformId, supply.id)));
  if (!line) return;
  const party = async (id: number) =>
    (await db.select({ name: enterprises.name, uscc: enterprises.uscc }).from(enterprises).where(eq(enterprises.id, id)))[0];
  const supplier = await party(demo.enterpriseId);
  const debtor = await party(buyer.enterpriseId);
  if (!supplier?.uscc || !debtor?.uscc) return;
  const transferor = { name: supplier.name, creditCode: supplier.uscc };
  const debtorParty = { debtorName: debtor.name, debtorCode: debtor.uscc };

  const amount = 200_000_00 as Cents;
  const invoice = {
    invoiceCode: '3100231130',
    invoiceNumber: CONFLICTED_INVOICE,
    issueDate: addDays(today, -12),
    amount,
    taxAmount: Math.round((amount * 13) / 113) as Cents,
  };
  await issueDemoInvoice(db, { sellerId: demo.enterpriseId, buyerId: buyer.enterpriseId, ...invoice });

  // Eight days ago the other factor registered its assignment of the invoice, through the registry's own operation.
  const registeredOn = addDays(today, -8);
  await atTime(chinaInstant(registeredOn, '10:20'), () =>
    localRegistry(OTHER_FACTOR).register(
      {
        transferor,
        receivables: [{ ...invoice, ...debtorParty }],
        description: `${supplier.name}将其对${debtor.name}的应收账款（发票 ${invoice.invoiceCode}-${invoice.invoiceNumber}，价税合计 200,000.00 元）转让给${OTHER_FACTOR.name}。`,
        amount,
        years: 2,
        reference: 'MMBL-2025-0418',
      },
      { db, today: registeredOn },
    ),
  );

  // Today 上海鑫源 registers the invoice here, 赵审 verifies it, and 上海鑫源 applies for a financing on it.
  const tasks = taskRegistry(SUPPLY_LOAN_TASK_TYPES);
  const decide = async (type: string, refId: number, text: string) => {
    const [task] = await db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
    await decideTask(db, tasks, task.id, operator, 'APPROVE', text);
  };
  const row = await registerInvoice(
    db,
    scope,
    me,
    { ...invoice, buyerEnterpriseId: buyer.enterpriseId },
    today,
    BUILT_IN_RECEIVABLES.verifier,
  );
  await decide(TASK.INVOICE_VERIFY, row.id, '税务局查验正常');
  const applied = await applyInvoiceFinancing(
    db,
    scope,
    me,
    { creditLineId: line.id, invoiceIds: [row.id], amount: 160_000_00 as Cents, termDays: 60, purpose: '支付钢材采购款' },
    today,
  );
  await db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(applied.id))));
    await recordSignature(tx, { contractId: c.id, scope, signerName: demo.displayName, ip: '127.0.0.1', effectiveDate: today });
    await onFinancingContractSigned(tx, scope, applied.id, me);
  });
  // Approved: the factor registers its assignment and searches — and finds the other factor's earlier registration.
  await decide(TASK.FINANCING_APPROVAL, applied.id, '资料齐全，同意融资');
  const [financing] = await db.select({ status: financings.status }).from(financings).where(eq(financings.id, applied.id));
  if (financing?.status !== 'CONTRACT_SIGNED')
    throw new Error(`registry seed: expected the conflicted financing signed and waiting, found ${financing?.status}`);
}
