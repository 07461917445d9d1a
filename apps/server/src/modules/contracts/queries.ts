import { contractLifecycle, type ContractStatus } from '@factoring/domain';
import type { Contract, contractListQuery } from '@factoring/domain/contract';
import { and, count, desc, eq, ilike, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { offsetOf } from '../../lib/paging.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { CONTRACT_STATUS_LABELS } from './labels.ts';
import * as clock from '../../lib/clock.ts';
import { chinaDateSql } from '../../lib/china-time-sql.ts';

/** Whose contracts a caller sees: an enterprise's own, or (operators) everyone's. */
const scopeCondition = (scope: Scope) => ownedBy(scope, contracts.enterpriseId);

/** Today in China, in SQL: a contract expires after its expiry day there. */
const CHINA_TODAY = chinaDateSql(sql`now()`);

/** The status users see: a TO_SIGN or SIGNED contract past its expiry date reads as EXPIRED. */
export const shownStatusOf = (c: { status: SQLWrapper; expiryDate: SQLWrapper }) =>
  sql<ContractStatus>`case when ${c.status} in ('TO_SIGN', 'SIGNED') and ${c.expiryDate} is not null and ${c.expiryDate} < ${CHINA_TODAY} then 'EXPIRED' else ${c.status} end`;
export const shownStatus = shownStatusOf(contracts);

const columns = {
  id: contracts.id,
  contractNo: contracts.contractNo,
  enterpriseId: contracts.enterpriseId,
  enterpriseName: enterpriseDirectory.name,
  type: contracts.type,
  typeLabel: contracts.typeLabel,
  factorCountersigns: contracts.factorCountersigns,
  title: contracts.title,
  relatedType: contracts.relatedType,
  relatedId: contracts.relatedId,
  relatedNo: contracts.relatedNo,
  relatedLabel: contracts.relatedLabel,
  counterparty: contracts.counterparty,
  amount: contracts.amount,
  status: shownStatus,
  createdAt: contracts.createdAt,
  effectiveDate: contracts.effectiveDate,
  expiryDate: contracts.expiryDate,
  fileName: contracts.fileName,
  fileSize: contracts.fileSize,
  fileSha256: contracts.fileSha256,
  signedByName: contracts.signedByName,
  signedAt: contracts.signedAt,
  signerIp: contracts.signerIp,
  signedSha256: contracts.signedSha256,
  signedFileSize: contracts.signedFileSize,
  signedFileSha256: contracts.signedFileSha256,
  countersignedByName: contracts.countersignedByName,
  countersignedAt: contracts.countersignedAt,
};

/** The signed version's download name: the original's with 已签署, e.g. HT202605180001-<kind>-已签署.pdf. */
export const signedFileNameOf = (fileName: string) => fileName.replace(/(\.pdf)?$/i, '-已签署.pdf');

const selectContracts = (db: Db | Tx) =>
  db.select(columns).from(contracts).innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, contracts.enterpriseId)).$dynamic();
type ContractRow = Awaited<ReturnType<typeof selectContracts>>[number];

/**
 * A signed contract of a kind the factor countersigns reads 待保理方会签 until an operator's approval
 * adds the factor's signature, then 双方已签署 (issue 37); every other status reads as its label.
 */
export function statusLabelOf(r: { status: ContractStatus; factorCountersigns: boolean; countersignedAt: Date | null }): string {
  if (r.status !== 'SIGNED' || !r.factorCountersigns) return CONTRACT_STATUS_LABELS[r.status];
  return r.countersignedAt ? '双方已签署' : '待保理方会签';
}

