import { REGISTRATION_STATUSES, REGISTRY_ACTS } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

// ---------------------------------------------------------------------------------------------
// The factor's side (issue 36, PRODUCT §13 registration): what it registered at the registry for each
// financing, each act on it, and every search it made before paying — whichever registry answers
// behind the `RegistryAdapter` port.
// ---------------------------------------------------------------------------------------------

/** A receivable as a registration describes it (the invoice, its amount, its debtor) and when it came to be covered. */
export type RegisteredReceivable = {
  invoiceCode: string;
  invoiceNumber: string;
  issueDate: string;
  amount: number;
  debtorName: string;
  debtorCode: string;
  /** The instant the registration came to cover it (its initial registration or the change that added it), ISO. */
  addedAt: string;
};

/**
 * The factor's registration of the assignment of a financing's receivables (one per financing at a time):
 * the registry's number, its period, and whether it is due to be cancelled (the financing settled or
 * released) or cancelled. VALID rows are unique per financing.
 */
export const receivableRegistrations = pgTable(
  'receivable_registrations',
  {
    id: serial('id').primaryKey(),
    /** The financing's lending line (INVOICE) and id, as in `financed_assets`. */
    product: text('product').notNull(),
    financingId: integer('financing_id').notNull(),
    financingNo: text('financing_no').notNull(),
    /** The transferor (出让人): the supplier whose receivables are assigned. */
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    transferorCode: text('transferor_code').notNull(),
    /** Which registry it is at (the adapter's name). */
    registry: text('registry').notNull(),
    registrationNo: text('registration_no').notNull(),
    /** What it covers, as registered (after the latest change). */
    receivables: jsonb('receivables').$type<RegisteredReceivable[]>().notNull(),
    description: text('description').notNull(),
    /** 转让财产价值: the receivables' total, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    years: integer('years').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    registeredOn: date('registered_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: statesOf(REGISTRATION_STATUSES) })
      .notNull()
      .default('VALID'),
    /** The day the financing ended (settled, bought back, released): from then on it is due to be cancelled. */
    cancelDueOn: date('cancel_due_on', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The registry's last refusal or silence on an act for this registration (shown on the desk), cleared by the next success. */
    lastProblem: text('last_problem'),
    createdBy: text('created_by').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('receivable_registrations_number').on(t.registry, t.registrationNo),
    uniqueIndex('receivable_registrations_one_valid')
      .on(t.product, t.financingId)
      .where(sql`${t.status} = 'VALID'`),
    index('receivable_registrations_due').on(t.status, t.cancelDueOn),
    index('receivable_registrations_expiry').on(t.status, t.expiresOn),
  ],
);

/** Each act on one of the factor's registrations — initial, amendment, extension, cancellation — with the registry's number for it. */
export const receivableRegistrationActs = pgTable(
  'receivable_registration_acts',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => receivableRegistrations.id),
    act: text('act', { enum: statesOf(REGISTRY_ACTS) }).notNull(),
    actNo: text('act_no').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    /** What changed, in words (the registry's certificate holds the whole registration). */
    note: text('note').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
  },
  (t) => [index('receivable_registration_acts_registration').on(t.registrationId, t.id)],
);

/** A registration another registrant holds that beats the factor's on a receivable (民法典 art. 768). */
export type RegistryConflict = { registrationNo: string; registrantName: string; since: string; invoices: string[] };

/**
 * Every search the factor made at the registry by a financing's transferor, kept with the financing:
 * the registry's own answer (its 查询证明 number), or a search certificate an operator made at a real
 * registry and uploaded (the file, its number and date as the operator read them). CLEAR: no earlier
 * conflicting registration; CONFLICT: one or more (`conflicts`).
 */
export const receivableRegistrySearches = pgTable(
  'receivable_registry_searches',
  {
    id: serial('id').primaryKey(),
    product: text('product').notNull(),
    financingId: integer('financing_id').notNull(),
    transferorCode: text('transferor_code').notNull(),
    source: text('source', { enum: ['REGISTRY', 'UPLOAD'] }).notNull(),
    registry: text('registry').notNull(),
    proofNo: text('proof_no'),
    uploadId: integer('upload_id').references(() => uploads.id),
    /** The China date of the search (an uploaded certificate's 查询时间 as the operator read it). */
    searchedOn: date('searched_on', { mode: 'string' }).notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['CLEAR', 'CONFLICT'] }).notNull(),
    /** How many valid registrations of the transferor the search found. */
    found: integer('found').notNull(),
    conflicts: jsonb('conflicts').$type<RegistryConflict[]>().notNull().default([]),
    message: text('message').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('receivable_registry_searches_financing').on(t.product, t.financingId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// The built-in local registry's books (the simulated 中登网): only the local registry reads or writes
// them; a real registry replaces it behind the port.
// ---------------------------------------------------------------------------------------------

/** The local registry's numbers: one sequence for every act and every search certificate. */
export const localRegistryNumberSeq = pgSequence('local_registry_number_seq', { startWith: 1 });

/** A registration at the local registry: who registered (担保权人/受让人), the transferor, what is assigned, the period. */
export const localRegistryRegistrations = pgTable(
  'local_registry_registrations',
  {
    id: serial('id').primaryKey(),
    /** 登记编号: the initial registration's number (changes get their own, `local_registry_acts`). */
    registrationNo: text('registration_no').notNull(),
    registrantName: text('registrant_name').notNull(),
    registrantCode: text('registrant_code').notNull(),
    transferorName: text('transferor_name').notNull(),
    transferorCode: text('transferor_code').notNull(),
    receivables: jsonb('receivables').$type<RegisteredReceivable[]>().notNull(),
    description: text('description').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    years: integer('years').notNull(),
    registeredAt: timestampNow('registered_at'),
    registeredOn: date('registered_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: statesOf(REGISTRATION_STATUSES) })
      .notNull()
      .default('VALID'),
    /** The registrant's own reference (填表人归档号): the financing number. */
    reference: text('reference'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('local_registry_registrations_number').on(t.registrationNo),
    index('local_registry_registrations_transferor').on(t.transferorCode),
    check('local_registry_registrations_years', sql`${t.years} between 1 and 30`),
  ],
);

/** Each act at the local registry with its number and the registration as it stood after it (its certificate's content). */
export const localRegistryActs = pgTable(
  'local_registry_acts',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => localRegistryRegistrations.id),
    act: text('act', { enum: statesOf(REGISTRY_ACTS) }).notNull(),
    actNo: text('act_no').notNull(),
    madeAt: timestampNow('made_at'),
    madeOn: date('made_on', { mode: 'string' }).notNull(),
    /** The registration after the act, as its certificate prints it. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull(),
  },
  (t) => [uniqueIndex('local_registry_acts_number').on(t.actNo), index('local_registry_acts_registration').on(t.registrationId, t.id)],
);

/** Each search at the local registry (its 查询证明): who searched, by which transferor, when, and what it found then. */
export const localRegistrySearches = pgTable(
  'local_registry_searches',
  {
    id: serial('id').primaryKey(),
    proofNo: text('proof_no').notNull(),
    searcherName: text('searcher_name').notNull(),
    transferorCode: text('transferor_code').notNull(),
    searchedAt: timestampNow('searched_at'),
    searchedOn: date('searched_on', { mode: 'string' }).notNull(),
    results: jsonb('results').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [uniqueIndex('local_registry_searches_number').on(t.proofNo)],
);
