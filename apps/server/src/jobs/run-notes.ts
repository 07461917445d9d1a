import { formatYuan } from '@factoring/domain';
import { closeOfBusinessResultSchema } from '@factoring/domain/contract';

// What 定时任务 reads of a run (issue 24): plain Chinese, money as ¥ amounts, never a result's keys.
// The one place a run's words are made: the close of business keeps each step's own sentence (the
// step's `summary`, in its area), a job that reports a `summary` keeps it, and a run recorded before
// jobs said their results in words (figures only) is read through the names below.

const yuan = (cents: unknown) => `¥${formatYuan(Number(cents) || 0)}`;

/** Figures of results recorded as bare numbers: their words (counts in 笔, money in ¥). */
const COUNTS: Record<string, string> = {
  debited: '扣款',
  settled: '结清',
  overdue: '逾期',
  newlyOverdue: '新增逾期',
  overdueTranches: '逾期中',
  expiredCreditLines: '授信到期',
  defaults: '补缴保证金逾期违约',
  marginCalls: '补缴保证金通知',
};
const MONEY: Record<string, string> = { penaltyToDate: '罚息累计', penalty: '罚息', amount: '金额' };

/** Figures in words: `扣款 1 笔，共 ¥25,985.69；逾期 0 笔；罚息累计 ¥0.00`. Unknown names are left out. */
export function figuresInWords(result: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (typeof value !== 'number') continue;
    if (key === 'debited')
      parts.push(`扣款 ${value} 笔${typeof result.debitedTotal === 'number' ? `，共 ${yuan(result.debitedTotal)}` : ''}`);
    else if (COUNTS[key]) parts.push(`${COUNTS[key]} ${value} 笔`);
    else if (MONEY[key]) parts.push(`${MONEY[key]} ${yuan(value)}`);
  }
  return parts.join('；');
}

/** Runs stored before the summaries said ¥ read `4,824.00 元`: the same amount as `¥4,824.00`. */
const yuanSign = (text: string) => text.replace(/(-?\d[\d,]*\.\d{2}) ?元/g, '¥$1');

/** A run's outcome, one line per step (the close of business) or one line; empty while nothing is reported. */
export function runNotes(result: unknown): string[] {
  if (result === null || result === undefined) return [];
  if (typeof result !== 'object') return [String(result)];
  const steps = closeOfBusinessResultSchema.safeParse(result);
  if (steps.success) return steps.data.steps.map((s) => `${s.label}：${s.skipped ? '本日已执行过，' : ''}${yuanSign(s.summary)}`);
  const { summary } = result as { summary?: unknown };
  if (typeof summary === 'string' && summary) return [yuanSign(summary)];
  const words = figuresInWords(result as Record<string, unknown>);
  return [words || '已完成'];
}

/** The node that ran a job (`host:pid`) as a person reads it: 服务器 vm（进程 16016）. */
export function nodeLabel(node: string): string {
  const m = /^(.*):(\d+)$/.exec(node);
  return m ? `服务器 ${m[1]}（进程 ${m[2]}）` : node ? `服务器 ${node}` : '—';
}
