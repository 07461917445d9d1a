import { accountChangeLifecycle, maskBankAccount } from '@factoring/domain';
import type { AccountChangeInput } from '@factoring/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountChangeRequests, settlementAccounts, type TaskField } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { enterpriseDirectory, lockEnterprise } from '../account/index.ts';
import { createTask, type TaskType } from '../bpm/index.ts';
import { uploadsByIds } from '../uploads/index.ts';
import { assertEnterpriseCertified } from './require-certified.ts';
import { assertOwnFiles, sameName, validateAccount, type AccountFields } from './validation.ts';
import { now } from '../../lib/clock.ts';

export const ACCOUNT_CHANGE = 'ACCOUNT_CHANGE';

const accountColumns = {
  accountName: settlementAccounts.accountName,
  accountNo: settlementAccounts.accountNo,
  bankCode: settlementAccounts.bankCode,
  bankName: settlementAccounts.bankName,
  provinceCode: settlementAccounts.provinceCode,
  provinceName: settlementAccounts.provinceName,
  cityCode: settlementAccounts.cityCode,
  cityName: settlementAccounts.cityName,
  unionBankNo: settlementAccounts.unionBankNo,
  branchName: settlementAccounts.branchName,
  boundAt: settlementAccounts.boundAt,
};

/** The settlement account bound to the scope's enterprise (where withdrawals go), or null before certification. */
export async function boundSettlementAccount(db: Db, scope: EnterpriseScope) {
  const [row] = await db.select(accountColumns).from(settlementAccounts).where(ownedBy(scope, settlementAccounts.enterpriseId));
  return row ?? null;
}

/** Binds (or re-binds) the enterprise's settlement account inside a decision's transaction. */
export async function bindSettlementAccount(
  tx: Db,
  enterpriseId: number,
  account: AccountFields,
  source: { type: 'AUTHENTICATION' | 'ACCOUNT_CHANGE' | 'SEED'; id: number | null },
) {
  const values = { ...account, source: source.type, sourceId: source.id, boundAt: now() };
  await tx
    .insert(settlementAccounts)
    .values({ enterpriseId, ...values })
    .onConflictDoUpdate({ target: settlementAccounts.enterpriseId, set: values });
}

export const accountFieldRows = (a: AccountFields): TaskField[] => [
  { label: '账户名称', value: a.accountName },
  { label: '银行账号', value: a.accountNo },
  { label: '开户银行', value: a.bankName },
  { label: '开户地区', value: a.provinceName === a.cityName ? a.cityName : `${a.provinceName} ${a.cityName}` },
  { label: '开户网点', value: a.branchName },
  { label: '联行号', value: a.unionBankNo },
];

const requestColumns = {
  id: accountChangeRequests.id,
  status: accountChangeRequests.status,
  accountName: accountChangeRequests.accountName,
  accountNo: accountChangeRequests.accountNo,
  bankCode: accountChangeRequests.bankCode,
  bankName: accountChangeRequests.bankName,
  provinceCode: accountChangeRequests.provinceCode,
  provinceName: accountChangeRequests.provinceName,
  cityCode: accountChangeRequests.cityCode,
  cityName: accountChangeRequests.cityName,
  unionBankNo: accountChangeRequests.unionBankNo,
  branchName: accountChangeRequests.branchName,
  changeReason: accountChangeRequests.changeReason,
  proofFileId: accountChangeRequests.proofFileId,
  rejectReason: accountChangeRequests.rejectReason,
  createdAt: accountChangeRequests.createdAt,
  decidedAt: accountChangeRequests.decidedAt,
};

/** `GET /system/modifyAccountInfo`: the bound account, a pending change and the latest changes. */
export async function accountChangeInfo(db: Db, scope: EnterpriseScope) {
  const [[enterprise], account, history] = await Promise.all([
    db
      .select({ name: enterpriseDirectory.name, certified: enterpriseDirectory.certified })
      .from(enterpriseDirectory)
      .where(ownedBy(scope, enterpriseDirectory.id)),
    boundSettlementAccount(db, scope),
    db
      .select(requestColumns)
      .from(accountChangeRequests)
      .where(ownedBy(scope, accountChangeRequests.enterpriseId))
      .orderBy(desc(accountChangeRequests.id))
      .limit(10),
  ]);
  const files = await uploadsByIds(
    db,
    history.map((h) => h.proofFileId).filter((v): v is number => v != null),
  );
  const withLabels = history.map((h) => {
    const f = files.find((x) => x.id === h.proofFileId);
    return { ...h, statusLabel: accountChangeLifecycle.label(h.status), proofFile: f ? { ...f, url: `/api/uploads/${f.id}` } : null };
  });
  return {
    enterpriseName: enterprise?.name ?? null,
    certified: enterprise?.certified ?? false,
    account,
    pending: withLabels.find((h) => h.status === 'PENDING') ?? null,
    // The history is a list: account numbers masked; the bound account and a pending change stay in full for the owner.
    history: withLabels.map((h) => ({ ...h, accountNo: maskBankAccount(h.accountNo) })),
  };
}

