import { authenticationLifecycle, validateIdCard } from '@factoring/domain';
import type { AuthenticationInput } from '@factoring/domain/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterpriseAuthentications } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { enterpriseDirectory, lockEnterprise } from '../account/index.ts';
import { createTask } from '../bpm/index.ts';
import { assertAuthenticationTransition, authenticationView, type AuthenticationRow } from './authentications.ts';
import { accountFieldRows } from './settlement-account.ts';
import { assertOwnFiles, FIELD_LABELS, validateForSubmit, type ValidatedAuthentication } from './validation.ts';
import * as clock from '../../lib/clock.ts';

export const AUTHENTICATION = 'AUTHENTICATION';

const GENDER_LABELS = { M: '男', F: '女' } as const;

/** The enterprise user acting, for the task's submitter and the row's author. */
export interface Submitter {
  id: number;
  name: string;
  ip?: string;
}

/**
 * Locks the enterprise for the rest of the transaction (drafts and submissions of one enterprise
 * queue up behind each other) and refuses when there is nothing to authenticate any more.
 */
async function lockOpenEnterprise(tx: Tx, scope: EnterpriseScope) {
  const enterprise = await lockEnterprise(tx, scope.enterpriseId);
  if (!enterprise) throw new NotFoundError('企业不存在');
  if (enterprise.certified) throw new BusinessError('企业已完成实名认证，无需重复认证；如需变更结算账户，请在“实名业务”页面提交变更申请');
  const [pending] = await tx
    .select({ id: enterpriseAuthentications.id })
    .from(enterpriseAuthentications)
    .where(and(ownedBy(scope, enterpriseAuthentications.enterpriseId), eq(enterpriseAuthentications.status, 'PENDING')));
  if (pending) throw new BusinessError('认证申请正在审核中，请耐心等待审核结果');
  return enterprise;
}

async function ownRow(tx: Tx, scope: EnterpriseScope, id: number): Promise<AuthenticationRow> {
  const [row] = await tx
    .select()
    .from(enterpriseAuthentications)
    .where(and(eq(enterpriseAuthentications.id, id), ownedBy(scope, enterpriseAuthentications.enterpriseId)))
    .for('update');
  if (!row) throw new NotFoundError('认证申请不存在');
  return row;
}

async function currentDraft(tx: Tx, scope: EnterpriseScope) {
  const [row] = await tx
    .select()
    .from(enterpriseAuthentications)
    .where(and(ownedBy(scope, enterpriseAuthentications.enterpriseId), eq(enterpriseAuthentications.status, 'DRAFT')))
    .for('update');
  return row;
}

function draftValues(input: AuthenticationInput) {
  const { id: _id, ...fields } = input;
  const idCard = fields.legalIdCard ? validateIdCard(fields.legalIdCard) : null;
  return {
    ...fields,
    legalBirthDate: idCard?.ok ? idCard.birthDate : null,
    legalGender: idCard?.ok ? idCard.gender : null,
    // Names of the chosen bank, area and branch are filled in when the submission is validated.
    bankName: null,
    provinceName: null,
    cityName: null,
    branchName: null,
  };
}

/**
 * Saves the form as a draft: the enterprise's one draft is updated (or created). Editing a rejected
 * submission saves a new draft from it — the rejected one stays as it was, with its reason.
 */
export async function saveDraft(db: Db, scope: EnterpriseScope, input: AuthenticationInput) {
  const row = await db.transaction(async (tx) => {
    await lockOpenEnterprise(tx, scope);
    await assertOwnFiles(tx, scope, {
      licenceFileId: input.licenceFileId,
      idFrontFileId: input.idFrontFileId,
      idBackFileId: input.idBackFileId,
    });
    let target: AuthenticationRow | undefined;
    if (input.id) {
      const chosen = await ownRow(tx, scope, input.id);
      if (chosen.status === 'DRAFT') target = chosen;
      else if (chosen.status !== 'REJECTED') assertAuthenticationTransition(chosen.status, 'DRAFT');
    }
    target ??= await currentDraft(tx, scope);
    const values = { ...draftValues(input), updatedAt: clock.now() };
    // DRAFT → DRAFT: saved again.
    if (target) return transition(tx, enterpriseAuthentications, authenticationLifecycle, target, 'DRAFT', values);
    const [created] = await tx
      .insert(enterpriseAuthentications)
      .values({ enterpriseId: scope.enterpriseId, status: 'DRAFT', createdBy: scope.userId, ...values })
      .returning();
    return created;
  });
  return authenticationView(db, row);
}

