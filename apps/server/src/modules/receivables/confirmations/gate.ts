// What the debtor's part must show before money goes out (issue 36, PRODUCT §13): every invoice a financing
// holds confirmed by its debtor (none disputed), and the notice of assignment countersigned — for disclosed
// factoring (明保理) delivered and acknowledged by the debtor, for undisclosed (暗保理) held ready to send. A
// dispute stops the financing at its approval already. The same facts are the disbursement drawer's.
import { formatChinaDateTime, formatYuan, NOTICE_MODE_LABELS, noticeLifecycle } from '@factoring/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { receivableConfirmations, type TaskField } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Holder } from '../financed-once.ts';
import { liveInvoicesOf } from '../financed-invoices.ts';
import { liveAssignmentNotice, namesOf, titleOf } from '../notices/store.ts';

type Ref = Pick<Holder, 'product' | 'financingId'>;

/** The invoices a financing holds (live), their debtor's answers, and its notice of assignment. */
async function standing(db: Db | Tx, holder: Ref) {
  const assets = await liveInvoicesOf(db, holder);
  const answers = assets.length
    ? await db
        .select()
        .from(receivableConfirmations)
        .where(
          inArray(
            receivableConfirmations.assetKey,
            assets.map((a) => a.assetKey),
          ),
        )
    : [];
  const notice = await liveAssignmentNotice(db, holder);
  const names = await namesOf(
    db,
    assets.flatMap((a) => (a.debtorEnterpriseId ? [a.debtorEnterpriseId] : [])),
  );
  return { assets, answers: new Map(answers.map((c) => [c.assetKey, c])), notice, names };
}

/** Why money may not go out against the financing yet, in Chinese (none: it may). */
export async function assignmentProblems(db: Db | Tx, holder: Ref) {
  const { assets, answers, notice, names } = await standing(db, holder);
  const disputes: string[] = [];
  const problems: string[] = [];
  if (!assets.length) return { disputes, problems };
  for (const a of assets) {
    const answer = answers.get(a.assetKey);
    const debtor = a.debtorEnterpriseId ? (names.get(a.debtorEnterpriseId)?.name ?? '') : '';
    if (!answer) problems.push(`${a.label}待债务人${debtor}确权`);
    else if (answer.status === 'DISPUTED') disputes.push(`债务人${debtor}对${a.label}提出异议：${answer.disputeReason}`);
  }
  if (!notice) problems.push('应收账款转让通知书尚未制作');
  else if (notice.status === 'DRAWN') problems.push(`${titleOf(notice)}待供应商签署`);
  else if (notice.status === 'SIGNED') problems.push(`${titleOf(notice)}待保理方会签`);
  else if (notice.mode === 'DISCLOSED' && notice.status === 'SENT') problems.push(`${titleOf(notice)}已送达，待债务人确认收到`);
  else if (notice.mode === 'DISCLOSED' && notice.status !== 'ACKNOWLEDGED')
    problems.push(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}`);
  return { disputes, problems };
}

/** The disbursement's gate, in its transaction: refused with the reasons while anything is missing. */
export async function assertAssignmentClear(tx: Tx, holder: Ref) {
  const { disputes, problems } = await assignmentProblems(tx, holder);
  if (disputes.length) throw new BusinessError(`债务人有异议，不能放款：${disputes.join('；')}`, 'RECEIVABLE_DISPUTED');
  if (problems.length) throw new BusinessError(`确权与转让通知未完成，不能放款：${problems.join('；')}`, 'ASSIGNMENT_NOT_CLEAR');
}

/** The approval's gate: a receivable its debtor disputes is not financed. */
export async function assertNotDisputed(tx: Tx, holder: Ref) {
  const { disputes } = await assignmentProblems(tx, holder);
  if (disputes.length) throw new BusinessError(`债务人有异议，融资不能审批通过：${disputes.join('；')}`, 'RECEIVABLE_DISPUTED');
}

/** The proofs in words, for the operator's drawer: each invoice's confirmation, the notice, and whether money may go. */
export async function assignmentFacts(db: Db, holder: Ref): Promise<TaskField[]> {
  const { assets, answers, notice } = await standing(db, holder);
  if (!assets.length) return [];
  const facts: TaskField[] = assets.map((a) => {
    const c = answers.get(a.assetKey);
    const value = !c
      ? '待债务人确权'
      : c.status === 'DISPUTED'
        ? `有争议：${c.disputeReason}（${c.disputedByName}，${c.disputedAt ? formatChinaDateTime(c.disputedAt) : ''}）`
        : `已确权：金额 ¥${formatYuan(c.amount ?? 0)}，到期日 ${c.dueDate ?? '未约定'}，无抵销、无争议；${
            c.channel === 'PAPER'
              ? `纸质确认函（债务人 ${c.evidenceSignedOn} 签署，扫描件由 ${c.confirmedByName} 登记${c.evidenceNote ? `：${c.evidenceNote}` : ''}）`
              : `确认函 ${c.letterNo}（${c.confirmedByName}，${c.confirmedAt ? formatChinaDateTime(c.confirmedAt) : ''}）`
          }`;
    return { label: `债务人确权 ${a.label}`, value };
  });
  facts.push({
    label: '转让通知',
    value: notice
      ? `${titleOf(notice)} ${noticeLifecycle.label(notice.status)}（${NOTICE_MODE_LABELS[notice.mode]}）${
          notice.sentAt ? `，${notice.deliveredTo ?? ''} ${formatChinaDateTime(notice.sentAt)} 送达` : ''
        }${notice.acknowledgedAt ? `，${notice.acknowledgedByName} ${formatChinaDateTime(notice.acknowledgedAt)} 确认收到` : ''}`
      : '尚未制作（融资审批通过后制作）',
  });
  const { disputes, problems } = await assignmentProblems(db, holder);
  facts.push({
    label: '确权与通知',
    value: disputes.length ? `不能放款：${disputes.join('；')}` : problems.length ? `不能放款：${problems.join('；')}` : '齐备，可以放款',
  });
  return facts;
}
