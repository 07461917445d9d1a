// The tax bureau's invoice check behind a port (issue 36, PRODUCT §13 "built here behind ports"). The
// portal asks an `InvoiceVerifier` and records what it answered (invoice-checks.ts); which verifier
// answers is wired once per app (app.ts: the app's `receivables` ports), never chosen by an operation. The built-in one is
// the simulated tax bureau (tax-bureau.ts); a real 发票查验 service is another implementation of the same
// interface.
import type { Cents, IsoDate } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { BureauFacts } from '../../db/schema/index.ts';

/** What the bureau's check takes: the invoice's code and number (a 数电票: no code), its date and its amount. */
export interface InvoiceQuery {
  invoiceCode: string;
  invoiceNumber: string;
  issueDate: IsoDate;
  /** 价税合计, in cents. */
  amount: Cents;
}

/**
 * The bureau's answer. FOUND: its facts about the invoice (status normal, void or reversed); NOT_FOUND:
 * no such invoice; MISMATCH: the date or amount asked with do not match its record (the bureau then
 * says no more); QUOTA_EXCEEDED: this invoice was checked `BUREAU_DAILY_QUOTA` times today already;
 * UNAVAILABLE: the service did not answer. The last two say nothing about the invoice.
 */
export type BureauAnswer =
  | { kind: 'FOUND'; facts: BureauFacts }
  | { kind: 'NOT_FOUND' }
  | { kind: 'MISMATCH'; problems: string[] }
  | { kind: 'QUOTA_EXCEEDED'; message: string }
  | { kind: 'UNAVAILABLE'; message: string };

export interface InvoiceVerifier {
  /** Stable name, recorded with every check. */
  name: string;
  /** Chinese name shown to operators. */
  label: string;
  /**
   * Asks about one invoice on the China date `today`. `db` is the portal's database handle of the
   * caller (a transaction when the check is part of one): only a verifier that keeps its books in the
   * portal's database (the simulator) uses it; a real service's adapter ignores it.
   */
  verify(query: InvoiceQuery, context: { db: Db | Tx; today: IsoDate }): Promise<BureauAnswer>;
}
