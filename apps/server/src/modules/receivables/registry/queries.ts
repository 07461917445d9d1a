// What the operator's registry desk reads (issue 36): the factor's registrations by view (valid, due to
// expire within 30 days, due to cancel, cancelled or expired), one with its acts and searches, the financings
// holding invoices without a valid registration, and the counts.
import {
  addDays,
  daysBetween,
  EXPIRY_WARNING_DAYS,
  financedAssetLifecycle,
  invoiceLabel,
  REGISTRATION_STANDING_LABELS,
  REGISTRY_ACT_LABELS,
  standingOn,
  type IsoDate,
  type RegistryAct,
} from '@factoring/domain';
import type { REGISTRY_VIEWS } from '@factoring/domain/contract';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  financedAssets,
  receivableRegistrationActs,
  receivableRegistrations,
  receivableRegistrySearches,
} from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { RegistryAdapter } from './port.ts';
import type { RegistrySearch } from './searches.ts';
import type { Registration } from './filings.ts';

type View = (typeof REGISTRY_VIEWS)[number];

export const searchView = (s: RegistrySearch, today: IsoDate) => ({
  id: s.id,
  source: s.source,
  sourceLabel: s.source === 'UPLOAD' ? '上传查询证明' : '登记系统查询',
  proofNo: s.proofNo,
  uploadId: s.uploadId,
  searchedOn: s.searchedOn,
  searchedAt: s.searchedAt,
  today: s.searchedOn === today,
  outcome: s.outcome,
  outcomeLabel: s.outcome === 'CLEAR' ? '未发现在先冲突登记' : '发现在先冲突登记',
  found: s.found,
  conflicts: s.conflicts,
  message: s.message,
  actorName: s.actorName,
});

/** The latest search of each financing (product, id). */
async function latestSearches(db: Db, keys: readonly { product: string; financingId: number }[]) {
  const ids = [...new Set(keys.map((k) => k.financingId))];
  if (!ids.length) return new Map<string, RegistrySearch>();
  const rows = await db
    .selectDistinctOn([receivableRegistrySearches.product, receivableRegistrySearches.financingId])
    .from(receivableRegistrySearches)
    .where(inArray(receivableRegistrySearches.financingId, ids))
    .orderBy(receivableRegistrySearches.product, receivableRegistrySearches.financingId, desc(receivableRegistrySearches.id));
  return new Map(rows.map((r) => [`${r.product}:${r.financingId}`, r]));
}

const registrationView = (r: Registration, enterpriseName: string, latest: RegistrySearch | undefined, today: IsoDate) => {
  const standing = standingOn(r, today);
  return {
    id: r.id,
    product: r.product,
    financingId: r.financingId,
    financingNo: r.financingNo,
    enterpriseName,
    transferorCode: r.transferorCode,
    registry: r.registry,
    registrationNo: r.registrationNo,
    invoices: r.receivables.map((i) => invoiceLabel(i.invoiceCode, i.invoiceNumber)),
    amount: r.amount,
    description: r.description,
    years: r.years,
    registeredAt: r.registeredAt,
    registeredOn: r.registeredOn,
    expiresOn: r.expiresOn,
    daysToExpiry: daysBetween(today, r.expiresOn),
    standing,
    standingLabel: REGISTRATION_STANDING_LABELS[standing],
    cancelDueOn: r.cancelDueOn,
    cancelReason: r.cancelReason,
    cancelledAt: r.cancelledAt,
    lastProblem: r.lastProblem,
    latestSearch: latest ? searchView(latest, today) : null,
  };
};

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function viewFilter(view: View, today: IsoDate): SQL | undefined {
  const r = receivableRegistrations;
  const live = and(eq(r.status, 'VALID'), gte(r.expiresOn, today));
  switch (view) {
    case 'VALID':
      return live;
    case 'EXPIRING':
      return and(live, lte(r.expiresOn, addDays(today, EXPIRY_WARNING_DAYS)));
    case 'DUE_TO_CANCEL':
      return and(live, isNotNull(r.cancelDueOn));
    case 'CANCELLED':
      return or(eq(r.status, 'CANCELLED'), lt(r.expiresOn, today));
    case 'ALL':
      return undefined;
  }
}

