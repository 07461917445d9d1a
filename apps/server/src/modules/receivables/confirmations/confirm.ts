// The debtor's confirmation (确权) and dispute (issue 36, PRODUCT §13): the core enterprise that owes an
// invoice assigned to the factor — a user of that enterprise, after its login password (the route's money
// command) — confirms each receivable it owes, one or a batch: the amount, the due date and that it has no
// set-off or defence (无抵销、无争议), in a 应收账款确认函 drawn up and signed with its PAdES signature for
// each receivable (the contracts' signing, type RECEIVABLE_CONFIRMATION); or disputes them with its reason,
// which stops their financing. Only its own receivables: another enterprise's are not found.
import { confirmationLifecycle, FINANCED_ASSET_KIND_LABELS, financedAssetLifecycle, formatYuan } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financedAssets, receivableConfirmations } from '../../../db/schema/index.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { generateContract, recordSignature } from '../../contracts/index.ts';
import { RECEIVABLE_CONFIRMATION_KIND } from '../contract-kinds.ts';
import { FACTOR_NAME } from '../../financing/index.ts';
import type { FinancedAsset } from '../financed-once.ts';
import { namesOf } from '../notices/store.ts';

export type Confirmation = typeof receivableConfirmations.$inferSelect;

/** The caller's receivables as a debtor, locked: every id must be one of them, or nothing is found. */
async function lockOwnAssets(tx: Tx, scope: EnterpriseScope, ids: readonly number[]): Promise<FinancedAsset[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(financedAssets)
    .where(and(inArray(financedAssets.id, unique), eq(financedAssets.debtorEnterpriseId, scope.enterpriseId)))
    .orderBy(asc(financedAssets.id))
    .for('update');
  if (rows.length !== unique.length) throw new NotFoundError('应收账款不存在');
  for (const a of rows) {
    if (a.kind !== 'INVOICE') throw new BusinessError(`${a.label}是${FINANCED_ASSET_KIND_LABELS[a.kind]}，不在确权范围内`);
    if (a.status !== 'HELD' && a.status !== 'FUNDED')
      throw new BusinessError(`${a.label}${financedAssetLifecycle.label(a.status)}，已不在保理商名下，无需确权`, 'ASSET_NOT_ASSIGNED');
  }
  return rows;
}

/** The confirmations of receivables by natural key, locked. */
export async function answersOf(tx: Tx, keys: readonly string[]) {
  const rows = keys.length
    ? await tx
        .select()
        .from(receivableConfirmations)
        .where(inArray(receivableConfirmations.assetKey, [...keys]))
        .for('update')
    : [];
  return new Map(rows.map((r) => [r.assetKey, r]));
}

/** The letter of one receivable, drawn up and signed by the debtor in the confirmation's transaction. */
async function signLetter(tx: Tx, scope: EnterpriseScope, actor: UserActor, asset: FinancedAsset, creditorName: string, at: Date) {
  const contract = await generateContract(
    tx,
    {
      enterpriseId: scope.enterpriseId,
      kind: RECEIVABLE_CONFIRMATION_KIND,
      relatedType: 'RECEIVABLE_CONFIRMATION',
      relatedId: asset.id,
      relatedNo: asset.label.slice(0, 64),
      title: `${asset.label}应收账款确认函`,
      counterparty: FACTOR_NAME,
      amount: asset.amount,
      data: {
        creditorName,
        receivable: `${asset.label}${asset.issueDate ? `（开票日期 ${asset.issueDate}）` : ''}，金额 ¥${formatYuan(asset.amount)}`,
        receivableDueDate: asset.dueDate ?? '按基础交易合同约定',
        financingNo: asset.financingNo,
        无抵销无争议: '是',
      },
    },
    at,
  );
  await recordSignature(tx, { contractId: contract.id, scope, signerName: actor.name, ip: actor.ip ?? '', at });
  return contract;
}

