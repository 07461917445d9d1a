// The notice of assignment is drawn up (issue 36, PRODUCT §13): when the factor approves a financing of
// invoices, a 应收账款转让通知书 naming the receivables and the factor's collection account — the platform's,
// else the site's factoring account — is drawn up as a contract for the supplier to sign. The platform says
// whether it goes to the debtor at once (明保理) or is held (暗保理).
import { formatYuan, NOTICE_MODE_LABELS, type NoticeMode } from '@factoring/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { assignmentNotices, financedAssets, type CollectionAccount } from '../../../db/schema/index.ts';
import { generateContract } from '../../contracts/index.ts';
import { ASSIGNMENT_NOTICE_KIND } from '../contract-kinds.ts';
import { FACTOR_NAME, platformDirectory } from '../../financing/index.ts';
import { readSiteConfig } from '../../system/index.ts';
import type { Holder } from '../financed-once.ts';
import { liveAssignmentNotice, namesOf, type Notice } from './store.ts';

/** The factor's collection account a platform's notices name, and the platform's notice terms. */
export async function platformNoticeTerms(db: Db | Tx, platformId: number) {
  const [platform] = await db
    .select({
      name: platformDirectory.name,
      noticeMode: platformDirectory.noticeMode,
      noticeEmail: platformDirectory.noticeEmail,
      repaymentAccount: platformDirectory.repaymentAccount,
    })
    .from(platformDirectory)
    .where(eq(platformDirectory.id, platformId));
  if (!platform) throw new Error(`platform ${platformId} does not exist`);
  const site = await readSiteConfig(db as Db);
  const account: CollectionAccount = platform.repaymentAccount ?? site.factoringAccount;
  return { ...platform, account };
}

/** The number of a financing's next notice of assignment: ZR + the financing's number, then -2, -3 … for one drawn up again. */
async function nextAssignmentNoticeNo(tx: Tx, of: { product: string; financingId: number; financingNo: string }) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(assignmentNotices)
    .where(
      and(
        eq(assignmentNotices.product, of.product),
        eq(assignmentNotices.financingId, of.financingId),
        eq(assignmentNotices.kind, 'ASSIGNMENT'),
      ),
    );
  return `ZR${of.financingNo}${n ? `-${n + 1}` : ''}`;
}

/**
 * Draws up the notice of assignment of a financing's invoices (HELD in `financed_assets`), in the approval's
 * transaction: once per financing (a second call finds it), nothing for a financing of none. Answers the notice.
 */
export async function drawUpAssignmentNotice(tx: Tx, holder: Holder, p: { platformId: number; mode?: NoticeMode }): Promise<Notice | null> {
  const live = await liveAssignmentNotice(tx, holder);
  if (live) return live;
  const assets = await tx
    .select()
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, holder.product),
        eq(financedAssets.financingId, holder.financingId),
        eq(financedAssets.kind, 'INVOICE'),
        eq(financedAssets.status, 'HELD'),
      ),
    )
    .orderBy(asc(financedAssets.id));
  if (!assets.length) return null;
  const debtors = [...new Set(assets.map((a) => a.debtorEnterpriseId))];
  if (debtors.length !== 1 || debtors[0] === null)
    throw new Error(`financing ${holder.financingNo}: its invoices name ${debtors.length} debtors`);
  const debtorId = debtors[0];
  const terms = await platformNoticeTerms(tx, p.platformId);
  const names = await namesOf(tx, [debtorId, holder.enterpriseId]);
  const noticeNo = await nextAssignmentNoticeNo(tx, holder);
  const receivables = assets.map((a) => ({ assetKey: a.assetKey, label: a.label, amount: a.amount, dueDate: a.dueDate }));
  const amount = receivables.reduce((sum, r) => sum + r.amount, 0);
  const mode = p.mode ?? terms.noticeMode;
  const [notice] = await tx
    .insert(assignmentNotices)
    .values({
      noticeNo,
      kind: 'ASSIGNMENT',
      mode,
      product: holder.product,
      financingId: holder.financingId,
      financingNo: holder.financingNo,
      supplierEnterpriseId: holder.enterpriseId,
      debtorEnterpriseId: debtorId,
      receivables,
      amount,
      collectionAccount: terms.account,
      mailTo: terms.noticeEmail,
      status: 'DRAWN',
      sendOn: mode === 'UNDISCLOSED' ? 'OVERDUE' : null,
    })
    .returning();
  return issueNoticeContract(tx, notice, { platformName: terms.name, debtorName: names.get(debtorId)?.name ?? '' });
}

/** The notice as a contract for the supplier to sign (type ASSIGNMENT_NOTICE), linked to it. */
async function issueNoticeContract(tx: Tx, notice: Notice, p: { platformName: string; debtorName: string }): Promise<Notice> {
  const account = notice.collectionAccount;
  const contract = await generateContract(tx, {
    enterpriseId: notice.supplierEnterpriseId,
    kind: ASSIGNMENT_NOTICE_KIND,
    relatedType: 'ASSIGNMENT_NOTICE',
    relatedId: notice.id,
    relatedNo: notice.noticeNo,
    title: `${p.platformName}应收账款转让通知书（${notice.noticeNo}）`,
    counterparty: account.accountName || FACTOR_NAME,
    amount: notice.amount,
    data: {
      financingNo: notice.financingNo,
      ...(p.platformName ? { platformName: p.platformName } : {}),
      debtorName: p.debtorName,
      receivable: notice.receivables
        .map((r) => `${r.label}（¥${formatYuan(r.amount)}${r.dueDate ? `，到期日 ${r.dueDate}` : ''}）`)
        .join('；')
        .slice(0, 500),
      collectionAccountName: account.accountName,
      collectionBank: account.bankBranchName,
      collectionAccountNo: account.accountNo,
      通知方式: NOTICE_MODE_LABELS[notice.mode],
    },
  });
  const [linked] = await tx
    .update(assignmentNotices)
    .set({ contractId: contract.id })
    .where(eq(assignmentNotices.id, notice.id))
    .returning();
  return linked;
}

/**
 * The factor sent a signed notice back (its countersigning task rejected): that one is void, and the same
 * notice is drawn up again — same receivables, account and mode, the next number — for the supplier to sign.
 */
export async function redrawNotice(tx: Tx, old: Notice): Promise<Notice> {
  const noticeNo = await nextAssignmentNoticeNo(tx, old);
  const [notice] = await tx
    .insert(assignmentNotices)
    .values({
      noticeNo,
      kind: 'ASSIGNMENT',
      mode: old.mode,
      product: old.product,
      financingId: old.financingId,
      financingNo: old.financingNo,
      supplierEnterpriseId: old.supplierEnterpriseId,
      debtorEnterpriseId: old.debtorEnterpriseId,
      receivables: old.receivables,
      amount: old.amount,
      collectionAccount: old.collectionAccount,
      mailTo: old.mailTo,
      status: 'DRAWN',
      sendOn: old.sendOn,
    })
    .returning();
  const names = await namesOf(tx, [old.debtorEnterpriseId]);
  return issueNoticeContract(tx, notice, { platformName: '', debtorName: names.get(old.debtorEnterpriseId)?.name ?? '' });
}
