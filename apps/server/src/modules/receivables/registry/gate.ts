// The registry's gate before money goes out (issue 36, PRODUCT §13: "payment waits for the factor's
// registration and a same-day search without an earlier conflicting one"): what a lending product asks in
// its disbursement's transaction, what the disbursement drawer shows, and the tag the supplier sees.
import { formatChinaDateTime, invoiceLabel, REGISTRATION_STANDING_LABELS, standingOn, type IsoDate } from '@factoring/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { financedAssets, receivableRegistrations, receivableRegistrySearches } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { validRegistrationOf } from './filings.ts';
import { liveInvoicesOf, type Financed } from '../financed-invoices.ts';

/** The latest search kept with a financing. */
export async function latestSearchOf(db: Db | Tx, f: Financed) {
  const [row] = await db
    .select()
    .from(receivableRegistrySearches)
    .where(and(eq(receivableRegistrySearches.product, f.product), eq(receivableRegistrySearches.financingId, f.financingId)))
    .orderBy(desc(receivableRegistrySearches.id))
    .limit(1);
  return row;
}

/**
 * Why money may not go out yet against the financing's invoices on `today`, or null: the factor's own
 * registration must be valid and cover every invoice the financing holds, and the latest search by the
 * transferor must be dated today, made after that registration, and show no earlier registration by
 * another registrant covering one of them (民法典 art. 768). A financing holding no invoice (an order
 * loan) passes: there is nothing of it registered here.
 */
export async function registryProblem(db: Db | Tx, f: Financed, today: IsoDate): Promise<string | null> {
  const assets = await liveInvoicesOf(db, f);
  if (!assets.length) return null;
  const registration = await validRegistrationOf(db, f);
  if (!registration) return '本融资的应收账款转让尚未在中登网登记，请先办理登记';
  if (standingOn(registration, today) === 'EXPIRED')
    return `登记 ${registration.registrationNo} 已于 ${registration.expiresOn} 到期失效，请重新办理登记`;
  const missing = assets
    .map((a) => invoiceLabel(a.invoiceCode ?? '', a.invoiceNumber ?? ''))
    .filter((label) => !registration.receivables.some((r) => invoiceLabel(r.invoiceCode, r.invoiceNumber) === label));
  if (missing.length) return `登记 ${registration.registrationNo} 未覆盖发票 ${missing.join('、')}，请办理变更登记`;
  const search = await latestSearchOf(db, f);
  if (!search) return '尚未在中登网查询出让人名下的登记，请于放款当日查询';
  if (search.searchedOn !== today) return `最近一次中登网查询在 ${search.searchedOn}，放款须以放款当日（${today}）的查询为准，请重新查询`;
  if (search.searchedAt.getTime() < registration.registeredAt.getTime())
    return `今日的查询（${formatChinaDateTime(search.searchedAt)}）早于本机构的登记，请在登记后重新查询`;
  if (search.outcome === 'CONFLICT') return search.message;
  return null;
}

/** In the disbursement's transaction: refused (nothing booked) while `registryProblem` has something to say. */
export async function assertRegistryClear(tx: Tx, f: Financed, today: IsoDate) {
  const problem = await registryProblem(tx, f, today);
  if (problem) throw new BusinessError(`放款前中登网核查未通过：${problem}`, 'REGISTRY_NOT_CLEAR');
}

/** What the disbursing operator reads in the task's drawer: the registration, the latest search, and whether money may go out. */
export async function registryFacts(db: Db, f: Financed, today: IsoDate): Promise<{ label: string; value: string }[]> {
  const assets = await liveInvoicesOf(db, f);
  if (!assets.length) return [];
  const registration = await validRegistrationOf(db, f);
  const search = await latestSearchOf(db, f);
  const problem = await registryProblem(db, f, today);
  return [
    {
      label: '中登网登记',
      value: registration
        ? `登记编号 ${registration.registrationNo}（${REGISTRATION_STANDING_LABELS[standingOn(registration, today)]}，${formatChinaDateTime(registration.registeredAt)} 登记，期限 ${registration.years} 年至 ${registration.expiresOn}，覆盖发票 ${registration.receivables.length} 张）`
        : '未登记',
    },
    {
      label: '中登网查询',
      value: search ? `${search.source === 'UPLOAD' ? '上传查询证明' : '系统查询'}（${search.actorName}）：${search.message}` : '未查询',
    },
    {
      label: '中登网放款核查',
      value: problem
        ? `不能放款：${problem}（在审批中心「动产融资登记」页签办理）`
        : '通过：本机构登记有效并覆盖全部发票，今日查询未发现他人在先登记',
    },
  ];
}

export type RegistrationTag = {
  financingId: number;
  status: 'REGISTERED' | 'EXPIRED' | 'CANCELLED' | 'NONE';
  label: string;
  registrationNo: string | null;
  registeredOn: IsoDate | null;
  expiresOn: IsoDate | null;
};

const TAG_WORDS = { REGISTERED: '已登记（中登网）', EXPIRED: '登记已到期', CANCELLED: '登记已注销', NONE: '未登记' } as const;

/**
 * Whether the receivables of each of the caller's invoice financings are registered (its latest
 * registration), for the supplier's tag: only financings holding the caller's invoices are answered.
 */
export async function registrationTags(
  db: Db | Tx,
  scope: Scope,
  financingIds: readonly number[],
  today: IsoDate,
): Promise<RegistrationTag[]> {
  if (!financingIds.length) return [];
  const held = await db
    .selectDistinct({ financingId: financedAssets.financingId })
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, 'INVOICE'),
        eq(financedAssets.kind, 'INVOICE'),
        inArray(financedAssets.financingId, [...financingIds]),
        ownedBy(scope, financedAssets.enterpriseId),
      ),
    );
  const ids = held.map((h) => h.financingId);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(receivableRegistrations)
    .where(
      and(
        eq(receivableRegistrations.product, 'INVOICE'),
        inArray(receivableRegistrations.financingId, ids),
        ownedBy(scope, receivableRegistrations.enterpriseId),
      ),
    )
    .orderBy(desc(receivableRegistrations.id));
  return ids.map((financingId) => {
    const latest = rows.find((r) => r.financingId === financingId);
    const standing = latest ? standingOn(latest, today) : null;
    const status = !standing ? 'NONE' : standing === 'VALID' ? 'REGISTERED' : standing;
    return {
      financingId,
      status,
      label: TAG_WORDS[status],
      registrationNo: latest?.registrationNo ?? null,
      registeredOn: latest?.registeredOn ?? null,
      expiresOn: latest?.expiresOn ?? null,
    };
  });
}
