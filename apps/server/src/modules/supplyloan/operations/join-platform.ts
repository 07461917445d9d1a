import type { JoinPlatformInput } from '@factoring/domain/contract';
import { addDays, formatPercent, formatYuan, joinApplicationLifecycle, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { platformJoinApplications } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, type BpmTask, type TaskOperator } from '../../bpm/index.ts';
import { creditLineDirectory, effectiveStatus, grantCreditLine } from '../../credit/index.ts';
import { TASK, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/** A granted credit line runs one year from the day it is granted. */
export const CREDIT_TERM_DAYS = 365;

/** The enterprise asks to join a platform; an operator grants the credit line (PLATFORM_JOIN). */
export async function applyToJoin(db: Db, scope: EnterpriseScope, actor: Actor, input: JoinPlatformInput, today: IsoDate) {
  const { enterpriseId } = scope;
  return db.transaction(async (tx) => {
    const [platform] = await tx.select().from(platformDirectory).where(eq(platformDirectory.id, input.platformId));
    if (!platform) throw new NotFoundError('平台不存在');
    if (!platform.joinable) throw new BusinessError('该平台暂不接受准入申请');
    if (platform.coreEnterpriseId === enterpriseId) throw new BusinessError('核心企业不能申请加入本企业的平台');
    const [line] = await tx
      .select()
      .from(creditLineDirectory)
      .where(and(ownedBy(scope, creditLineDirectory.enterpriseId), eq(creditLineDirectory.platformId, platform.id)));
    if (line && effectiveStatus(line, today) === 'ACTIVE') throw new BusinessError('您已加入该平台，授信有效');
    const [application] = await tx
      .insert(platformJoinApplications)
      .values({
        enterpriseId,
        platformId: platform.id,
        requestedLimit: input.requestedLimit,
        remark: input.remark || null,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!application) throw new BusinessError('该平台的准入申请正在审核中，请勿重复提交');
    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
    await createTask(tx, {
      type: TASK.PLATFORM_JOIN,
      subject: `${enterprise?.name ?? ''} 申请加入「${platform.name}」`,
      enterpriseId,
      refId: application.id,
      data: { applicationId: application.id, platformId: platform.id, requestedLimit: input.requestedLimit },
      fields: [
        { label: '平台', value: platform.name },
        { label: '申请企业', value: enterprise?.name ?? '' },
        { label: '申请授信额度（元）', value: formatYuan(input.requestedLimit) },
        { label: '平台年化利率', value: formatPercent(platform.annualRatePpm) },
        { label: '授信期限', value: `${CREDIT_TERM_DAYS} 天（自批准之日起）` },
        { label: '备注', value: input.remark || '—' },
      ],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    return application;
  });
}

async function lockJoin(tx: Tx, task: BpmTask) {
  const [row] = await tx
    .select()
    .from(platformJoinApplications)
    .where(eq(platformJoinApplications.id, Number(task.refId)))
    .for('update');
  if (!row) throw new NotFoundError('准入申请不存在');
  if (row.status !== 'PENDING') throw new BusinessError('该准入申请已处理');
  return row;
}

/** PLATFORM_JOIN approved: the credit line is granted for a year from today with the requested limit. */
export async function approveJoin(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null, today: IsoDate) {
  const application = await lockJoin(tx, task);
  // The line is the applicant's: it is looked up and written in the applicant enterprise's scope
  // (only a certified enterprise can apply to join, see applyToJoin's route).
  const applicant: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: application.enterpriseId,
    userId: operator.id,
    certified: true,
    warehouse: false,
  };
  const line = await grantCreditLine(tx, applicant, {
    platformId: application.platformId,
    limit: application.requestedLimit,
    startDate: today,
    expiryDate: addDays(today, CREDIT_TERM_DAYS),
    grantedBy: operator.id,
  });
  await transition(tx, platformJoinApplications, joinApplicationLifecycle, application, 'APPROVED', {
    grantedLimit: application.requestedLimit,
    reviewNote: comment,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  return {
    before: { status: 'PENDING' },
    after: { status: 'APPROVED', creditLineId: line.id, limit: line.limit, expiryDate: line.expiryDate },
  };
}

export async function rejectJoin(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const application = await lockJoin(tx, task);
  await transition(tx, platformJoinApplications, joinApplicationLifecycle, application, 'REJECTED', {
    reviewNote: reason,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}
