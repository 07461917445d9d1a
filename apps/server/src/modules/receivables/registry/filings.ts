// The factor's registrations (issue 36, PRODUCT §13 registration): one per financing of invoices, made at
// the registry behind the app's `RegistryAdapter` and kept in `receivable_registrations` with each act.
// Registered when the financing is approved (`registerOnApproval`), or by an operator (登记); amended,
// extended and cancelled by an operator; due to be cancelled once the financing is settled or released
// (`markDueToCancel`, the hook of financed-once.ts), and cancelled at that day's close of business.
import { extensionProblem, REGISTRATION_YEARS, registrationLifecycle, standingOn, type IsoDate } from '@factoring/domain';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/transaction.ts';
import { receivableRegistrationActs, receivableRegistrations } from '../../../db/schema/index.ts';
import type { Actor } from '../../../lib/actor.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { RegistryRefusal, type RegistryActResult, type RegistryAdapter } from './port.ts';
import { registrationSubject, type Financed } from './subject.ts';

export type Registration = typeof receivableRegistrations.$inferSelect;

/**
 * Asks the registry; its refusal (`RegistryRefusal`) or its silence (anything else thrown) becomes a
 * BusinessError in words the operator acts on — nothing is recorded then. A lost database is not the
 * registry's: it goes up as it is (a 503).
 */
export async function askRegistry<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BusinessError || isDatabaseUnavailable(err)) throw err;
    if (err instanceof RegistryRefusal) throw new BusinessError(`登记系统未予${what}：${err.message}`, 'REGISTRY_REFUSED');
    throw new BusinessError(
      `登记系统暂未答复，未能${what}（${err instanceof Error ? err.message : String(err)}），请稍后重试`,
      'REGISTRY_UNAVAILABLE',
    );
  }
}

async function recordAct(tx: Tx, registration: Registration, done: RegistryActResult, note: string, actor: Actor) {
  await tx.insert(receivableRegistrationActs).values({
    registrationId: registration.id,
    act: done.act,
    actNo: done.actNo,
    madeAt: done.madeAt,
    note,
    actorId: actor.id,
    actorName: actor.name,
  });
}

