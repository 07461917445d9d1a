// The limit gate of approvals (issue 27): every task type that declares what it adds to the factor's
// book (`TaskType.exposure`: 融资审批 / 融资放款, 质押融资审批 / 质押融资放款) shows in its drawer the
// book after the decision against each limit, and its approval is refused past a hard limit — with
// the figures in words — or passes flagged past the warning level (the words in the audit effect).
import type { RatioCheck } from '@factoring/domain/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, type TaskField } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { BookAddition, BpmTask, DecisionEffect, TaskType } from '../bpm/index.ts';
import { bookOn } from './book.ts';
import { readRiskLimits } from './limits.ts';
import { checksOf, figuresOf, levelLabel, withAddition } from './ratios.ts';

/** The checks of the book after adding `a`, on the server clock's day. */
async function checksAfter(db: Db | Tx, a: BookAddition): Promise<RatioCheck[]> {
  const limits = await readRiskLimits(db);
  const { factor } = await bookOn(db as Db, chinaToday());
  const ids = [a.borrowerId, ...(a.debtorId === null ? [] : [a.debtorId])];
  const names = new Map(
    (await db.select({ id: enterprises.id, name: enterprises.name }).from(enterprises).where(inArray(enterprises.id, ids))).map((e) => [
      e.id,
      e.name,
    ]),
  );
  const after = withAddition(
    figuresOf(factor, limits.relatedPartyIds),
    a,
    { borrower: names.get(a.borrowerId) ?? `#${a.borrowerId}`, debtor: a.debtorId === null ? null : (names.get(a.debtorId) ?? null) },
    limits.relatedPartyIds,
  );
  const related = limits.relatedPartyIds.includes(a.borrowerId) || (a.debtorId !== null && limits.relatedPartyIds.includes(a.debtorId));
  return checksOf(limits, after, { borrowerId: a.borrowerId, debtorId: a.debtorId, related });
}

const refusing = (c: RatioCheck) => c.enforced && c.level === 'BREACH';
/** Past the warning level of an enforced limit (a concentration limit below its floor is shown in the drawer, not flagged). */
const flagging = (c: RatioCheck) => c.enforced && c.level === 'WARNING';

async function limitFacts(db: Db, t: TaskType, task: BpmTask): Promise<TaskField[]> {
  const a = await t.exposure!(db, task);
  if (!a) return [];
  const checks = await checksAfter(db, a);
  return checks.map((c) => ({ label: `审批后·${c.label}`, value: `${levelLabel(c)}：${c.words}` }));
}

function withWarnings(effect: DecisionEffect | void, warnings: string[]): DecisionEffect | void {
  if (!warnings.length) return effect;
  const after = effect?.after && typeof effect.after === 'object' ? effect.after : { result: effect?.after ?? null };
  return { ...effect, after: { ...after, riskLimitWarnings: warnings } };
}

/**
 * The task types that add to the book, gated by the limits; the others unchanged. Listed by app.ts over
 * TASK_TYPES. One decision at a time passes the gate (a transaction-scoped advisory lock), so two
 * approvals cannot each pass a limit that both together would break.
 */
export function guardByLimits(types: readonly TaskType[]): TaskType[] {
  if (!types.some((t) => t.exposure)) throw new Error('risk limits: no task type declares what it adds to the book');
  return types.map((t) => {
    if (!t.exposure) return t;
    return {
      ...t,
      describe: async (db, task) => [...((await t.describe?.(db, task)) ?? []), ...(await limitFacts(db, t, task))],
      onApprove: async (tx, task, operator, comment) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk-limit-gate'))`);
        const a = await t.exposure!(tx, task);
        const checks = a ? await checksAfter(tx, a) : [];
        const refused = checks.filter(refusing);
        if (refused.length) throw new BusinessError(`审批后${refused.map((c) => c.words).join('；')}，不能通过`, 'RISK_LIMIT_BREACH');
        const effect = await t.onApprove(tx, task, operator, comment);
        return withWarnings(
          effect,
          checks.filter(flagging).map((c) => `${levelLabel(c)}：${c.words}`),
        );
      },
    };
  });
}
