// The searches kept with a financing (issue 36): before paying, the factor searches the registry by the
// transferor's credit code (查询) and keeps what it found — the registry's own answer through the app's
// adapter, or a search certificate an operator made at a real registry and uploaded — with whether an
// earlier registration by another registrant covers one of the financing's invoices (民法典 art. 768).
import { compareIsoDates, earlierConflicts, formatChinaDateTime, invoiceLabel, type IsoDate } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { receivableRegistrations, receivableRegistrySearches, type RegistryConflict } from '../../../db/schema/index.ts';
import type { Actor } from '../../../lib/actor.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { now } from '../../../lib/clock.ts';
import { uploadDirectory } from '../../uploads/index.ts';
import { askRegistry, validRegistrationOf } from './filings.ts';
import type { RegistryAdapter } from './port.ts';
import { liveInvoicesOf, type Financed } from '../financed-invoices.ts';

export type RegistrySearch = typeof receivableRegistrySearches.$inferSelect;

/** The source name of a search an operator made elsewhere and uploaded. */
export const UPLOADED = 'uploaded-certificate';

const conflictWords = (conflicts: readonly RegistryConflict[]) =>
  conflicts
    .map(
      (c) =>
        `${c.registrantName} 的登记 ${c.registrationNo}${c.since ? `（${formatChinaDateTime(c.since)} 起）` : ''}已登记受让发票 ${c.invoices.join('、')}`,
    )
    .join('；');

/** The words that stop a payment on an earlier registration, with its legal basis. */
export const PRIORITY_RULE =
  '同一应收账款多次转让的，已登记的先于未登记的、登记在先的先于登记在后的取得应收账款（民法典第七百六十八条），不能放款';

async function transferorOf(tx: Tx, f: Financed) {
  const assets = await liveInvoicesOf(tx, f);
  if (!assets.length) throw new BusinessError('该融资没有在融的发票应收账款，无需查询', 'REGISTRY_NOTHING');
  return { code: assets[0].sellerKey, assets };
}

/**
 * 查询: the registry searched by the financing's transferor today, and the answer kept with the
 * financing — CLEAR, or CONFLICT naming each earlier registration by another registrant that covers one
 * of its invoices (the factor's own registrations and later ones by others do not stop it).
 */
export async function searchForFinancing(
  tx: Tx,
  registry: RegistryAdapter,
  f: Financed,
  actor: Actor,
  today: IsoDate,
): Promise<RegistrySearch> {
  const { code, assets } = await transferorOf(tx, f);
  const result = await askRegistry('查询', () => registry.search(code, { db: tx, today }));
  const numbers = result.findings.map((r) => r.registrationNo);
  const own = numbers.length
    ? await tx
        .select({ registrationNo: receivableRegistrations.registrationNo })
        .from(receivableRegistrations)
        .where(and(eq(receivableRegistrations.registry, registry.name), inArray(receivableRegistrations.registrationNo, numbers)))
    : [];
  const mine = await validRegistrationOf(tx, f);
  const conflicts = earlierConflicts(
    result.findings.map((r) => ({
      registrationNo: r.registrationNo,
      registrantName: r.registrant.name,
      standing: r.standing,
      receivables: r.receivables,
    })),
    { numbers: own.map((o) => o.registrationNo), covers: mine?.receivables ?? [] },
    assets.map((a) => ({ invoiceCode: a.invoiceCode ?? '', invoiceNumber: a.invoiceNumber ?? '' })),
  );
  const head = `中登网查询（查询证明 ${result.proofNo}，${formatChinaDateTime(result.searchedAt)}）`;
  const message = conflicts.length
    ? `${head}发现在先登记：${conflictWords(conflicts)}。${PRIORITY_RULE}`
    : `${head}：出让人 ${code} 名下有效登记 ${result.findings.length} 条，未发现他人在先登记本融资的应收账款`;
  const [row] = await tx
    .insert(receivableRegistrySearches)
    .values({
      product: f.product,
      financingId: f.financingId,
      transferorCode: code,
      source: 'REGISTRY',
      registry: registry.name,
      proofNo: result.proofNo,
      searchedOn: result.searchedOn,
      searchedAt: result.searchedAt,
      outcome: conflicts.length ? 'CONFLICT' : 'CLEAR',
      found: result.findings.length,
      conflicts,
      message,
      actorId: actor.id,
      actorName: actor.name,
    })
    .returning();
  return row;
}

/**
 * A search certificate an operator made at a real registry (中登网) and uploaded as a PDF: kept with the
 * financing as the operator read it — the certificate's number and date, and whether it shows an
 * earlier registration by another registrant covering the financing's invoices.
 */
export async function recordUploadedSearch(
  tx: Tx,
  f: Financed,
  input: { uploadId: number; searchedOn: IsoDate; proofNo?: string | null; conflictFound: boolean; note?: string | null },
  actor: Actor,
  today: IsoDate,
): Promise<RegistrySearch> {
  const { code, assets } = await transferorOf(tx, f);
  const [file] = await tx
    .select({
      id: uploadDirectory.id,
      enterpriseId: uploadDirectory.enterpriseId,
      name: uploadDirectory.originalName,
      type: uploadDirectory.mimeType,
    })
    .from(uploadDirectory)
    .where(eq(uploadDirectory.id, input.uploadId));
  if (!file || file.enterpriseId !== null) throw new BusinessError('查询证明文件不存在，请重新上传', 'REGISTRY_UPLOAD');
  if (file.type !== 'application/pdf') throw new BusinessError('查询证明须为登记系统出具的 PDF 文件', 'REGISTRY_UPLOAD');
  if (compareIsoDates(input.searchedOn, today) > 0) throw new BusinessError('查询日期不能晚于今天', 'REGISTRY_UPLOAD');
  if (input.conflictFound && !input.note?.trim()) throw new BusinessError('发现在先登记时，请写明其登记编号与登记人', 'REGISTRY_UPLOAD');
  const invoices = assets.map((a) => invoiceLabel(a.invoiceCode ?? '', a.invoiceNumber ?? ''));
  const conflicts: RegistryConflict[] = input.conflictFound
    ? [{ registrationNo: '', registrantName: input.note!.trim(), since: '', invoices }]
    : [];
  const head = `上传的中登网查询证明（${input.proofNo?.trim() || '未填编号'}，查询日期 ${input.searchedOn}，文件 ${file.name}）`;
  const message = input.conflictFound
    ? `${head}：经办人 ${actor.name} 确认发现在先登记：${input.note!.trim()}。${PRIORITY_RULE}`
    : `${head}：经办人 ${actor.name} 确认未发现他人在先登记本融资的应收账款`;
  const [row] = await tx
    .insert(receivableRegistrySearches)
    .values({
      product: f.product,
      financingId: f.financingId,
      transferorCode: code,
      source: 'UPLOAD',
      registry: UPLOADED,
      proofNo: input.proofNo?.trim() || null,
      uploadId: file.id,
      searchedOn: input.searchedOn,
      searchedAt: now(),
      outcome: input.conflictFound ? 'CONFLICT' : 'CLEAR',
      found: 0,
      conflicts,
      message,
      actorId: actor.id,
      actorName: actor.name,
    })
    .returning();
  return row;
}
