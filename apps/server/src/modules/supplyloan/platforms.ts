import { addDays, formatPercent, formatYuan, INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { creditLines, enterprises, platformJoinApplications, platforms } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { createTask } from '../bpm/tasks.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { availableOf, effectiveStatus, grantCreditLine } from '../credit/credit-lines.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { TASK, type Actor } from './store.ts';

const core = alias(enterprises, 'core_enterprise');

/** A granted credit line runs one year from the day it is granted. */
export const CREDIT_TERM_DAYS = 365;

export const platformColumns = {
  id: platforms.id,
  code: platforms.code,
  name: platforms.name,
  product: platforms.product,
  coreEnterpriseId: platforms.coreEnterpriseId,
  coreEnterpriseName: core.name,
  annualRatePpm: platforms.annualRatePpm,
  maxTermDays: platforms.maxTermDays,
  advanceRatePpm: platforms.advanceRatePpm,
  interestMode: platforms.interestMode,
  serviceFeeRatePpm: platforms.serviceFeeRatePpm,
  penaltyMultiplierPpm: platforms.penaltyMultiplierPpm,
  priceList: platforms.priceList,
  repaymentAccount: platforms.repaymentAccount,
  description: platforms.description,
  joinable: platforms.joinable,
};

/**
 * The SUPPLY platforms with the caller's credit line on each (or null) and its latest join
 * application: joined platforms first, then those open to join.
 */
export async function listPlatforms(db: Db, enterpriseId: number, today: IsoDate) {
  const rows = await db
    .select({ ...platformColumns, line: creditLines })
    .from(platforms)
    .innerJoin(core, eq(core.id, platforms.coreEnterpriseId))
    .leftJoin(creditLines, and(eq(creditLines.platformId, platforms.id), eq(creditLines.enterpriseId, enterpriseId)))
    .where(eq(platforms.product, 'SUPPLY'))
    .orderBy(asc(platforms.id));
  const applications = await db
    .select()
    .from(platformJoinApplications)
    .where(eq(platformJoinApplications.enterpriseId, enterpriseId))
    .orderBy(desc(platformJoinApplications.id));
  const site = await readSiteConfig(db);
  return rows.map(({ line, ...p }) => {
    const application = applications.find((a) => a.platformId === p.id) ?? null;
    return {
      ...p,
      repaymentAccount: p.repaymentAccount ?? site.factoringAccount,
      interestModeLabel: INTEREST_MODE_LABELS[p.interestMode],
      creditLine: line
        ? {
            id: line.id,
            limit: line.limit,
            used: line.used,
            reserved: line.reserved,
            available: availableOf(line),
            startDate: line.startDate,
            expiryDate: line.expiryDate,
            status: effectiveStatus(line, today),
          }
        : null,
      joinApplication: application ? { id: application.id, status: application.status, requestedLimit: application.requestedLimit, reviewNote: application.reviewNote, createdAt: application.createdAt } : null,
    };
  });
}

export async function platformDetail(db: Db, id: number) {
  const [row] = await db.select(platformColumns).from(platforms).innerJoin(core, eq(core.id, platforms.coreEnterpriseId)).where(eq(platforms.id, id));
  if (!row) throw new NotFoundError('平台不存在');
  const site = await readSiteConfig(db);
  return { ...row, repaymentAccount: row.repaymentAccount ?? site.factoringAccount, interestModeLabel: INTEREST_MODE_LABELS[row.interestMode] };
}

export const joinInput = z.object({
  platformId: z.coerce.number().int().positive(),
  /** Requested limit in cents. */
  requestedLimit: z.coerce.number().int('申请额度必须是以分为单位的整数').min(100, '申请额度必须大于0').max(Number.MAX_SAFE_INTEGER, '申请额度超出允许范围'),
  remark: z.string().trim().max(200, '备注不能超过200个字符').optional(),
});

/** The enterprise asks to join a platform; an operator grants the credit line (PLATFORM_JOIN). */
export async function applyToJoin(db: Db, enterpriseId: number, actor: Actor, input: z.output<typeof joinInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const [platform] = await tx.select().from(platforms).where(eq(platforms.id, input.platformId));
    if (!platform) throw new NotFoundError('平台不存在');
    if (!platform.joinable) throw new BusinessError('该平台暂不接受准入申请');
    if (platform.coreEnterpriseId === enterpriseId) throw new BusinessError('核心企业不能申请加入本企业的平台');
    const [line] = await tx.select().from(creditLines).where(and(eq(creditLines.enterpriseId, enterpriseId), eq(creditLines.platformId, platform.id)));
    if (line && effectiveStatus(line, today) === 'ACTIVE') throw new BusinessError('您已加入该平台，授信有效');
    const [application] = await tx
      .insert(platformJoinApplications)
      .values({ enterpriseId, platformId: platform.id, requestedLimit: input.requestedLimit, remark: input.remark || null, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!application) throw new BusinessError('该平台的准入申请正在审核中，请勿重复提交');
    const [enterprise] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
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
  const [row] = await tx.select().from(platformJoinApplications).where(eq(platformJoinApplications.id, Number(task.refId))).for('update');
  if (!row) throw new NotFoundError('准入申请不存在');
  if (row.status !== 'PENDING') throw new BusinessError('该准入申请已处理');
  return row;
}

/** PLATFORM_JOIN approved: the credit line is granted for a year from today with the requested limit. */
export async function approveJoin(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null, today: IsoDate) {
  const application = await lockJoin(tx, task);
  const line = await grantCreditLine(tx, {
    enterpriseId: application.enterpriseId,
    platformId: application.platformId,
    limit: application.requestedLimit,
    startDate: today,
    expiryDate: addDays(today, CREDIT_TERM_DAYS),
    grantedBy: operator.id,
  });
  await tx
    .update(platformJoinApplications)
    .set({ status: 'APPROVED', grantedLimit: application.requestedLimit, reviewNote: comment, decidedBy: operator.id, decidedAt: new Date() })
    .where(eq(platformJoinApplications.id, application.id));
  return { before: { status: 'PENDING' }, after: { status: 'APPROVED', creditLineId: line.id, limit: line.limit, expiryDate: line.expiryDate } };
}

export async function rejectJoin(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const application = await lockJoin(tx, task);
  await tx
    .update(platformJoinApplications)
    .set({ status: 'REJECTED', reviewNote: reason, decidedBy: operator.id, decidedAt: new Date() })
    .where(eq(platformJoinApplications.id, application.id));
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}

/** The caller's credit lines on SUPPLY platforms, for the application form. */
export async function myCreditLines(db: Db, enterpriseId: number, today: IsoDate) {
  const rows = await db
    .select({ line: creditLines, platform: platformColumns })
    .from(creditLines)
    .innerJoin(platforms, eq(platforms.id, creditLines.platformId))
    .innerJoin(core, eq(core.id, platforms.coreEnterpriseId))
    .where(and(eq(creditLines.enterpriseId, enterpriseId), eq(platforms.product, 'SUPPLY')))
    .orderBy(asc(creditLines.id));
  return rows.map(({ line, platform }) => ({
    id: line.id,
    limit: line.limit,
    used: line.used,
    reserved: line.reserved,
    available: availableOf(line),
    startDate: line.startDate,
    expiryDate: line.expiryDate,
    status: effectiveStatus(line, today),
    platform: { ...platform, interestModeLabel: INTEREST_MODE_LABELS[platform.interestMode] },
  }));
}
