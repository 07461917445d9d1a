// The notices' rows (issue 36): read and locked in one place, named as users read them.
import { formatYuan, NOTICE_KIND_LABELS } from '@factoring/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { FACTOR_NAME } from '../../financing/index.ts';
import type { NoticeLetter } from './delivery.ts';

export type Notice = typeof assignmentNotices.$inferSelect;

/** A notice locked for a change; `debtorId` limits it to the notices sent to one enterprise (404 otherwise). */
export async function lockNotice(tx: Tx, id: number, debtorId?: number): Promise<Notice> {
  const [row] = await tx
    .select()
    .from(assignmentNotices)
    .where(and(eq(assignmentNotices.id, id), debtorId === undefined ? undefined : eq(assignmentNotices.debtorEnterpriseId, debtorId)))
    .for('update');
  if (!row) throw new NotFoundError('通知不存在');
  return row;
}

/** The notices of a financing, oldest first, locked. */
export async function noticesOf(tx: Tx, holder: { product: string; financingId: number }) {
  return tx
    .select()
    .from(assignmentNotices)
    .where(and(eq(assignmentNotices.product, holder.product), eq(assignmentNotices.financingId, holder.financingId)))
    .orderBy(asc(assignmentNotices.id))
    .for('update');
}

/** The financing's notice of assignment that stands (not void), if one was drawn up. */
export async function liveAssignmentNotice(db: Db | Tx, holder: { product: string; financingId: number }): Promise<Notice | null> {
  const [notice] = await db
    .select()
    .from(assignmentNotices)
    .where(
      and(
        eq(assignmentNotices.product, holder.product),
        eq(assignmentNotices.financingId, holder.financingId),
        eq(assignmentNotices.kind, 'ASSIGNMENT'),
        ne(assignmentNotices.status, 'VOID'),
      ),
    );
  return notice ?? null;
}

export const titleOf = (n: Pick<Notice, 'kind' | 'noticeNo'>) => `${NOTICE_KIND_LABELS[n.kind]}（${n.noticeNo}）`;

/** The names of enterprises, one query. */
export async function namesOf(db: Db | Tx, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
        .from(enterpriseDirectory)
        .where(inArray(enterpriseDirectory.id, unique))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a notice says in words: the body of its mail, and what a courier or platform prints. */
export async function letterOf(db: Db | Tx, notice: Notice, releaseOfNo?: string | null): Promise<NoticeLetter> {
  const names = await namesOf(db, [notice.supplierEnterpriseId, notice.debtorEnterpriseId]);
  const debtor = names.get(notice.debtorEnterpriseId);
  const supplier = names.get(notice.supplierEnterpriseId)?.name ?? '';
  const debtorName = debtor?.name ?? '';
  const account = notice.collectionAccount;
  const lines = notice.receivables.map((r) => `  · ${r.label}，金额 ¥${formatYuan(r.amount)}${r.dueDate ? `，到期日 ${r.dueDate}` : ''}`);
  const factor = account.accountName || FACTOR_NAME;
  const text =
    notice.kind === 'ASSIGNMENT'
      ? [
          `${debtorName}：`,
          '',
          `${supplier}已将其对贵单位享有的下列应收账款及其项下的全部权利转让予${factor}（${titleOf(notice)}，融资编号 ${notice.financingNo}）：`,
          ...lines,
          `  合计 ¥${formatYuan(notice.amount)}`,
          '',
          `依据《中华人民共和国民法典》第五百四十六条，该转让自贵单位收到本通知之日起对贵单位发生效力。请于到期日将上述款项支付至保理商收款账户：户名 ${account.accountName}，开户行 ${account.bankBranchName}，账号 ${account.accountNo}，付款时请注明通知书编号 ${notice.noticeNo}。向其他账户的付款不能解除贵单位的付款义务。`,
          '',
          '本通知书经转让人以登录密码确认签署并由保理商会签，附双方电子签名。请登录鑫链保理平台「应收账款确权」确认收到，或回复本邮件确认。',
        ].join('\n')
      : [
          `${debtorName}：`,
          '',
          `${supplier}转让予${factor}的下列应收账款${releaseOfNo ? `（应收账款转让通知书 ${releaseOfNo}）` : ''}，其项下融资（编号 ${notice.financingNo}）已${notice.note ?? '终止'}，保理商现解除该转让：`,
          ...lines,
          '',
          `自贵单位收到本通知之日起，上述应收账款尚未支付的部分请向原债权人${supplier}支付，此前转让通知书载明的保理收款账户不再适用。`,
        ].join('\n');
  return {
    noticeId: notice.id,
    noticeNo: notice.noticeNo,
    kind: notice.kind,
    title: titleOf(notice),
    debtor: { enterpriseId: notice.debtorEnterpriseId, name: debtorName, creditCode: debtor?.uscc ?? null },
    mailTo: notice.mailTo,
    text,
  };
}
