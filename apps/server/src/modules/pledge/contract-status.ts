import { chinaParts, CONTRACT_STATUS_LABELS } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pledgeFinancings, type TaskField } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { factorScope, ownedBy, type Scope } from '../../lib/scope.ts';
import { contractDirectory, isContractSigned, shownStatusOf, statusLabelOf } from '../contracts/index.ts';
import { PLEDGE_RELATED_TYPE } from './contract-documents.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A signature's China time to the minute: '2026/05/18 09:30'. */
const signedAtText = (d: Date) => {
  const p = chinaParts(d);
  return `${p.year}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
};

async function contractRows(db: Db | Tx, scope: Scope, financingId: number) {
  return db
    .select({
      id: contractDirectory.id,
      contractNo: contractDirectory.contractNo,
      type: contractDirectory.type,
      typeLabel: contractDirectory.typeLabel,
      factorCountersigns: contractDirectory.factorCountersigns,
      title: contractDirectory.title,
      counterparty: contractDirectory.counterparty,
      amount: contractDirectory.amount,
      status: shownStatusOf(contractDirectory),
      signedByName: contractDirectory.signedByName,
      signedAt: contractDirectory.signedAt,
      countersignedAt: contractDirectory.countersignedAt,
    })
    .from(contractDirectory)
    .where(
      and(
        eq(contractDirectory.relatedType, PLEDGE_RELATED_TYPE),
        eq(contractDirectory.relatedId, String(financingId)),
        ownedBy(scope, contractDirectory.enterpriseId),
      ),
    )
    .orderBy(asc(contractDirectory.id));
}

/** The pledge contract and margin agreement of a financing in the caller's scope (another enterprise's: 404). */
export async function pledgeContracts(db: Db, scope: Scope, financingId: number) {
  const [f] = await db
    .select({ id: pledgeFinancings.id })
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.id, financingId), ownedBy(scope, pledgeFinancings.enterpriseId)));
  if (!f) throw new NotFoundError('质押融资不存在');
  const rows = await contractRows(db, scope, financingId);
  const live = rows.filter((r) => r.status !== 'VOID');
  return {
    allSigned: live.length > 0 && live.every((r) => r.status === 'SIGNED'),
    contracts: rows.map(({ countersignedAt, factorCountersigns, ...r }) => ({
      ...r,
      // The contracts module's one rule: a signed pledge contract reads 待保理方会签 until the operator approves (issue 37).
      statusLabel: statusLabelOf({ ...r, factorCountersigns, countersignedAt }),
      signedAt: r.signedAt ? r.signedAt.toISOString() : null,
    })),
  };
}

/**
 * Refuses the operator's step (approval, disbursement) until every contract of the financing is
 * signed (PRODUCT §8/§10: the pledge contract and the margin agreement, signed with the password).
 */
export async function assertPledgeContractsSigned(tx: Tx, financingId: number, step: '审批' | '放款') {
  if (!(await isContractSigned(tx, PLEDGE_RELATED_TYPE, financingId)))
    throw new BusinessError(`质押合同和保证金协议尚未全部签署，不能${step}，请提醒企业在“合同管理”中签署`, 'PLEDGE_CONTRACTS_UNSIGNED');
}

/**
 * The approval and disbursement tasks' live facts (bpm `describe`): one line per contract, its number
 * and whether — by whom, when — it is signed, read when the operator opens the task.
 */
export async function contractFacts(db: Db | Tx, financingId: number): Promise<TaskField[]> {
  const rows = await contractRows(db, factorScope(), financingId);
  const live = rows.filter((r) => r.status !== 'VOID');
  if (live.length === 0) return [{ label: '合同签署', value: '无合同' }];
  return live.map((r) => ({
    label: `${r.typeLabel}签署`,
    value:
      r.status === 'SIGNED'
        ? `已签署 ${r.contractNo}（${r.signedByName ?? ''}，${r.signedAt ? signedAtText(r.signedAt) : ''}）`
        : `${CONTRACT_STATUS_LABELS[r.status]} ${r.contractNo}`,
  }));
}
