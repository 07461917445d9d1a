import type { cloudLoanGrantInput } from '@factoring/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { decideTask, taskDirectory, type TaskOperator, type TaskRegistry } from '../bpm/index.ts';
import { CLOUD_LOAN_TASK, operatorBank, recordGrantTerms } from './operator-bank.ts';

/** The pending inbox task of an application (built-in bank). */
async function pendingTaskOf(db: Db | Tx, applicationId: number): Promise<number> {
  const [task] = await db
    .select({ id: taskDirectory.id })
    .from(taskDirectory)
    .where(and(eq(taskDirectory.type, CLOUD_LOAN_TASK), eq(taskDirectory.refId, String(applicationId)), eq(taskDirectory.state, 'PENDING')))
    .orderBy(desc(taskDirectory.id))
    .limit(1);
  if (!task) throw new BusinessError('该申请不在待审批状态', 'NOT_PENDING');
  return task.id;
}

/**
 * The operator grants for the bank with the terms entered: the terms land in the built-in bank's books
 * and its task is approved, in one transaction (a refused approval leaves no terms behind).
 */
export async function grantForBank(
  db: Db,
  registry: TaskRegistry,
  applicationId: number,
  operator: TaskOperator,
  input: z.output<typeof cloudLoanGrantInput>,
) {
  const { comment, ...terms } = input;
  return inTransaction(db, async (tx) => {
    const taskId = await pendingTaskOf(tx, applicationId);
    await recordGrantTerms(tx, taskId, terms);
    return decideTask(tx, registry, taskId, operator, 'APPROVE', comment || null);
  });
}

/** The operator refuses for the bank, with the reason the enterprise will see. */
export async function rejectForBank(db: Db, registry: TaskRegistry, applicationId: number, operator: TaskOperator, reason: string) {
  return decideTask(db, registry, await pendingTaskOf(db, applicationId), operator, 'REJECT', reason);
}

/** Applications awaiting the built-in bank's decision (the operator's), oldest first, for the operator's grant form. */
export async function pendingApplications(db: Db) {
  return db
    .select({
      id: cloudLoanApplications.id,
      applicationNo: cloudLoanApplications.applicationNo,
      enterpriseName: enterpriseDirectory.name,
      amount: cloudLoanApplications.amount,
      termMonths: cloudLoanApplications.termMonths,
      method: cloudLoanApplications.method,
      purpose: cloudLoanApplications.purpose,
      lastYearRevenue: cloudLoanApplications.lastYearRevenue,
      lastYearTax: cloudLoanApplications.lastYearTax,
      createdAt: cloudLoanApplications.createdAt,
    })
    .from(cloudLoanApplications)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, cloudLoanApplications.enterpriseId))
    .where(and(eq(cloudLoanApplications.status, 'SUBMITTED'), eq(cloudLoanApplications.bankAdapter, operatorBank.name)))
    .orderBy(cloudLoanApplications.id)
    .limit(200);
}
