// The movable-property financing registry behind a port (issue 36, PRODUCT §13 "built here behind ports").
// The portal registers, amends, extends, cancels and searches through a `RegistryAdapter` and keeps what
// it answered (filings.ts, searches.ts); which registry answers is wired once per app (app.ts, the
// app's `receivables` ports), never chosen by an operation. The built-in one is the local registry
// (local-registry.ts); the real 中登网 is another implementation of this interface.
import type { IsoDate, RegistrationStanding, RegistryAct } from '@factoring/domain';
import type { Db, Tx } from '../../../db/client.ts';
import type { RegisteredReceivable } from '../../../db/schema/index.ts';

/** A party as the registry names it: its legal name and its unified social credit code. */
export interface RegistryParty {
  name: string;
  creditCode: string;
}

/** What an initial registration (初始登记) of an assignment of receivables (保理 / 应收账款转让) takes. */
export interface RegistrationRequest {
  /** 出让人: the supplier assigning its receivables. */
  transferor: RegistryParty;
  /** What is assigned: the invoices, their amounts and debtors (`addedAt` is the registry's to set). */
  receivables: Omit<RegisteredReceivable, 'addedAt'>[];
  /** 转让财产描述, in words. */
  description: string;
  /** 转让财产价值, in cents. */
  amount: number;
  /** 登记期限, whole years (1–30). */
  years: number;
  /** The registrant's own reference (填表人归档号): the financing number. */
  reference: string;
}

/** A change registration (变更登记): what the registration describes after it. */
export interface AmendmentRequest {
  receivables: Omit<RegisteredReceivable, 'addedAt'>[];
  description: string;
  amount: number;
  /** Why, in words (kept with the act). */
  note: string;
}

/** A registration as the registry shows it (its certificate, a search). */
export interface RegistrationView {
  registrationNo: string;
  registrant: RegistryParty;
  transferor: RegistryParty;
  receivables: RegisteredReceivable[];
  description: string;
  amount: number;
  years: number;
  registeredAt: Date;
  registeredOn: IsoDate;
  expiresOn: IsoDate;
  /** Where it stands on the day asked about. */
  standing: RegistrationStanding;
}

/** One act at the registry: its number (登记编号 / 变更登记编号 …) and the registration after it. */
export interface RegistryActResult {
  act: RegistryAct;
  actNo: string;
  madeAt: Date;
  registration: RegistrationView;
}

/** A search by a transferor's credit code (查询): its certificate's number and what it found, valid ones. */
export interface SearchResult {
  proofNo: string;
  searchedAt: Date;
  searchedOn: IsoDate;
  transferorCode: string;
  findings: RegistrationView[];
}

/** Where the registry keeps its books: the portal's database for the local registry, ignored by a real one's adapter. */
export interface RegistryContext {
  db: Db | Tx;
  today: IsoDate;
}

/**
 * The registry, as the factor's account at it: the adapter registers as its registrant (担保权人 /
 * 受让人), and amends, extends and cancels only that registrant's registrations. Each act answers the
 * registry's number for it; a refusal is a `RegistryRefusal` with the registry's words; a registry that
 * does not answer throws anything else (the portal records it as unavailable and changes nothing).
 */
export interface RegistryAdapter {
  /** Stable name, recorded with every registration and search. */
  name: string;
  /** Chinese name shown to operators. */
  label: string;
  /** Who registers through this adapter. */
  registrant: RegistryParty;
  /** Whether this is the built-in local registry (its desk lets operators see its books). */
  local: boolean;
  register(request: RegistrationRequest, context: RegistryContext): Promise<RegistryActResult>;
  amend(registrationNo: string, change: AmendmentRequest, context: RegistryContext): Promise<RegistryActResult>;
  /** 展期登记: `years` more, before the period runs out (the whole period at most 30 years). */
  extend(registrationNo: string, years: number, context: RegistryContext): Promise<RegistryActResult>;
  /** 注销登记, for good. */
  cancel(registrationNo: string, reason: string, context: RegistryContext): Promise<RegistryActResult>;
  /** 查询: every valid registration whose transferor (出让人) has this credit code, dated `today`. */
  search(transferorCode: string, context: RegistryContext): Promise<SearchResult>;
  /** The certificate of an act (登记证明) or of a search (查询证明) by its number, as a PDF; null when it knows none. */
  certificate(number: string, context: RegistryContext): Promise<Buffer | null>;
}

/** The registry refused an act (a wrong number, not the registrant's, cancelled, beyond the period): its words. */
export class RegistryRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryRefusal';
  }
}
