import type { CloudLoanEligibility } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, scopeOf, type Scope } from '../../lib/scope.ts';
import type { EveryLoanArrears } from '../financing/index.ts';
import { readCloudLoanSettings } from './product.ts';

const no = (reason: string, code: string): CloudLoanEligibility => ({ allowed: false, reason, code });

/**
 * The caller's scope for the eligibility rule, or null for a visitor or a merchant account without an
 * enterprise: those are answered NOT_MERCHANT (the menu asks for anyone, logged in or not).
 */
export function eligibilityScope(request: FastifyRequest): Scope | null {
  const user = request.user;
  if (!user || (user.authority === 'merchant' && user.enterpriseId == null)) return null;
  return scopeOf(request);
}

/**
 * The one eligibility rule of the cloud loan (issue 15), used by the menu, the pages and the
 * application itself: an enterprise user whose enterprise is certified, not in arrears on any loan of
 * the portal, with no cloud-loan application awaiting the bank, while the product is switched on.
 * Arrears are every lending product's, read through the lending core's port (`arrears`, wired in
 * app.ts) by the dates on China today — no product is listed here (issue 33).
 */
export async function cloudLoanEligibility(db: Db | Tx, scope: Scope | null, arrears: EveryLoanArrears): Promise<CloudLoanEligibility> {
  if (scope?.kind !== 'enterprise') return no('仅企业用户可以申请银行云贷', 'NOT_MERCHANT');
  const settings = await readCloudLoanSettings(db);
  if (!settings.enabled) return no('银行云贷业务暂未开放', 'PRODUCT_DISABLED');
  if (!scope.certified) return no('企业尚未完成实名认证，完成认证后方可申请银行云贷', 'NOT_CERTIFIED');
  const late = await arrears.productsInArrears(db, scope.enterpriseId, chinaToday());
  if (late.length) return no(`企业有逾期未还的${late.join('、')}，结清逾期款项后方可申请银行云贷`, 'IN_ARREARS');
  const [pending] = await db
    .select({ no: cloudLoanApplications.applicationNo })
    .from(cloudLoanApplications)
    .where(and(ownedBy(scope, cloudLoanApplications.enterpriseId), eq(cloudLoanApplications.status, 'SUBMITTED')))
    .limit(1);
  if (pending) return no(`已有一笔云贷申请（${pending.no}）正在银行审批中，请等待审批结果`, 'APPLICATION_PENDING');
  return { allowed: true, reason: null, code: null };
}

/** SPEC §7 `/slccbprecredit/isAllowCcbLoan` and the menu gate: the same rule as a boolean. */
export async function isCloudLoanAllowed(db: Db, scope: Scope | null, arrears: EveryLoanArrears): Promise<boolean> {
  return (await cloudLoanEligibility(db, scope, arrears)).allowed;
}

/**
 * The menu gate of the cloud loan's pages (issue 24): the entries show when the enterprise may apply,
 * and stay while it has an application of its own — waiting for the bank, granted, drawn or answered —
 * so the trial, the product page (with the application's state) and its loans stay reachable while the
 * rule says it may not apply again. An enterprise that never applied sees them only when it may apply.
 */
export async function isCloudLoanInMenu(db: Db, scope: Scope | null, arrears: EveryLoanArrears): Promise<boolean> {
  if (scope?.kind !== 'enterprise') return false;
  if (await isCloudLoanAllowed(db, scope, arrears)) return true;
  const [own] = await db
    .select({ id: cloudLoanApplications.id })
    .from(cloudLoanApplications)
    .where(ownedBy(scope, cloudLoanApplications.enterpriseId))
    .limit(1);
  return own !== undefined;
}

/** Refuses (inside the applying transaction) when the rule says no, with its reason. */
export async function assertCloudLoanAllowed(db: Db | Tx, scope: Scope, arrears: EveryLoanArrears): Promise<void> {
  const answer = await cloudLoanEligibility(db, scope, arrears);
  if (!answer.allowed) throw new BusinessError(answer.reason!, answer.code!);
}
