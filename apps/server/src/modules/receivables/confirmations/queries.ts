// The debtor's part as it is read (issue 36): the debtor's inbox — the receivables it owes that are assigned
// to the factor, scoped to its own enterprise as debtor — the supplier's proofs on its financings, scoped to its
// own enterprise as creditor, and the operator's desk of confirmations and disputes.
import {
  CONFIRMATION_CHANNEL_LABELS,
  confirmationLifecycle,
  financedAssetLifecycle,
  NOTICE_MODE_LABELS,
  noticeLifecycle,
  type ConfirmationStatus,
} from '@factoring/domain';
import { CONFIRMATION_VIEW_LABELS, type ConfirmationItem, type PendingConfirmation } from '@factoring/domain/contract';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentNotices, financedAssets, receivableConfirmations } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { userDirectory } from '../../account/index.ts';
import { namesOf } from '../notices/store.ts';

const ASSIGNED = inArray(financedAssets.status, ['HELD', 'FUNDED']);

/** The receivables the caller's enterprise owes that are assigned to the factor, those waiting for it first. */
export async function debtorInbox(
  db: Db,
  scope: EnterpriseScope,
  q: PageQuery & { status?: 'PENDING' | ConfirmationStatus },
): Promise<{ items: ConfirmationItem[]; totalCount: number }> {
  const where = and(
    eq(financedAssets.debtorEnterpriseId, scope.enterpriseId),
    eq(financedAssets.kind, 'INVOICE'),
    ASSIGNED,
    q.status === 'PENDING' ? isNull(receivableConfirmations.id) : q.status ? eq(receivableConfirmations.status, q.status) : undefined,
  );
  const base = () =>
    db
      .select({ a: financedAssets, c: receivableConfirmations })
      .from(financedAssets)
      .leftJoin(receivableConfirmations, eq(receivableConfirmations.assetKey, financedAssets.assetKey));
  const [rows, [{ total }]] = await Promise.all([
    base()
      .where(where)
      .orderBy(sql`(${receivableConfirmations.id} is null) desc`, desc(financedAssets.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(financedAssets)
      .leftJoin(receivableConfirmations, eq(receivableConfirmations.assetKey, financedAssets.assetKey))
      .where(where),
  ]);
  const names = await namesOf(
    db,
    rows.map((r) => r.a.enterpriseId),
  );
  // Whom to pay: the factor once a notice of assignment reached the debtor and was not released.
  const notices = rows.length
    ? await db
        .select({
          product: assignmentNotices.product,
          financingId: assignmentNotices.financingId,
          account: assignmentNotices.collectionAccount,
          noticeNo: assignmentNotices.noticeNo,
        })
        .from(assignmentNotices)
        .where(
          and(
            eq(assignmentNotices.kind, 'ASSIGNMENT'),
            inArray(assignmentNotices.status, ['SENT', 'ACKNOWLEDGED']),
            eq(assignmentNotices.debtorEnterpriseId, scope.enterpriseId),
            inArray(
              assignmentNotices.financingId,
              rows.map((r) => r.a.financingId),
            ),
          ),
        )
    : [];
  const notified = new Map(notices.map((n) => [`${n.product}:${n.financingId}`, n]));
  return {
    totalCount: total,
    items: rows.map(({ a, c }) => {
      const creditor = names.get(a.enterpriseId)?.name ?? '';
      const notice = notified.get(`${a.product}:${a.financingId}`);
      const status = c?.status ?? 'PENDING';
      return {
        assetId: a.id,
        label: a.label,
        invoiceCode: a.invoiceCode,
        invoiceNumber: a.invoiceNumber,
        issueDate: a.issueDate,
        amount: a.amount,
        dueDate: a.dueDate,
        creditorName: creditor,
        financingNo: a.financingNo,
        assetStatus: a.status,
        assetStatusLabel: financedAssetLifecycle.label(a.status),
        status,
        statusLabel: CONFIRMATION_VIEW_LABELS[status],
        confirmedAmount: c?.status === 'CONFIRMED' ? c.amount : null,
        confirmedDueDate: c?.status === 'CONFIRMED' ? c.dueDate : null,
        confirmedByName: c?.confirmedByName ?? null,
        confirmedAt: c?.confirmedAt ?? null,
        letterContractId: c?.letterContractId ?? null,
        letterNo: c?.letterNo ?? null,
        disputeReason: c?.disputeReason ?? null,
        disputedByName: c?.disputedByName ?? null,
        disputedAt: c?.disputedAt ?? null,
        payTo: notice
          ? `保理商收款账户：${notice.account.accountName}，${notice.account.bankBranchName}，${notice.account.accountNo}（注明 ${notice.noticeNo}）`
          : `原债权人：${creditor}`,
      };
    }),
  };
}

type Tone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** The caller's invoice financings (as creditor) and what their debtor has done: counts, the notice, the tags. */
export async function assignmentProofs(db: Db, scope: EnterpriseScope, financingIds: readonly number[]) {
  if (!financingIds.length) return [];
  const ids = [...new Set(financingIds)];
  const rows = await db
    .select({ financingId: financedAssets.financingId, assetKey: financedAssets.assetKey, c: receivableConfirmations })
    .from(financedAssets)
    .leftJoin(receivableConfirmations, eq(receivableConfirmations.assetKey, financedAssets.assetKey))
    .where(
      and(
        eq(financedAssets.enterpriseId, scope.enterpriseId),
        eq(financedAssets.product, 'INVOICE'),
        eq(financedAssets.kind, 'INVOICE'),
        inArray(financedAssets.financingId, ids),
        ne(financedAssets.status, 'RELEASED'),
      ),
    )
    .orderBy(asc(financedAssets.id));
  const notices = await db
    .select()
    .from(assignmentNotices)
    .where(
      and(
        eq(assignmentNotices.supplierEnterpriseId, scope.enterpriseId),
        eq(assignmentNotices.product, 'INVOICE'),
        eq(assignmentNotices.kind, 'ASSIGNMENT'),
        ne(assignmentNotices.status, 'VOID'),
        inArray(assignmentNotices.financingId, ids),
      ),
    );
  const noticeOf = new Map(notices.map((n) => [n.financingId, n]));
  return ids.flatMap((financingId) => {
    const mine = rows.filter((r) => r.financingId === financingId);
    if (!mine.length) return [];
    const confirmed = mine.filter((r) => r.c?.status === 'CONFIRMED').length;
    const disputed = mine.filter((r) => r.c?.status === 'DISPUTED');
    const pending = mine.length - confirmed - disputed.length;
    const notice = noticeOf.get(financingId) ?? null;
    const tags: { text: string; tone: Tone }[] = [];
    if (disputed.length) tags.push({ text: '有争议', tone: 'error' });
    if (confirmed === mine.length) tags.push({ text: '已确权', tone: 'success' });
    else if (pending) tags.push({ text: `待确权 ${pending}/${mine.length}`, tone: 'warning' });
    if (notice) {
      const noticeTag: Record<string, { text: string; tone: Tone }> = {
        DRAWN: { text: '转让通知待签署', tone: 'warning' },
        SIGNED: { text: '转让通知待会签', tone: 'processing' },
        HELD: { text: '暗保理通知留存', tone: 'default' },
        SENT: { text: '已通知', tone: 'processing' },
        ACKNOWLEDGED: { text: '已通知', tone: 'success' },
        RELEASED: { text: '已解除转让', tone: 'default' },
      };
      const tag = noticeTag[notice.status];
      if (tag) tags.push(tag);
    }
    return [
      {
        financingId,
        receivables: mine.length,
        confirmed,
        disputed: disputed.length,
        pending,
        disputeReasons: disputed.map((r) => `${r.c!.label}：${r.c!.disputeReason}`),
        notice: notice
          ? {
              noticeNo: notice.noticeNo,
              status: notice.status,
              statusLabel: noticeLifecycle.label(notice.status),
              mode: notice.mode,
              modeLabel: NOTICE_MODE_LABELS[notice.mode],
            }
          : null,
        tags,
      },
    ];
  });
}

/** The operator's desk: every confirmation and dispute, the disputes first. */
export async function confirmationDesk(db: Db, q: PageQuery & { status?: ConfirmationStatus }) {
  const where: SQL | undefined = q.status ? eq(receivableConfirmations.status, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ c: receivableConfirmations, financingNo: financedAssets.financingNo })
      .from(receivableConfirmations)
      .innerJoin(financedAssets, eq(financedAssets.id, receivableConfirmations.assetId))
      .where(where)
      .orderBy(sql`(${receivableConfirmations.status} = 'DISPUTED') desc`, desc(receivableConfirmations.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(receivableConfirmations).where(where),
  ]);
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.c.debtorEnterpriseId, r.c.creditorEnterpriseId]),
  );
  return {
    totalCount: total,
    items: rows.map(({ c, financingNo }) => ({
      id: c.id,
      label: c.label,
      debtorName: names.get(c.debtorEnterpriseId)?.name ?? '',
      creditorName: names.get(c.creditorEnterpriseId)?.name ?? '',
      financingNo,
      status: c.status,
      statusLabel: confirmationLifecycle.label(c.status),
      amount: c.amount,
      dueDate: c.dueDate,
      letterNo: c.letterNo,
      channel: c.channel,
      channelLabel: CONFIRMATION_CHANNEL_LABELS[c.channel],
      disputeReason: c.disputeReason,
      byName: c.status === 'CONFIRMED' ? c.confirmedByName : c.disputedByName,
      at: c.status === 'CONFIRMED' ? c.confirmedAt : c.disputedAt,
    })),
  };
}

