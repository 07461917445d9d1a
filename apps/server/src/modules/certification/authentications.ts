import { authenticationLifecycle, maskBankAccount, type AuthenticationStatus } from '@factoring/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterpriseAuthentications } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { ownedBy, type EnterpriseScope, type Scope } from '../../lib/scope.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { virtualAccountDirectory } from '../ledger/index.ts';
import { uploadsByIds } from '../uploads/index.ts';
import { boundSettlementAccount } from './settlement-account.ts';

export type AuthenticationRow = typeof enterpriseAuthentications.$inferSelect;

/** The refusal of a status change the machine does not allow, in the user's words (checked before any work). */
export function assertAuthenticationTransition(from: string, to: AuthenticationStatus) {
  if (!authenticationLifecycle.canTransition(from, to)) {
    throw new BusinessError(`认证申请当前状态为“${authenticationLifecycle.label(from)}”，不能变更为“${authenticationLifecycle.label(to)}”`);
  }
}

type FileInfo = { id: number; originalName: string; mimeType: string; size: number; url: string };

/** What the web and the operator see of a submission, with its attachments described. */
export async function authenticationView(db: Db, row: AuthenticationRow) {
  const ids = [row.licenceFileId, row.idFrontFileId, row.idBackFileId].filter((v): v is number => v != null);
  const files = await uploadsByIds(db, ids);
  const file = (id: number | null): FileInfo | null => {
    const f = id == null ? undefined : files.find((x) => x.id === id);
    return f ? { ...f, url: `/api/uploads/${f.id}` } : null;
  };
  return {
    id: row.id,
    enterpriseId: row.enterpriseId,
    status: row.status,
    statusLabel: authenticationLifecycle.label(row.status),
    enterpriseName: row.enterpriseName,
    uscc: row.uscc,
    registeredAddress: row.registeredAddress,
    legalName: row.legalName,
    legalIdCard: row.legalIdCard,
    legalBirthDate: row.legalBirthDate,
    legalGender: row.legalGender,
    contactName: row.contactName,
    contactMobile: row.contactMobile,
    contactEmail: row.contactEmail,
    licenceFileId: row.licenceFileId,
    idFrontFileId: row.idFrontFileId,
    idBackFileId: row.idBackFileId,
    files: { licence: file(row.licenceFileId), idFront: file(row.idFrontFileId), idBack: file(row.idBackFileId) },
    accountName: row.accountName,
    accountNo: row.accountNo,
    bankCode: row.bankCode,
    bankName: row.bankName,
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.cityCode,
    cityName: row.cityName,
    unionBankNo: row.unionBankNo,
    branchName: row.branchName,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A submission by id: its own enterprise's users and operators see it; anyone else gets 404. */
export async function visibleAuthentication(db: Db, scope: Scope, id: number): Promise<AuthenticationRow> {
  const [row] = await db
    .select()
    .from(enterpriseAuthentications)
    .where(and(eq(enterpriseAuthentications.id, id), ownedBy(scope, enterpriseAuthentications.enterpriseId)))
    .limit(1);
  if (!row) throw new NotFoundError('认证申请不存在');
  return row;
}

export async function listAuthentications(db: Db, scope: EnterpriseScope, q: PageQuery) {
  const where = ownedBy(scope, enterpriseAuthentications.enterpriseId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: enterpriseAuthentications.id,
        status: enterpriseAuthentications.status,
        enterpriseName: enterpriseAuthentications.enterpriseName,
        uscc: enterpriseAuthentications.uscc,
        legalName: enterpriseAuthentications.legalName,
        accountNo: enterpriseAuthentications.accountNo,
        bankName: enterpriseAuthentications.bankName,
        rejectReason: enterpriseAuthentications.rejectReason,
        submittedAt: enterpriseAuthentications.submittedAt,
        decidedAt: enterpriseAuthentications.decidedAt,
        createdAt: enterpriseAuthentications.createdAt,
        updatedAt: enterpriseAuthentications.updatedAt,
      })
      .from(enterpriseAuthentications)
      .where(where)
      .orderBy(desc(enterpriseAuthentications.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(enterpriseAuthentications).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      accountNo: r.accountNo && maskBankAccount(r.accountNo),
      statusLabel: authenticationLifecycle.label(r.status),
    })),
    totalCount: total,
  };
}

async function latestWithStatus(db: Db, scope: EnterpriseScope, statuses: AuthenticationStatus[]) {
  const [row] = await db
    .select()
    .from(enterpriseAuthentications)
    .where(and(ownedBy(scope, enterpriseAuthentications.enterpriseId), inArray(enterpriseAuthentications.status, statuses)))
    .orderBy(desc(enterpriseAuthentications.id))
    .limit(1);
  return row;
}

/**
 * The form page's starting point: whether the enterprise is certified, a pending submission, the
 * submission to continue (the latest draft or rejected one), the approved one, the virtual account
 * number opened at approval and the bound settlement account.
 */
export async function currentAuthentication(db: Db, scope: EnterpriseScope) {
  const [enterprise] = await db
    .select({
      name: enterpriseDirectory.name,
      uscc: enterpriseDirectory.uscc,
      certified: enterpriseDirectory.certified,
      certifiedAt: enterpriseDirectory.certifiedAt,
    })
    .from(enterpriseDirectory)
    .where(ownedBy(scope, enterpriseDirectory.id));
  if (!enterprise) throw new NotFoundError('企业不存在');
  const [pending, editable, approved, [account], settlement] = await Promise.all([
    latestWithStatus(db, scope, ['PENDING']),
    latestWithStatus(db, scope, ['DRAFT', 'REJECTED']),
    latestWithStatus(db, scope, ['APPROVED']),
    db
      .select({ accountNo: virtualAccountDirectory.accountNo })
      .from(virtualAccountDirectory)
      .where(ownedBy(scope, virtualAccountDirectory.enterpriseId)),
    boundSettlementAccount(db, scope),
  ]);
  return {
    enterprise: { name: enterprise.name, uscc: enterprise.uscc, certified: enterprise.certified, certifiedAt: enterprise.certifiedAt },
    pending: pending ? await authenticationView(db, pending) : null,
    editable: !enterprise.certified && !pending && editable ? await authenticationView(db, editable) : null,
    approved: approved ? await authenticationView(db, approved) : null,
    virtualAccountNo: account?.accountNo ?? null,
    settlementAccount: settlement,
  };
}
