import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { payees, targetedPayments, withdrawals } from '../../../db/schema/index.ts';

/** A pay-out through the factor's bank as the ledger booked it: its entry, the enterprise whose money left, the account paid. */
export interface PayoutParty {
  entryId: number;
  enterpriseId: number | null;
  accountNo: string | null;
}

/**
 * The payee's bank of each pay-out the funds area makes through the factor's bank (issue 37), keyed by
 * journal entry: a withdrawal's pay-out — the bank recorded with the withdrawal (its settlement
 * account's branch); a targeted payment — its payee's bank while the payee still has the account paid;
 * any other pay-out to a whitelisted payee (a purchase order paid from free funds) — the bank of the
 * enterprise's payee holding the account paid. An entry whose bank cannot be known is absent (the
 * payment file refuses it). Three queries for any number of pay-outs.
 */
export async function payoutBanks(db: Db | Tx, parties: readonly PayoutParty[]): Promise<Map<number, string>> {
  const banks = new Map<number, string>();
  const entryIds = [...new Set(parties.map((p) => p.entryId))];
  if (!entryIds.length) return banks;
  const paid = new Map(parties.map((p) => [p.entryId, p]));
  const sets = (entryId: number, bank: string | null | undefined) => {
    if (bank?.trim() && !banks.has(entryId)) banks.set(entryId, bank.trim());
  };

  const withdrawn = await db
    .select({ entryId: withdrawals.settleEntryId, bankName: withdrawals.bankName, accountNo: withdrawals.bankAccountNo })
    .from(withdrawals)
    .where(inArray(withdrawals.settleEntryId, entryIds));
  for (const w of withdrawn) if (w.entryId !== null && paid.get(w.entryId)?.accountNo === w.accountNo) sets(w.entryId, w.bankName);

  const targeted = await db
    .select({ entryId: targetedPayments.entryId, bankName: payees.bankName, accountNo: payees.accountNo })
    .from(targetedPayments)
    .innerJoin(payees, eq(payees.id, targetedPayments.payeeId))
    .where(inArray(targetedPayments.entryId, entryIds));
  for (const p of targeted) if (paid.get(p.entryId)?.accountNo === p.accountNo) sets(p.entryId, p.bankName);

  const rest = parties.filter((p) => !banks.has(p.entryId) && p.enterpriseId !== null && p.accountNo);
  if (rest.length) {
    const whitelisted = await db
      .select({ enterpriseId: payees.enterpriseId, accountNo: payees.accountNo, bankName: payees.bankName })
      .from(payees)
      .where(
        and(
          inArray(payees.enterpriseId, [...new Set(rest.map((p) => p.enterpriseId!))]),
          inArray(payees.accountNo, [...new Set(rest.map((p) => p.accountNo!))]),
        ),
      )
      // An active payee before a disabled or pending one; the newest first.
      .orderBy(desc(eq(payees.status, 'ACTIVE')), desc(payees.id));
    for (const p of rest)
      sets(p.entryId, whitelisted.find((w) => w.enterpriseId === p.enterpriseId && w.accountNo === p.accountNo)?.bankName);
  }
  return banks;
}
