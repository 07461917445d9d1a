// Notices as they are read (issue 36): by the debtor — only the notices that reached it (a held notice of
// undisclosed factoring never shows) — and by the operator's desk, every notice.
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_KIND_LABELS,
  NOTICE_MODE_LABELS,
  NOTICE_TRIGGER_LABELS,
  noticeLifecycle,
  type NoticeStatus,
} from '@factoring/domain';
import type { NoticeView } from '@factoring/domain/contract';
import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { contractDirectory } from '../../contracts/index.ts';
import { namesOf, type Notice } from './store.ts';

/** Notices with the names and contract numbers they are shown with, one query each. */
export async function noticeViews(db: Db | Tx, rows: readonly Notice[]): Promise<NoticeView[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.supplierEnterpriseId, r.debtorEnterpriseId]),
  );
  const contractIds = rows.flatMap((r) => (r.contractId ? [r.contractId] : []));
  const contracts = contractIds.length
    ? await db
        .select({ id: contractDirectory.id, contractNo: contractDirectory.contractNo })
        .from(contractDirectory)
        .where(inArray(contractDirectory.id, contractIds))
    : [];
  const contractNo = new Map(contracts.map((c) => [c.id, c.contractNo]));
  return rows.map((n) => ({
    id: n.id,
    noticeNo: n.noticeNo,
    kind: n.kind,
    kindLabel: NOTICE_KIND_LABELS[n.kind],
    mode: n.mode,
    modeLabel: NOTICE_MODE_LABELS[n.mode],
    financingNo: n.financingNo,
    supplierName: names.get(n.supplierEnterpriseId)?.name ?? '',
    debtorName: names.get(n.debtorEnterpriseId)?.name ?? '',
    receivables: n.receivables.map((r) => ({ label: r.label, amount: r.amount, dueDate: r.dueDate })),
    amount: n.amount,
    collectionAccount: n.collectionAccount,
    status: n.status,
    statusLabel: noticeLifecycle.label(n.status),
    sendOn: n.sendOn,
    sendOnLabel: n.sendOn ? NOTICE_TRIGGER_LABELS[n.sendOn] : null,
    sentReason: n.sentReason,
    channel: n.channel,
    channelLabel: n.channel ? (NOTICE_CHANNEL_LABELS[n.channel] ?? n.channel) : null,
    deliveredTo: n.deliveredTo,
    deliveryRef: n.deliveryRef,
    deliveredBy: n.deliveredBy,
    sentAt: n.sentAt,
    acknowledgedByName: n.acknowledgedByName,
    acknowledgedAt: n.acknowledgedAt,
    contractNo: n.contractId ? (contractNo.get(n.contractId) ?? null) : null,
    note: n.note,
    createdAt: n.createdAt,
  }));
}

/** One notice by id, as it is shown. */
export async function noticeViewById(db: Db | Tx, id: number): Promise<NoticeView> {
  const rows = await db.select().from(assignmentNotices).where(eq(assignmentNotices.id, id));
  return (await noticeViews(db, rows))[0];
}

async function noticePage(db: Db, where: SQL | undefined, q: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(assignmentNotices).where(where).orderBy(desc(assignmentNotices.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ total: count() }).from(assignmentNotices).where(where),
  ]);
  return { items: await noticeViews(db, rows), totalCount: total };
}

/** The notices that reached the caller's enterprise as a debtor, newest first. */
export function debtorNotices(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: NoticeStatus }) {
  return noticePage(
    db,
    and(
      eq(assignmentNotices.debtorEnterpriseId, scope.enterpriseId),
      isNotNull(assignmentNotices.sentAt),
      q.status ? eq(assignmentNotices.status, q.status) : undefined,
    ),
    q,
  );
}

/** Every notice, for the operator's desk. */
export function deskNotices(db: Db, q: PageQuery & { status?: NoticeStatus }) {
  return noticePage(db, q.status ? eq(assignmentNotices.status, q.status) : undefined, q);
}