/** The financing's registration that counts (VALID in the record), locked when `lock`. */
export async function validRegistrationOf(db: Db | Tx, f: Financed, lock = false) {
  const query = db
    .select()
    .from(receivableRegistrations)
    .where(
      and(
        eq(receivableRegistrations.product, f.product),
        eq(receivableRegistrations.financingId, f.financingId),
        eq(receivableRegistrations.status, 'VALID'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The factor registers the assignment of a financing's invoices (初始登记) for `years` (1 by default) and
 * keeps the registry's number. Refused when the financing already has a valid registration (a change
 * is an amendment), or has no live invoice to register. An expired one is closed first.
 */
export async function registerFinancing(
  tx: Tx,
  registry: RegistryAdapter,
  f: Financed,
  actor: Actor,
  today: IsoDate,
  years: number = REGISTRATION_YEARS.default,
): Promise<Registration> {
  const existing = await validRegistrationOf(tx, f, true);
  if (existing && standingOn(existing, today) === 'VALID')
    throw new BusinessError(`该融资已登记（登记编号 ${existing.registrationNo}），内容有变请办理变更登记`, 'REGISTRY_ALREADY');
  const subject = await registrationSubject(tx, f, registry.registrant);
  const done = await askRegistry('登记', () =>
    registry.register(
      {
        transferor: subject.transferor,
        receivables: subject.receivables,
        description: subject.description,
        amount: subject.amount,
        years,
        reference: subject.financingNo,
      },
      { db: tx, today },
    ),
  );
  if (existing)
    await transition(tx, receivableRegistrations, registrationLifecycle, existing, 'CANCELLED', {
      cancelReason: `已于 ${existing.expiresOn} 到期失效，重新办理初始登记 ${done.actNo}`,
    });
  const r = done.registration;
  const [row] = await tx
    .insert(receivableRegistrations)
    .values({
      product: f.product,
      financingId: f.financingId,
      financingNo: subject.financingNo,
      enterpriseId: subject.enterpriseId,
      transferorCode: subject.transferor.creditCode,
      registry: registry.name,
      registrationNo: r.registrationNo,
      receivables: r.receivables,
      description: r.description,
      amount: r.amount,
      years: r.years,
      registeredAt: r.registeredAt,
      registeredOn: r.registeredOn,
      expiresOn: r.expiresOn,
      createdBy: actor.name,
    })
    .returning();
  await recordAct(tx, row, done, `初始登记：期限 ${r.years} 年，至 ${r.expiresOn}`, actor);
  return row;
}

/** One of the factor's registrations by id, locked, at the registry the app reaches now. */
async function lockRegistration(tx: Tx, registry: RegistryAdapter, id: number, what: string) {
  const [row] = await tx.select().from(receivableRegistrations).where(eq(receivableRegistrations.id, id)).for('update');
  if (!row) throw new NotFoundError('登记记录不存在');
  if (row.registry !== registry.name)
    throw new BusinessError(`该登记办理于另一登记系统（${row.registry}），当前接入的登记系统不能${what}`, 'REGISTRY_ELSEWHERE');
  if (row.status === 'CANCELLED') throw new BusinessError(`登记 ${row.registrationNo} 已注销，不能${what}`, 'REGISTRY_CANCELLED');
  return row;
}

/** 变更登记: the registration describes the financing's invoices as they are now (and the operator's words, when given). */
export async function amendRegistration(
  tx: Tx,
  registry: RegistryAdapter,
  id: number,
  change: { note: string; description?: string | null },
  actor: Actor,
  today: IsoDate,
) {
  const row = await lockRegistration(tx, registry, id, '变更');
  if (standingOn(row, today) === 'EXPIRED') throw new BusinessError(`登记已于 ${row.expiresOn} 到期失效，不能变更`, 'REGISTRY_EXPIRED');
  const subject = await registrationSubject(tx, row, registry.registrant);
  const done = await askRegistry('变更登记', () =>
    registry.amend(
      row.registrationNo,
      {
        receivables: subject.receivables,
        description: change.description?.trim() || subject.description,
        amount: subject.amount,
        note: change.note,
      },
      { db: tx, today },
    ),
  );
  const [updated] = await tx
    .update(receivableRegistrations)
    .set({
      receivables: done.registration.receivables,
      description: done.registration.description,
      amount: done.registration.amount,
      lastProblem: null,
    })
    .where(eq(receivableRegistrations.id, row.id))
    .returning();
  await recordAct(tx, updated, done, `变更登记：${change.note}`, actor);
  return updated;
}

/** 展期登记: `years` more, before the period runs out (at most 30 years in all). */
export async function extendRegistration(tx: Tx, registry: RegistryAdapter, id: number, years: number, actor: Actor, today: IsoDate) {
  const row = await lockRegistration(tx, registry, id, '展期');
  const problem = extensionProblem(row, years, today);
  if (problem) throw new BusinessError(problem, 'REGISTRY_EXTENSION');
  const done = await askRegistry('展期登记', () => registry.extend(row.registrationNo, years, { db: tx, today }));
  const [updated] = await tx
    .update(receivableRegistrations)
    .set({ years: done.registration.years, expiresOn: done.registration.expiresOn, lastProblem: null })
    .where(eq(receivableRegistrations.id, row.id))
    .returning();
  await recordAct(tx, updated, done, `展期 ${years} 年：至 ${updated.expiresOn}（共 ${updated.years} 年）`, actor);
  return updated;
}

/** 注销登记, for good: the registration no longer covers anything. An expired one has nothing left to cancel. */
export async function cancelRegistration(tx: Tx, registry: RegistryAdapter, id: number, reason: string, actor: Actor, today: IsoDate) {
  const row = await lockRegistration(tx, registry, id, '注销');
  if (standingOn(row, today) === 'EXPIRED')
    throw new BusinessError(`登记已于 ${row.expiresOn} 到期失效，已无登记效力，无需注销`, 'REGISTRY_EXPIRED');
  const done = await askRegistry('注销登记', () => registry.cancel(row.registrationNo, reason, { db: tx, today }));
  const cancelled = await transition(tx, receivableRegistrations, registrationLifecycle, row, 'CANCELLED', {
    cancelledAt: done.madeAt,
    cancelReason: row.cancelReason ?? reason,
    lastProblem: null,
  });
  await recordAct(tx, cancelled, done, `注销登记：${reason}`, actor);
  return cancelled;
}

/**
 * The financing ended — settled, bought back, or released before any money went out: its registration
 * is due to be cancelled from `today` (at the latest within 10 working days, 《动产和权利担保统一登记办法》);
 * the close of business cancels it (`registryCancelStep`), or an operator does now.
 */
export async function markDueToCancel(tx: Tx, f: Financed, reason: string, today: IsoDate) {
  await tx
    .update(receivableRegistrations)
    .set({ cancelDueOn: today, cancelReason: reason })
    .where(
      and(
        eq(receivableRegistrations.product, f.product),
        eq(receivableRegistrations.financingId, f.financingId),
        eq(receivableRegistrations.status, 'VALID'),
        isNull(receivableRegistrations.cancelDueOn),
      ),
    );
}

export interface RegistryCancelResult {
  due: number;
  cancelled: number;
  failed: number;
}

/** Every registration due to be cancelled by `runDate` at the app's registry: cancelled now, or its problem kept for the desk. */
export async function cancelDueRegistrations(
  tx: Tx,
  registry: RegistryAdapter,
  runDate: IsoDate,
  actor: Actor,
): Promise<RegistryCancelResult> {
  const due = await tx
    .select()
    .from(receivableRegistrations)
    .where(
      and(
        eq(receivableRegistrations.status, 'VALID'),
        lte(receivableRegistrations.cancelDueOn, runDate),
        eq(receivableRegistrations.registry, registry.name),
      ),
    )
    .orderBy(asc(receivableRegistrations.id));
  const result: RegistryCancelResult = { due: 0, cancelled: 0, failed: 0 };
  for (const row of due) {
    if (standingOn(row, runDate) !== 'VALID') continue;
    result.due += 1;
    try {
      await tx.transaction((sp) => cancelRegistration(sp, registry, row.id, row.cancelReason ?? '融资已结清', actor, runDate));
      result.cancelled += 1;
    } catch (err) {
      if (!(err instanceof BusinessError)) throw err;
      await tx.update(receivableRegistrations).set({ lastProblem: err.message }).where(eq(receivableRegistrations.id, row.id));
      result.failed += 1;
    }
  }
  return result;
}

/** The close of business cancels, at the app's registry, the registrations of the financings that ended. */
export const registryCancelStep = (registry: RegistryAdapter): CloseOfBusinessStep<RegistryCancelResult> => ({
  name: 'receivables-registry-cancel',
  label: '应收账款：已结清融资的中登网登记注销',
  run: (tx, runDate) => cancelDueRegistrations(tx, registry, runDate, { id: null, name: '系统（日终注销登记）' }),
  summary: (r) => `应注销 ${r.due} 笔：已注销 ${r.cancelled}，未成功 ${r.failed}`,
});