/** A page of the factor's registrations in one view (valid by default), newest first — those due to expire soonest first. */
export async function registrationPage(db: Db, q: { page: number; size: number; view?: View; keyword?: string }, today: IsoDate) {
  const view = q.view ?? 'VALID';
  const where = and(
    viewFilter(view, today),
    q.keyword
      ? or(ilike(receivableRegistrations.financingNo, like(q.keyword)), ilike(receivableRegistrations.registrationNo, like(q.keyword)))
      : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(receivableRegistrations).where(where);
  const rows = await db
    .select({ r: receivableRegistrations, enterpriseName: enterpriseDirectory.name })
    .from(receivableRegistrations)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, receivableRegistrations.enterpriseId))
    .where(where)
    .orderBy(...(view === 'EXPIRING' ? [receivableRegistrations.expiresOn] : []), desc(receivableRegistrations.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const latest = await latestSearches(
    db,
    rows.map((x) => x.r),
  );
  return {
    items: rows.map(({ r, enterpriseName }) => registrationView(r, enterpriseName, latest.get(`${r.product}:${r.financingId}`), today)),
    totalCount: n,
  };
}

/** The searches kept with a financing, newest first. */
export async function searchesOf(db: Db, f: { product: string; financingId: number }, today: IsoDate) {
  const rows = await db
    .select()
    .from(receivableRegistrySearches)
    .where(and(eq(receivableRegistrySearches.product, f.product), eq(receivableRegistrySearches.financingId, f.financingId)))
    .orderBy(desc(receivableRegistrySearches.id));
  return rows.map((s) => searchView(s, today));
}

/** One search as the desk shows it. */
export async function searchById(db: Db, id: number, today: IsoDate) {
  const [row] = await db.select().from(receivableRegistrySearches).where(eq(receivableRegistrySearches.id, id));
  if (!row) throw new NotFoundError('查询记录不存在');
  return searchView(row, today);
}

/** One registration as the desk lists it. */
export async function registrationById(db: Db, id: number, today: IsoDate) {
  const [row] = await db
    .select({ r: receivableRegistrations, enterpriseName: enterpriseDirectory.name })
    .from(receivableRegistrations)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, receivableRegistrations.enterpriseId))
    .where(eq(receivableRegistrations.id, id));
  if (!row) throw new NotFoundError('登记记录不存在');
  const latest = await latestSearches(db, [row.r]);
  return registrationView(row.r, row.enterpriseName, latest.get(`${row.r.product}:${row.r.financingId}`), today);
}

/** A registration with every act on it and every search of its financing. */
export async function registrationDetail(db: Db, id: number, today: IsoDate) {
  const view = await registrationById(db, id, today);
  const acts = await db
    .select()
    .from(receivableRegistrationActs)
    .where(eq(receivableRegistrationActs.registrationId, id))
    .orderBy(desc(receivableRegistrationActs.id));
  return {
    ...view,
    acts: acts.map((a) => ({
      id: a.id,
      act: a.act,
      actLabel: REGISTRY_ACT_LABELS[a.act as RegistryAct],
      actNo: a.actNo,
      madeAt: a.madeAt,
      note: a.note,
      actorName: a.actorName,
    })),
    searches: await searchesOf(db, view, today),
  };
}

/** The financings holding invoices (applied for or funded) without a valid registration of the factor. */
export async function unregisteredFinancings(db: Db, today: IsoDate) {
  const assets = await db
    .select({ a: financedAssets, enterpriseName: enterpriseDirectory.name })
    .from(financedAssets)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, financedAssets.enterpriseId))
    .where(and(eq(financedAssets.kind, 'INVOICE'), inArray(financedAssets.status, ['HELD', 'FUNDED'])))
    .orderBy(desc(financedAssets.financingId), financedAssets.id)
    .limit(1000);
  if (!assets.length) return [];
  const registered = await db
    .select({ product: receivableRegistrations.product, financingId: receivableRegistrations.financingId })
    .from(receivableRegistrations)
    .where(
      and(
        eq(receivableRegistrations.status, 'VALID'),
        gte(receivableRegistrations.expiresOn, today),
        inArray(receivableRegistrations.financingId, [...new Set(assets.map((x) => x.a.financingId))]),
      ),
    );
  const done = new Set(registered.map((r) => `${r.product}:${r.financingId}`));
  const byFinancing = new Map<string, typeof assets>();
  for (const x of assets) {
    const key = `${x.a.product}:${x.a.financingId}`;
    if (done.has(key)) continue;
    byFinancing.set(key, [...(byFinancing.get(key) ?? []), x]);
  }
  const latest = await latestSearches(
    db,
    [...byFinancing.values()].map((xs) => xs[0].a),
  );
  return [...byFinancing.entries()].slice(0, 200).map(([key, xs]) => {
    const first = xs[0].a;
    const funded = xs.some((x) => x.a.status === 'FUNDED');
    const search = latest.get(key);
    return {
      financingId: first.financingId,
      financingNo: first.financingNo,
      product: first.product,
      enterpriseName: xs[0].enterpriseName,
      transferorCode: first.sellerKey,
      invoices: xs.map((x) => invoiceLabel(x.a.invoiceCode ?? '', x.a.invoiceNumber ?? '')),
      amount: xs.reduce((sum, x) => sum + x.a.amount, 0),
      assetStatus: funded ? 'FUNDED' : 'HELD',
      assetStatusLabel: financedAssetLifecycle.label(funded ? 'FUNDED' : 'HELD'),
      latestSearch: search ? searchView(search, today) : null,
    };
  });
}

/** The registry the app reaches, and how many registrations each list of the desk holds. */
export async function registrySummary(db: Db, registry: RegistryAdapter, today: IsoDate) {
  const countOf = async (view: View) => (await db.select({ n: count() }).from(receivableRegistrations).where(viewFilter(view, today)))[0].n;
  return {
    registry: {
      name: registry.name,
      label: registry.label,
      local: registry.local,
      registrantName: registry.registrant.name,
      registrantCode: registry.registrant.creditCode,
    },
    valid: await countOf('VALID'),
    expiring: await countOf('EXPIRING'),
    dueToCancel: await countOf('DUE_TO_CANCEL'),
    unregistered: (await unregisteredFinancings(db, today)).length,
  };
}
