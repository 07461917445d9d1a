// The built-in local registry (issue 36): a `RegistryAdapter` that behaves like 动产融资统一登记公示系统
// (中登网) — it numbers every act (初始 / 变更 / 展期 / 注销登记) and every search (查询证明) with 20 digits and a
// check digit, keeps each registration's registrant (担保权人 / 受让人), transferor (出让人), the receivables
// described with the instant each came to be covered, its period (whole years, at most 30) and status,
// refuses what the registry refuses (a registration not the registrant's, cancelled or expired, a period
// past 30 years), answers a search by the transferor's credit code with the valid registrations on the
// day, and issues the certificates as PDFs. Its books are the `local_registry_*` tables; one adapter acts
// as one registrant (`localRegistry(registrant)`): the app's is the factor, the demo seed also registers
// as another factor through one of its own.
import {
  expiryOf,
  extensionProblem,
  periodProblem,
  registrationLifecycle,
  registryNumber,
  standingOn,
  type IsoDate,
  type RegistryAct,
  type RegistryNumberKind,
} from '@factoring/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  localRegistryActs,
  localRegistryRegistrations,
  localRegistrySearches,
  type RegisteredReceivable,
} from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { renderRegistrationCertificate, renderSearchCertificate } from './certificate.ts';
import {
  RegistryRefusal,
  type AmendmentRequest,
  type RegistrationRequest,
  type RegistrationView,
  type RegistryActResult,
  type RegistryAdapter,
  type RegistryParty,
  type SearchResult,
} from './port.ts';

type Row = typeof localRegistryRegistrations.$inferSelect;

/** What a certificate prints of a registration: the view without its standing, which the act's kind tells. */
type Snapshot = Omit<RegistrationView, 'registeredAt' | 'standing'> & { registeredAt: string; status: string };

/** The registry's next number of a kind for `day` (one sequence for acts and searches). */
async function nextNumber(db: Db | Tx, kind: RegistryNumberKind, day: IsoDate): Promise<string> {
  const result = (await db.execute(sql`select nextval('local_registry_number_seq')::bigint as n`)) as unknown as {
    rows: { n: number | string }[];
  };
  return registryNumber(kind, day, Number(result.rows[0]!.n));
}

const viewOf = (row: Row, today: IsoDate): RegistrationView => ({
  registrationNo: row.registrationNo,
  registrant: { name: row.registrantName, creditCode: row.registrantCode },
  transferor: { name: row.transferorName, creditCode: row.transferorCode },
  receivables: row.receivables,
  description: row.description,
  amount: row.amount,
  years: row.years,
  registeredAt: row.registeredAt,
  registeredOn: row.registeredOn,
  expiresOn: row.expiresOn,
  standing: standingOn(row, today),
});

const snapshotOf = (row: Row): Snapshot => ({
  ...viewOf(row, row.registeredOn),
  registeredAt: row.registeredAt.toISOString(),
  status: row.status,
});

const sameParty = (a: RegistryParty, code: string) => a.creditCode.trim().toUpperCase() === code.trim().toUpperCase();

function checkReceivables(receivables: readonly unknown[]) {
  if (!receivables.length) throw new RegistryRefusal('转让财产描述中至少应有一笔应收账款');
}

/** The registration of `registrationNo`, locked, if it is the registrant's and still valid on `today`. */
async function ownValid(tx: Tx, registrant: RegistryParty, registrationNo: string, today: IsoDate, what: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(localRegistryRegistrations)
    .where(eq(localRegistryRegistrations.registrationNo, registrationNo.trim()))
    .for('update');
  if (!row) throw new RegistryRefusal(`登记编号 ${registrationNo} 不存在`);
  if (!sameParty(registrant, row.registrantCode)) throw new RegistryRefusal(`登记编号 ${registrationNo} 不是本机构办理的登记，不能${what}`);
  const standing = standingOn(row, today);
  if (standing === 'CANCELLED') throw new RegistryRefusal(`登记编号 ${registrationNo} 已注销，不能${what}`);
  if (standing === 'EXPIRED') throw new RegistryRefusal(`登记编号 ${registrationNo} 已于 ${row.expiresOn} 到期失效，不能${what}`);
  return row;
}

async function recordAct(tx: Tx, row: Row, act: RegistryAct, actNo: string, today: IsoDate, note: string): Promise<RegistryActResult> {
  const [made] = await tx
    .insert(localRegistryActs)
    .values({ registrationId: row.id, act, actNo, madeAt: now(), madeOn: today, snapshot: snapshotOf(row), note })
    .returning();
  return { act, actNo, madeAt: made.madeAt, registration: viewOf(row, today) };
}