/** The answer shape of a contract, list row and detail alike. */
function toContractView({ factorCountersigns, ...r }: ContractRow): Contract {
  return {
    ...r,
    statusLabel: statusLabelOf({ ...r, factorCountersigns }),
    createdAt: r.createdAt.toISOString(),
    signedAt: r.signedAt ? r.signedAt.toISOString() : null,
    countersignedAt: r.countersignedAt ? r.countersignedAt.toISOString() : null,
    signedFileName: r.signedFileSha256 ? signedFileNameOf(r.fileName) : null,
  };
}
export type ContractView = Contract;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listContracts(db: Db, scope: Scope, q: z.output<typeof contractListQuery>) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = and(
    scopeCondition(scope),
    q.status ? eq(shownStatus, q.status) : undefined,
    q.type ? eq(contracts.type, q.type) : undefined,
    like
      ? or(
          ilike(contracts.contractNo, like),
          ilike(contracts.title, like),
          ilike(contracts.counterparty, like),
          ilike(contracts.relatedNo, like),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectContracts(db).where(where).orderBy(desc(contracts.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ total: count() }).from(contracts).where(where),
  ]);
  return { items: rows.map(toContractView), totalCount: Number(total) };
}

/** One contract in the caller's scope, or undefined: another enterprise's contract is not told apart from none. */
export async function findContract(db: Db | Tx, scope: Scope, id: number): Promise<ContractView | undefined> {
  const [row] = await selectContracts(db).where(and(eq(contracts.id, id), scopeCondition(scope)));
  return row ? toContractView(row) : undefined;
}

/**
 * Where a contract's file is, for the download: only within the caller's scope. `version` picks the
 * original or the signed version; without it, the signed version once there is one. Answers
 * undefined for a contract out of scope, and `storedName: null` when the version asked for does not
 * exist (a contract not signed yet).
 */
export async function findContractFile(db: Db, scope: Scope, id: number, version?: 'original' | 'signed') {
  const [row] = await db
    .select({
      fileName: contracts.fileName,
      storedName: contracts.storedName,
      contractNo: contracts.contractNo,
      signedStoredName: contracts.signedStoredName,
    })
    .from(contracts)
    .where(and(eq(contracts.id, id), scopeCondition(scope)));
  if (!row) return undefined;
  const signed = version === 'signed' || (version === undefined && row.signedStoredName !== null);
  return signed
    ? { version: 'signed' as const, storedName: row.signedStoredName, fileName: signedFileNameOf(row.fileName), contractNo: row.contractNo }
    : { version: 'original' as const, storedName: row.storedName, fileName: row.fileName, contractNo: row.contractNo };
}

/** Counts for the dashboard card: contracts waiting for the enterprise's signature, and signed ones. */
export async function contractCounts(db: Db, scope: Scope) {
  const rows = await db.select({ status: shownStatus, n: count() }).from(contracts).where(scopeCondition(scope)).groupBy(shownStatus);
  const of = (s: ContractStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return {
    toSign: of('TO_SIGN'),
    signed: of('SIGNED'),
    expired: of('EXPIRED'),
    void: of('VOID'),
    total: rows.reduce((a, r) => a + Number(r.n), 0),
  };
}

/**
 * Whether the business record's contracts are signed: at least one contract that is not void, and
 * every such contract signed. Supply loans call it before disbursement.
 */
export async function isContractSigned(tx: Db | Tx, relatedType: string, relatedId: string | number): Promise<boolean> {
  const rows = await tx
    .select({ status: contracts.status })
    .from(contracts)
    .where(and(eq(contracts.relatedType, relatedType), eq(contracts.relatedId, String(relatedId)), ne(contracts.status, 'VOID')));
  return rows.length > 0 && rows.every((r) => r.status === 'SIGNED');
}

/** Voids every contract of a business record that is not void yet (e.g. a rejected or withdrawn financing); answers how many. */
export async function voidContractsOf(tx: Tx, relatedType: string, relatedId: string | number, now = clock.now()): Promise<number> {
  const open = await tx
    .select({ id: contracts.id, status: contracts.status })
    .from(contracts)
    .where(and(eq(contracts.relatedType, relatedType), eq(contracts.relatedId, String(relatedId)), ne(contracts.status, 'VOID')))
    .orderBy(contracts.id)
    .for('update');
  for (const row of open) await transition(tx, contracts, contractLifecycle, row, 'VOID', { voidedAt: now });
  return open.length;
}