function taskFields(v: ValidatedAuthentication) {
  return [
    { label: FIELD_LABELS.enterpriseName, value: v.enterpriseName },
    { label: FIELD_LABELS.uscc, value: v.uscc },
    { label: FIELD_LABELS.registeredAddress, value: v.registeredAddress },
    { label: FIELD_LABELS.legalName, value: v.legalName },
    { label: FIELD_LABELS.legalIdCard, value: v.legalIdCard },
    { label: '出生日期', value: v.legalBirthDate },
    { label: '性别', value: GENDER_LABELS[v.legalGender] },
    { label: FIELD_LABELS.contactName, value: v.contactName },
    { label: FIELD_LABELS.contactMobile, value: v.contactMobile },
    { label: FIELD_LABELS.contactEmail, value: v.contactEmail },
    ...accountFieldRows(v).map((f) => ({ ...f, label: `结算${f.label}` })),
  ];
}

/** Another enterprise already certified under this credit code? */
export async function usccTakenByOther(tx: Db, uscc: string, enterpriseId: number) {
  const [other] = await tx
    .select({ id: enterpriseDirectory.id })
    .from(enterpriseDirectory)
    .where(and(eq(enterpriseDirectory.uscc, uscc), eq(enterpriseDirectory.certified, true), ne(enterpriseDirectory.id, enterpriseId)))
    .limit(1);
  return !!other;
}

export const USCC_TAKEN_MESSAGE = '该统一社会信用代码已由其他企业完成实名认证，不能重复认证；如有疑问请联系客服';

/** Serialises work on one credit code (two enterprises approved at once under the same code). */
export async function lockUscc(tx: Db, uscc: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uscc:${uscc}`}))`);
}

/**
 * Submits for review: every field validated, the USCC free, then DRAFT → PENDING (or a rejected
 * submission resubmitted, REJECTED → PENDING) and a task in the operators' inbox.
 */
export async function submitAuthentication(db: Db, scope: EnterpriseScope, by: Submitter, input: AuthenticationInput) {
  const { enterpriseId } = scope;
  const row = await db.transaction(async (tx) => {
    await lockOpenEnterprise(tx, scope);
    const v = await validateForSubmit(tx, scope, input);
    await lockUscc(tx, v.uscc);
    if (await usccTakenByOther(tx, v.uscc, enterpriseId)) throw new BusinessError(USCC_TAKEN_MESSAGE);

    let target = input.id ? await ownRow(tx, scope, input.id) : await currentDraft(tx, scope);
    if (target) assertAuthenticationTransition(target.status, 'PENDING');
    // A submission supersedes any other draft of the enterprise (one open submission at a time).
    await tx
      .delete(enterpriseAuthentications)
      .where(
        and(
          ownedBy(scope, enterpriseAuthentications.enterpriseId),
          inArray(enterpriseAuthentications.status, ['DRAFT']),
          target ? ne(enterpriseAuthentications.id, target.id) : undefined,
        ),
      );
    const now = clock.now();
    const values = { ...v, rejectReason: null, submittedBy: by.id, submittedAt: now, decidedBy: null, decidedAt: null, updatedAt: now };
    if (target) {
      target = await transition(tx, enterpriseAuthentications, authenticationLifecycle, target, 'PENDING', values);
    } else {
      [target] = await tx
        .insert(enterpriseAuthentications)
        .values({ enterpriseId, createdBy: by.id, status: 'PENDING', ...values })
        .returning();
    }
    await createTask(tx, {
      type: AUTHENTICATION,
      subject: `企业实名认证：${v.enterpriseName}`,
      enterpriseId,
      refId: target.id,
      data: { authenticationId: target.id, ...v },
      fields: taskFields(v),
      attachments: [
        { uploadId: v.licenceFileId, label: FIELD_LABELS.licenceFileId },
        { uploadId: v.idFrontFileId, label: FIELD_LABELS.idFrontFileId },
        { uploadId: v.idBackFileId, label: FIELD_LABELS.idBackFileId },
      ],
      submittedBy: by,
    });
    return target;
  });
  return authenticationView(db, row);
}