/** The local registry acting as `registrant` (the factor, or another registrant in the demo world and tests). */
export function localRegistry(registrant: RegistryParty): RegistryAdapter {
  return {
    name: 'local-registry',
    label: '动产融资统一登记公示系统（内置本地登记簿）',
    registrant,
    local: true,

    async register(request: RegistrationRequest, { db, today }) {
      const problem = periodProblem(request.years);
      if (problem) throw new RegistryRefusal(problem);
      checkReceivables(request.receivables);
      if (!request.transferor.creditCode.trim()) throw new RegistryRefusal('出让人须有统一社会信用代码');
      return db.transaction(async (tx) => {
        const registeredAt = now();
        const registrationNo = await nextNumber(tx, 'ACT', today);
        const [row] = await tx
          .insert(localRegistryRegistrations)
          .values({
            registrationNo,
            registrantName: registrant.name,
            registrantCode: registrant.creditCode,
            transferorName: request.transferor.name,
            transferorCode: request.transferor.creditCode.trim().toUpperCase(),
            receivables: request.receivables.map((r) => ({ ...r, addedAt: registeredAt.toISOString() })),
            description: request.description,
            amount: request.amount,
            years: request.years,
            registeredAt,
            registeredOn: today,
            expiresOn: expiryOf(today, request.years),
            reference: request.reference,
          })
          .returning();
        return recordAct(tx, row, 'INITIAL', registrationNo, today, '初始登记');
      });
    },

    async amend(registrationNo: string, change: AmendmentRequest, { db, today }) {
      checkReceivables(change.receivables);
      return db.transaction(async (tx) => {
        const row = await ownValid(tx, registrant, registrationNo, today, '变更');
        const at = now().toISOString();
        // A receivable already covered keeps the instant it was first covered; one added now is covered from now.
        const receivables: RegisteredReceivable[] = change.receivables.map((r) => {
          const before = row.receivables.find((b) => b.invoiceCode === r.invoiceCode && b.invoiceNumber === r.invoiceNumber);
          return { ...r, addedAt: before?.addedAt ?? at };
        });
        const [updated] = await tx
          .update(localRegistryRegistrations)
          .set({ receivables, description: change.description, amount: change.amount })
          .where(eq(localRegistryRegistrations.id, row.id))
          .returning();
        return recordAct(tx, updated, 'AMENDMENT', await nextNumber(tx, 'ACT', today), today, change.note);
      });
    },

    async extend(registrationNo: string, years: number, { db, today }) {
      return db.transaction(async (tx) => {
        const row = await ownValid(tx, registrant, registrationNo, today, '展期');
        const problem = extensionProblem(row, years, today);
        if (problem) throw new RegistryRefusal(problem);
        const total = row.years + years;
        const [updated] = await tx
          .update(localRegistryRegistrations)
          .set({ years: total, expiresOn: expiryOf(row.registeredOn, total) })
          .where(eq(localRegistryRegistrations.id, row.id))
          .returning();
        return recordAct(
          tx,
          updated,
          'EXTENSION',
          await nextNumber(tx, 'ACT', today),
          today,
          `展期 ${years} 年：登记期限 ${row.years} 年 → ${total} 年，到期日 ${row.expiresOn} → ${updated.expiresOn}`,
        );
      });
    },

    async cancel(registrationNo: string, reason: string, { db, today }) {
      return db.transaction(async (tx) => {
        const row = await ownValid(tx, registrant, registrationNo, today, '注销');
        const cancelled = await transition(tx, localRegistryRegistrations, registrationLifecycle, row, 'CANCELLED', { cancelledAt: now() });
        return recordAct(tx, cancelled, 'CANCELLATION', await nextNumber(tx, 'ACT', today), today, reason);
      });
    },

    async search(transferorCode: string, { db, today }): Promise<SearchResult> {
      const code = transferorCode.trim().toUpperCase();
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(localRegistryRegistrations)
          .where(and(eq(localRegistryRegistrations.transferorCode, code), eq(localRegistryRegistrations.status, 'VALID')))
          .orderBy(asc(localRegistryRegistrations.registeredAt), asc(localRegistryRegistrations.id));
        const findings = rows.map((r) => viewOf(r, today)).filter((v) => v.standing === 'VALID');
        const proofNo = await nextNumber(tx, 'SEARCH', today);
        const [row] = await tx
          .insert(localRegistrySearches)
          .values({
            proofNo,
            searcherName: registrant.name,
            transferorCode: code,
            searchedAt: now(),
            searchedOn: today,
            results: findings.map((f) => ({ ...f, registeredAt: f.registeredAt.toISOString() })),
          })
          .returning();
        return { proofNo, searchedAt: row.searchedAt, searchedOn: today, transferorCode: code, findings };
      });
    },

    async certificate(number: string, { db }) {
      const wanted = number.trim();
      if (wanted.startsWith('1')) {
        const [search] = await db.select().from(localRegistrySearches).where(eq(localRegistrySearches.proofNo, wanted));
        return search ? renderSearchCertificate(search) : null;
      }
      const [act] = await db
        .select({ a: localRegistryActs, initialNo: localRegistryRegistrations.registrationNo })
        .from(localRegistryActs)
        .innerJoin(localRegistryRegistrations, eq(localRegistryRegistrations.id, localRegistryActs.registrationId))
        .where(eq(localRegistryActs.actNo, wanted));
      return act ? renderRegistrationCertificate({ ...act.a, initialNo: act.initialNo }) : null;
    },
  };
}
