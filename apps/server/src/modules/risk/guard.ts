// The limit gate of approvals (issue 27): every task type that declares what it adds to the factor's
// book (`TaskType.exposure`: 融资审批 / 融资放款, 质押融资审批 / 质押融资放款) shows in its drawer the
// book after the decision against each limit, and its approval is refused past a hard limit — with
// the figures in words — or passes flagged past the warning level (the words in the audit effect).
import { formatYuan } from '@factoring/domain';
import type { RatioCheck, RiskLimits } from '@factoring/domain/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { TaskField } from '../../db/schema/index.ts';
import { enterpriseNames } from '../account/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { BookAddition, BpmTask, DecisionEffect, DecisionHook, TaskType } from '../bpm/index.ts';
import type { LoanBook } from '../financing/index.ts';
import { bookOn } from './book.ts';
import { readRiskLimits } from './limits.ts';
import { checksOf, figuresOf, levelLabel, withAddition } from './ratios.ts';

type Figures = ReturnType<typeof withAddition>;

const pow10 = (d: number) => 10n ** BigInt(d);
/** n / q rounded half up (n, q ≥ 0, q > 0). */
const roundDiv = (n: bigint, q: bigint) => (2n * n + q) / (2n * q);
const decimal = (scaled: bigint, d: number) => {
  const s = scaled.toString().padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
};

/**
 * A ratio part / whole and its limit (ppm of `scale`: 100 for a percentage, 1 for a multiple) as text
 * with just enough decimals to tell them apart — two at least, up to twelve: a refusal at 50.000000232 %
 * of a 50 % limit reads "50.0000002%，超过上限 50.0000000%", never "50.00%，超过上限 50.00%".
 */
export function ratioAgainstLimit(part: number, whole: number, limitPpm: number, scale: 100 | 1): { figure: string; limit: string } {
  const p = BigInt(part) * BigInt(scale);
  const w = BigInt(whole);
  const l = BigInt(limitPpm) * BigInt(scale);
  for (let d = 2; ; d++) {
    const figure = roundDiv(p * pow10(d), w);
    const limit = roundDiv(l * pow10(d), 1_000_000n);
    if (figure !== limit || d >= 12 || p * 1_000_000n === l * w) return { figure: decimal(figure, d), limit: decimal(limit, d) };
  }
}

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

/** A refused check's words with the exact figures (the rounded ppm of the ratio can equal the limit). */
function exactWords(c: RatioCheck, f: Figures, limits: RiskLimits, debtorId: number | null): string {
  if (c.key === 'LEVERAGE') {
    const r = ratioAgainstLimit(f.riskAssets, limits.netAssets, limits.maxLeveragePpm, 1);
    return `风险资产 ${yuan(f.riskAssets)} 为净资产 ${yuan(limits.netAssets)} 的 ${r.figure} 倍，超过上限 ${r.limit} 倍`;
  }
  if (c.key === 'DEBTOR' && debtorId !== null && f.byDebtor.has(debtorId)) {
    const d = f.byDebtor.get(debtorId)!;
    const r = ratioAgainstLimit(d.principal, f.riskAssets, limits.maxDebtorSharePpm, 100);
    return `债务人 ${d.name} 占风险资产 ${r.figure}%，超过上限 ${r.limit}%`;
  }
  if (c.key === 'RELATED') {
    const r = ratioAgainstLimit(f.related, f.riskAssets, limits.maxRelatedSharePpm, 100);
    return `关联方占风险资产 ${r.figure}%，超过上限 ${r.limit}%`;
  }
  return c.words;
}

/** The checks of the book after adding `a`, on the server clock's day; a breach in exact words. */
async function checksAfter(loans: LoanBook, db: Db | Tx, a: BookAddition): Promise<RatioCheck[]> {
  const limits = await readRiskLimits(db);
  const { factor } = await bookOn(loans, db, chinaToday());
  const ids = [a.borrowerId, ...(a.debtorId === null ? [] : [a.debtorId])];
  const names = await enterpriseNames(db, ids);
  const after = withAddition(
    figuresOf(factor, limits.relatedPartyIds),
    a,
    { borrower: names.get(a.borrowerId) ?? `#${a.borrowerId}`, debtor: a.debtorId === null ? null : (names.get(a.debtorId) ?? null) },
    limits.relatedPartyIds,
  );
  const related = limits.relatedPartyIds.includes(a.borrowerId) || (a.debtorId !== null && limits.relatedPartyIds.includes(a.debtorId));
  return checksOf(limits, after, { borrowerId: a.borrowerId, debtorId: a.debtorId, related }).map((c) =>
    c.level === 'BREACH' && after.riskAssets > 0 && limits.netAssets > 0 ? { ...c, words: exactWords(c, after, limits, a.debtorId) } : c,
  );
}

const refusing = (c: RatioCheck) => c.enforced && c.level === 'BREACH';
/** Past the warning level of an enforced limit (a concentration limit below its floor is shown in the drawer, not flagged). */
const flagging = (c: RatioCheck) => c.enforced && c.level === 'WARNING';

async function limitFacts(loans: LoanBook, db: Db, t: TaskType, task: BpmTask): Promise<TaskField[]> {
  const a = await t.exposure!(db, task);
  if (!a) return [];
  const checks = await checksAfter(loans, db, a);
  return checks.map((c) => ({ label: `审批后·${c.label}`, value: `${levelLabel(c)}：${c.words}` }));
}

function withWarnings(effect: DecisionEffect | void, warnings: string[]): DecisionEffect | void {
  if (!warnings.length) return effect;
  const after = effect?.after && typeof effect.after === 'object' ? effect.after : { result: effect?.after ?? null };
  return { ...effect, after: { ...after, riskLimitWarnings: warnings } };
}

/**
 * The limit gate, a hook of the inbox (listed once in app.ts): it concerns every task type that declares
 * what it adds to the book. One decision at a time passes the gate (a transaction-scoped advisory lock),
 * so two approvals cannot each pass a limit that both together would break.
 */
export function limitGate(loans: LoanBook): DecisionHook {
  return {
    concerns: (t) => !!t.exposure,
    describe: (db, t, task) => limitFacts(loans, db, t, task),
    approve: async (tx, t, task, decide) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk-limit-gate'))`);
      const a = await t.exposure!(tx, task);
      const checks = a ? await checksAfter(loans, tx, a) : [];
      const refused = checks.filter(refusing);
      if (refused.length) throw new BusinessError(`审批后${refused.map((c) => c.words).join('；')}，不能通过`, 'RISK_LIMIT_BREACH');
      return withWarnings(
        await decide(),
        checks.filter(flagging).map((c) => `${levelLabel(c)}：${c.words}`),
      );
    },
  };
}