/**
 * The receivables financings hold that their debtor has not answered about, oldest first — with whether the
 * debtor has a user who can confirm in the portal and the financing's notice mode (暗保理: the debtor is not
 * told, so only a paper letter can confirm).
 */
export async function pendingConfirmations(db: Db, q: PageQuery): Promise<{ items: PendingConfirmation[]; totalCount: number }> {
  const where = and(eq(financedAssets.kind, 'INVOICE'), ASSIGNED, isNull(receivableConfirmations.id));
  const base = () =>
    db
      .select({ a: financedAssets })
      .from(financedAssets)
      .leftJoin(receivableConfirmations, eq(receivableConfirmations.assetKey, financedAssets.assetKey));
  const [rows, [{ total }]] = await Promise.all([
    base().where(where).orderBy(asc(financedAssets.id)).limit(q.size).offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(financedAssets)
      .leftJoin(receivableConfirmations, eq(receivableConfirmations.assetKey, financedAssets.assetKey))
      .where(where),
  ]);
  const debtors = [...new Set(rows.flatMap(({ a }) => (a.debtorEnterpriseId ? [a.debtorEnterpriseId] : [])))];
  const [names, withUsers, notices] = await Promise.all([
    namesOf(db, [...debtors, ...rows.map(({ a }) => a.enterpriseId)]),
    debtors.length
      ? db
          .selectDistinct({ enterpriseId: userDirectory.enterpriseId })
          .from(userDirectory)
          .where(inArray(userDirectory.enterpriseId, debtors))
      : [],
    rows.length
      ? db
          .select({ product: assignmentNotices.product, financingId: assignmentNotices.financingId, mode: assignmentNotices.mode })
          .from(assignmentNotices)
          .where(
            and(
              eq(assignmentNotices.kind, 'ASSIGNMENT'),
              ne(assignmentNotices.status, 'VOID'),
              inArray(
                assignmentNotices.financingId,
                rows.map(({ a }) => a.financingId),
              ),
            ),
          )
      : [],
  ]);
  const hasUser = new Set(withUsers.map((u) => u.enterpriseId));
  const modeOf = new Map(notices.map((n) => [`${n.product}:${n.financingId}`, n.mode]));
  return {
    totalCount: total,
    items: rows.map(({ a }) => {
      const mode = modeOf.get(`${a.product}:${a.financingId}`);
      return {
        assetId: a.id,
        label: a.label,
        debtorName: a.debtorEnterpriseId ? (names.get(a.debtorEnterpriseId)?.name ?? '') : '',
        creditorName: names.get(a.enterpriseId)?.name ?? '',
        financingNo: a.financingNo,
        amount: a.amount,
        dueDate: a.dueDate,
        debtorHasUser: a.debtorEnterpriseId !== null && hasUser.has(a.debtorEnterpriseId),
        noticeMode: mode ?? null,
        noticeModeLabel: mode ? NOTICE_MODE_LABELS[mode] : null,
      };
    }),
  };
}

/** Whether an enterprise is the debtor of some receivable assigned to the factor (its menu shows the inbox). */
export async function isDebtorOfAssigned(db: Db, enterpriseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: financedAssets.id })
    .from(financedAssets)
    .where(and(eq(financedAssets.debtorEnterpriseId, enterpriseId), eq(financedAssets.kind, 'INVOICE')))
    .limit(1);
  return row !== undefined;
}
