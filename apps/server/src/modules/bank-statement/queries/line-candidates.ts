import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankStatementLines } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { virtualAccountByNo, virtualAccountDirectory } from '../../ledger/index.ts';
import { agreementOf, agreementWords, entryLabel, namedVirtualAccounts, openLedgerLines, waitingVouchers } from '../matching/candidates.ts';
import { bankCashAccountId } from '../store.ts';
import type { TransferVoucherBook } from '../../financing/index.ts';

/** What an exception could be: the accounts it names (or whose enterprise paid it), vouchers and booked lines of exactly its amount. */
export async function lineCandidates(db: Db, id: number, sources: TransferVoucherBook) {
  return db.transaction(async (tx) => {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id));
    if (!line) throw new NotFoundError('流水不存在');
    const bankId = await bankCashAccountId(tx);
    const credit = line.direction === 'CREDIT';
    const accounts: { accountNo: string; accountName: string }[] = [];
    if (credit) {
      for (const accountNo of namedVirtualAccounts(line)) {
        const a = await virtualAccountByNo(tx, accountNo);
        if (a) accounts.push({ accountNo: a.accountNo, accountName: a.accountName });
      }
      if (line.counterpartyName) {
        const byName = await tx
          .select({ accountNo: virtualAccountDirectory.accountNo, accountName: enterpriseDirectory.name })
          .from(virtualAccountDirectory)
          .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, virtualAccountDirectory.enterpriseId))
          .where(eq(enterpriseDirectory.name, line.counterpartyName.trim()));
        for (const a of byName) if (!accounts.some((x) => x.accountNo === a.accountNo)) accounts.push(a);
      }
    }
    const vouchers = credit
      ? (await waitingVouchers(tx, sources, line.amount)).map((v) => ({
          source: v.source,
          id: v.id,
          taskId: v.taskId,
          label: v.label,
          amount: v.amount,
          payerAccountName: v.payerAccountName,
          payerAccountNo: v.payerAccountNo,
          reference: v.references.join(' / '),
          agrees: agreementWords(agreementOf(line, v)),
        }))
      : [];
    const entries =
      bankId === null
        ? []
        : (await openLedgerLines(tx, bankId, line)).map((e) => ({
            journalLineId: e.id,
            kind: credit ? ('RECEIPT' as const) : ('PAYOUT' as const),
            label: entryLabel(e),
            amount: e.amount,
            counterpartyName: e.counterpartyName,
            counterpartyAccount: e.counterpartyAccount,
            bookedAt: e.createdAt,
          }));
    return { accounts, vouchers, entries };
  });
}
