import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isIsoDate } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { contractNumberCounters, contracts } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { ContractKind } from './contract-kinds.ts';
import { chinaDate } from './labels.ts';
import { renderContractPdf } from './render-pdf.ts';
import { onRollback } from '../../db/transaction.ts';
import { removeContractFile, sha256, storeContractFile } from './storage.ts';
import { fillTemplate } from './templates.ts';
import * as clock from '../../lib/clock.ts';

const isoDate = z.string().refine(isIsoDate, '日期格式应为 YYYY-MM-DD');

/** What a business module passes to have a contract drawn up (besides the kind, its own). */
export const generateContractInput = z.object({
  enterpriseId: z.number().int().positive(),
  /** The business record, its type and id, e.g. ('LOAN', 42): what the kind's sign hooks are keyed by. */
  relatedType: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'relatedType must be UPPER_SNAKE_CASE'),
  relatedId: z.union([z.number().int(), z.string().trim().min(1).max(64)]).transform(String),
  /** The record's own number as users know it (e.g. the financing number), shown as the related business. */
  relatedNo: z.string().trim().max(64).optional(),
  /** The record's words when they are not the kind's (`recordLabel`), e.g. a margin agreement of its own. */
  recordLabel: z.string().trim().min(1).max(20).optional(),
  title: z.string().trim().min(1).max(100),
  counterparty: z.string().trim().min(1).max(100),
  /** Cents. */
  amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** Business data for the template: keys of the kind's `fieldLabels` or Chinese labels; values as displayed. */
  data: z.record(z.string().max(40), z.string().max(500)).default({}),
  effectiveDate: isoDate.optional(),
  expiryDate: isoDate.optional(),
});
export type GenerateContractInput = z.input<typeof generateContractInput> & { kind: ContractKind };

/** HT + yyyyMMdd + the day's sequence, at least four digits: HT202605180001. */
export function formatContractNo(day: string, seq: number): string {
  return `HT${day.replaceAll('-', '')}${String(seq).padStart(4, '0')}`;
}

/** The next number of a China day; the counter row's lock serialises concurrent generations until commit. */
async function nextContractNo(tx: Tx, day: string): Promise<string> {
  const [row] = await tx
    .insert(contractNumberCounters)
    .values({ day, lastSeq: 1 })
    .onConflictDoUpdate({ target: contractNumberCounters.day, set: { lastSeq: sql`${contractNumberCounters.lastSeq} + 1` } })
    .returning({ seq: contractNumberCounters.lastSeq });
  return formatContractNo(day, row.seq);
}

/**
 * Draws up a contract of the caller's kind: fills the kind's template with the business data, renders the Chinese PDF,
 * stores it under DATA_DIR/contracts and records it (TO_SIGN) with the file's size and SHA-256, in the
 * caller's transaction. The row keeps what the document states of its kind — its label, the record's words,
 * whether the factor countersigns — so reading a contract needs no registry. Opened with `inTransaction`, a rollback (or a retry) deletes the file again.
 */
export async function generateContract(
  tx: Tx,
  input: GenerateContractInput,
  now = clock.now(),
): Promise<{ id: number; contractNo: string }> {
  const { kind } = input;
  const i = generateContractInput.parse(input);
  const [enterprise] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, i.enterpriseId));
  if (!enterprise) throw new Error(`enterprise ${i.enterpriseId} does not exist`);

  const createdDate = chinaDate(now);
  const contractNo = await nextContractNo(tx, createdDate);
  const relatedLabel = `${i.recordLabel ?? kind.recordLabel} ${i.relatedNo ?? i.relatedId}`;
  const document = fillTemplate(kind, {
    contractNo,
    title: i.title,
    enterpriseName: enterprise.name,
    counterparty: i.counterparty,
    amount: i.amount,
    createdDate,
    effectiveDate: i.effectiveDate ?? null,
    expiryDate: i.expiryDate ?? null,
    relatedLabel,
    data: i.data,
  });
  const pdf = await renderContractPdf(document, { creationDate: now });
  const storedName = await storeContractFile(pdf);
  onRollback(tx, () => removeContractFile(storedName));

  const [row] = await tx
    .insert(contracts)
    .values({
      contractNo,
      enterpriseId: i.enterpriseId,
      type: kind.code,
      typeLabel: kind.label,
      factorCountersigns: kind.factorCountersigns,
      title: i.title,
      relatedType: i.relatedType,
      relatedId: i.relatedId,
      relatedNo: i.relatedNo ?? null,
      relatedLabel,
      counterparty: i.counterparty,
      amount: i.amount,
      status: 'TO_SIGN',
      data: i.data,
      createdAt: now,
      effectiveDate: i.effectiveDate ?? null,
      expiryDate: i.expiryDate ?? null,
      fileName: `${contractNo}-${kind.label}.pdf`,
      storedName,
      fileSize: pdf.length,
      fileSha256: sha256(pdf),
    })
    .returning({ id: contracts.id, contractNo: contracts.contractNo });
  return row;
}