/** Submits a change of the bound settlement account: validated like the authentication's, reviewed as a task. */
export async function submitAccountChange(
  db: Db,
  scope: EnterpriseScope,
  by: { id: number; name: string; ip?: string },
  input: AccountChangeInput,
) {
  const { enterpriseId } = scope;
  return db.transaction(async (tx) => {
    const enterprise = await lockEnterprise(tx, scope.enterpriseId);
    if (!enterprise?.certified) await assertEnterpriseCertified(tx, enterpriseId);
    const [pending] = await tx
      .select({ id: accountChangeRequests.id })
      .from(accountChangeRequests)
      .where(and(ownedBy(scope, accountChangeRequests.enterpriseId), eq(accountChangeRequests.status, 'PENDING')));
    if (pending) throw new BusinessError('已有待审核的结算账户变更申请，请等待审核结果后再提交');
    const account = await validateAccount(tx, input, enterprise.name);
    const current = await boundSettlementAccount(tx, scope);
    if (current && current.accountNo === account.accountNo && current.unionBankNo === account.unionBankNo) {
      throw new BusinessError('新结算账户与当前绑定的账户相同，无需变更');
    }
    const changeReason = input.changeReason?.trim();
    if (!changeReason) throw new BusinessError('请输入变更原因');
    if (input.proofFileId) await assertOwnFiles(tx, scope, { proofFileId: input.proofFileId });
    const [request] = await tx
      .insert(accountChangeRequests)
      .values({ enterpriseId, status: 'PENDING', ...account, changeReason, proofFileId: input.proofFileId ?? null, submittedBy: by.id })
      .returning({ id: accountChangeRequests.id });
    await openAccountChangeTask(tx, {
      enterpriseId,
      enterpriseName: enterprise.name,
      requestId: request.id,
      current,
      requested: account,
      changeReason,
      proofFileId: input.proofFileId ?? null,
      submittedBy: by,
    });
    return { id: request.id };
  });
}

/** The inbox task of an account change request (also used by the demo seed). */
export async function openAccountChangeTask(
  tx: Db,
  r: {
    enterpriseId: number;
    enterpriseName: string;
    requestId: number;
    current: Awaited<ReturnType<typeof boundSettlementAccount>>;
    requested: AccountFields;
    changeReason: string;
    proofFileId: number | null;
    submittedBy: { id: number; name: string; ip?: string };
  },
) {
  const { current } = r;
  return createTask(tx, {
    type: ACCOUNT_CHANGE,
    subject: `结算账户变更：${r.enterpriseName}`,
    enterpriseId: r.enterpriseId,
    refId: r.requestId,
    data: { requestId: r.requestId, current, requested: r.requested, changeReason: r.changeReason },
    fields: [
      { label: '企业名称', value: r.enterpriseName },
      { label: '当前账户', value: current ? `${current.bankName} ${current.accountNo}（${current.branchName}）` : '未绑定' },
      ...accountFieldRows(r.requested).map((f) => ({ ...f, label: `新${f.label}` })),
      { label: '变更原因', value: r.changeReason },
    ],
    attachments: r.proofFileId ? [{ uploadId: r.proofFileId, label: '开户证明' }] : [],
    submittedBy: r.submittedBy,
  });
}

async function lockRequest(tx: Tx, refId: string) {
  const [row] = await tx
    .select()
    .from(accountChangeRequests)
    .where(eq(accountChangeRequests.id, Number(refId)))
    .for('update');
  if (!row) throw new BusinessError('变更申请不存在');
  if (row.status !== 'PENDING') throw new BusinessError(`变更申请当前状态为“${accountChangeLifecycle.label(row.status)}”，不能再次处理`);
  return row;
}

export const accountChangeTaskType: TaskType = {
  type: ACCOUNT_CHANGE,
  label: '结算账户变更',
  async onApprove(tx, task, operator) {
    const request = await lockRequest(tx, task.refId);
    const enterprise = await lockEnterprise(tx, request.enterpriseId);
    if (!enterprise?.certified) throw new BusinessError('该企业尚未完成实名认证，不能变更结算账户');
    if (!sameName(request.accountName, enterprise.name)) throw new BusinessError('新账户名称与企业名称不一致，请驳回该申请');
    // The account being replaced is the applicant enterprise's: read it in that enterprise's scope.
    const applicant: EnterpriseScope = {
      kind: 'enterprise',
      enterpriseId: request.enterpriseId,
      userId: operator.id,
      certified: enterprise.certified,
      warehouse: false,
    };
    const before = await boundSettlementAccount(tx, applicant);
    const account: AccountFields = {
      accountName: request.accountName,
      accountNo: request.accountNo,
      bankCode: request.bankCode,
      bankName: request.bankName,
      provinceCode: request.provinceCode,
      provinceName: request.provinceName,
      cityCode: request.cityCode,
      cityName: request.cityName,
      unionBankNo: request.unionBankNo,
      branchName: request.branchName,
    };
    await bindSettlementAccount(tx, request.enterpriseId, account, { type: 'ACCOUNT_CHANGE', id: request.id });
    await transition(tx, accountChangeRequests, accountChangeLifecycle, request, 'APPROVED', {
      decidedBy: operator.id,
      decidedAt: now(),
    });
    return { before: { status: 'PENDING', settlementAccount: before }, after: { status: 'APPROVED', settlementAccount: account } };
  },
  async onReject(tx, task, operator, reason) {
    const request = await lockRequest(tx, task.refId);
    await transition(tx, accountChangeRequests, accountChangeLifecycle, request, 'REJECTED', {
      rejectReason: reason,
      decidedBy: operator.id,
      decidedAt: now(),
    });
    return { before: { status: 'PENDING' }, after: { status: 'REJECTED', rejectReason: reason } };
  },
};