type ConfirmedBy = Pick<
  typeof receivableConfirmations.$inferInsert,
  | 'letterContractId'
  | 'letterNo'
  | 'channel'
  | 'evidenceUploadId'
  | 'evidenceSignedOn'
  | 'evidenceNote'
  | 'confirmedBy'
  | 'confirmedByName'
  | 'confirmedAt'
  | 'ip'
>;

/**
 * The receivable confirmed as it stands — its amount and due date, no set-off — by whom and with which proof:
 * a dispute turns into the confirmation, a receivable without an answer gets one.
 */
export async function writeConfirmed(tx: Tx, asset: FinancedAsset, answer: Confirmation | undefined, by: ConfirmedBy) {
  const confirmed = { assetId: asset.id, amount: asset.amount, dueDate: asset.dueDate, noSetOff: true, ...by };
  if (answer) await transition(tx, receivableConfirmations, confirmationLifecycle, answer, 'CONFIRMED', confirmed);
  else
    await tx.insert(receivableConfirmations).values({
      ...confirmed,
      assetKey: asset.assetKey,
      label: asset.label,
      debtorEnterpriseId: asset.debtorEnterpriseId!,
      creditorEnterpriseId: asset.enterpriseId,
      status: 'CONFIRMED',
    });
}

/** Confirms the receivables (a batch of the caller's): answers what was confirmed with each letter's number. */
export async function confirmReceivables(tx: Tx, scope: EnterpriseScope, actor: UserActor, assetIds: readonly number[]) {
  const assets = await lockOwnAssets(tx, scope, assetIds);
  const answers = await answersOf(
    tx,
    assets.map((a) => a.assetKey),
  );
  const names = await namesOf(
    tx,
    assets.map((a) => a.enterpriseId),
  );
  const at = now();
  const done: { assetId: number; label: string; status: 'CONFIRMED'; letterNo: string }[] = [];
  for (const asset of assets) {
    const answer = answers.get(asset.assetKey);
    if (answer?.status === 'CONFIRMED') throw new BusinessError(`${asset.label}已确权，请勿重复确权`, 'ALREADY_CONFIRMED');
    const letter = await signLetter(tx, scope, actor, asset, names.get(asset.enterpriseId)?.name ?? '', at);
    await writeConfirmed(tx, asset, answer, {
      letterContractId: letter.id,
      letterNo: letter.contractNo,
      channel: 'PORTAL',
      confirmedBy: actor.id,
      confirmedByName: actor.name,
      confirmedAt: at,
      ip: actor.ip ?? null,
    });
    done.push({ assetId: asset.id, label: asset.label, status: 'CONFIRMED', letterNo: letter.contractNo });
  }
  return done;
}

/** Disputes the receivables (a batch of the caller's) with one reason: their financing is stopped. */
export async function disputeReceivables(tx: Tx, scope: EnterpriseScope, actor: UserActor, assetIds: readonly number[], reason: string) {
  const assets = await lockOwnAssets(tx, scope, assetIds);
  const answers = await answersOf(
    tx,
    assets.map((a) => a.assetKey),
  );
  const at = now();
  for (const asset of assets) {
    const answer = answers.get(asset.assetKey);
    if (answer?.status === 'CONFIRMED')
      throw new BusinessError(`${asset.label}已确权（无抵销、无争议），不能再提出异议；如有争议请联系保理商处理`, 'ALREADY_CONFIRMED');
    if (answer?.status === 'DISPUTED') throw new BusinessError(`已对${asset.label}提出异议，请勿重复提交`, 'ALREADY_DISPUTED');
  }
  await tx.insert(receivableConfirmations).values(
    assets.map((asset) => ({
      assetKey: asset.assetKey,
      assetId: asset.id,
      label: asset.label,
      debtorEnterpriseId: scope.enterpriseId,
      creditorEnterpriseId: asset.enterpriseId,
      status: 'DISPUTED' as const,
      disputeReason: reason,
      disputedBy: actor.id,
      disputedByName: actor.name,
      disputedAt: at,
      ip: actor.ip ?? null,
    })),
  );
  return assets.map((a) => ({ assetId: a.id, assetKey: a.assetKey, label: a.label, status: 'DISPUTED' as const, letterNo: null }));
}
