import type { Tx } from '../../../db/client.ts';
import { bankStatementFormats } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { fromRow, type StatementColumns, type StatementFormat, type StatementMeta, type TableMapping } from '../formats.ts';

/** Saves a bank's column mapping under its code (new, or replacing the saved one). */
export async function saveFormat(
  tx: Tx,
  operatorId: number,
  input: { code: string; name: string; bankName: string; columns: StatementColumns; creditMarkers?: string[]; meta?: StatementMeta },
): Promise<StatementFormat> {
  const mapping: TableMapping = { columns: input.columns, creditMarkers: input.creditMarkers ?? [], meta: input.meta ?? null };
  const [row] = await tx
    .insert(bankStatementFormats)
    .values({ code: input.code, name: input.name, bankName: input.bankName, mapping, updatedBy: operatorId })
    .onConflictDoUpdate({
      target: bankStatementFormats.code,
      set: { name: input.name, bankName: input.bankName, mapping, updatedBy: operatorId, updatedAt: now() },
    })
    .returning();
  return fromRow(row);
}
