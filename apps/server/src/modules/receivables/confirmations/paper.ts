// A paper confirmation (issue 36, PRODUCT §13): the debtor signed and stamped a letter — a 确认函, or under
// undisclosed factoring (暗保理, where the debtor is not told of the assignment) a 询证函 in the supplier's name —
// and the factor's operator scans it and records it as the debtor's confirmation. It is how a debtor without a
// user on the portal confirms; the disbursing operator sees the scan in the proofs before money goes out.
import { compareIsoDates, financedAssetLifecycle, FINANCED_ASSET_KIND_LABELS, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financedAssets } from '../../../db/schema/index.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { uploadDirectory } from '../../uploads/index.ts';
import { answersOf, writeConfirmed } from './confirm.ts';

const SCAN_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export interface PaperConfirmation {
  assetId: number;
  uploadId: number;
  signedOn: IsoDate;
  note?: string | null;
}

/** Records the scanned letter as the debtor's confirmation of one receivable a financing holds. */
export async function recordPaperConfirmation(tx: Tx, operator: UserActor, input: PaperConfirmation, today: IsoDate) {
  const [asset] = await tx.select().from(financedAssets).where(eq(financedAssets.id, input.assetId)).for('update');
  if (!asset) throw new NotFoundError('应收账款不存在');
  if (asset.kind !== 'INVOICE' || !asset.debtorEnterpriseId)
    throw new BusinessError(`${asset.label}是${FINANCED_ASSET_KIND_LABELS[asset.kind]}，不在确权范围内`);
  if (asset.status !== 'HELD' && asset.status !== 'FUNDED')
    throw new BusinessError(
      `${asset.label}${financedAssetLifecycle.label(asset.status)}，已不在保理商名下，无需确权`,
      'ASSET_NOT_ASSIGNED',
    );
  const answer = (await answersOf(tx, [asset.assetKey])).get(asset.assetKey);
  if (answer?.status === 'CONFIRMED') throw new BusinessError(`${asset.label}已确权，请勿重复登记`, 'ALREADY_CONFIRMED');
  if (answer?.status === 'DISPUTED')
    throw new BusinessError(
      `债务人已对${asset.label}提出异议（${answer.disputeReason ?? ''}），异议未撤回前不能登记纸质确权`,
      'RECEIVABLE_DISPUTED',
    );
  if (compareIsoDates(input.signedOn, today) > 0) throw new BusinessError('确认函签署日期不能晚于今天', 'PAPER_CONFIRMATION');
  // The scan is the operator's own upload (an operator's files belong to no enterprise).
  const [scan] = await tx
    .select({ id: uploadDirectory.id, enterpriseId: uploadDirectory.enterpriseId, type: uploadDirectory.mimeType })
    .from(uploadDirectory)
    .where(eq(uploadDirectory.id, input.uploadId));
  if (!scan || scan.enterpriseId !== null) throw new BusinessError('确认函扫描件不存在，请重新上传', 'PAPER_CONFIRMATION');
  if (!SCAN_TYPES.has(scan.type)) throw new BusinessError('确认函扫描件须为 PDF 或 JPG、PNG 图片', 'PAPER_CONFIRMATION');
  await writeConfirmed(tx, asset, answer, {
    channel: 'PAPER',
    evidenceUploadId: scan.id,
    evidenceSignedOn: input.signedOn,
    evidenceNote: input.note?.trim() || null,
    confirmedBy: operator.id,
    confirmedByName: operator.name,
    confirmedAt: now(),
    ip: operator.ip ?? null,
  });
  return { assetId: asset.id, label: asset.label, status: 'CONFIRMED' as const, letterNo: null };
}
