// Four eyes on settings (issue 33): the one way to change a setting that says where money goes or how
// much it costs. Saving is a proposal — a bpm task of the setting's own type carrying the values in force
// and the values proposed — and only another operator's approval in /bpm/tasks writes it (the inbox
// refuses the task's submitter). One proposal per setting at a time: a second is refused while one
// waits. An approval is refused when the setting changed after the proposal (stale). The proposal, the
// approval and the rejection are audit rows of the inbox; the approval also writes the setting's own
// before/after rows. Used by the site configuration (here) and the risk limits (modules/risk/limits.ts).
import type { SettingsChange, SettingsProposal } from '@factoring/domain/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { TaskField } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { userDirectory } from '../account/index.ts';
import { createTask, taskDirectory, type BpmTask, type TaskOperator, type TaskType } from '../bpm/index.ts';

/** The answer of every settings save. */
export const PROPOSAL_NOTICE = '已提交复核，另一位操作员批准后生效';
/** The refusal codes: a proposal already waits; the setting changed since the proposal; nothing changed. */
export const SETTINGS_PENDING = 'SETTINGS_PENDING';
export const SETTINGS_STALE = 'SETTINGS_STALE';
export const SETTINGS_UNCHANGED = 'SETTINGS_UNCHANGED';

/** One line of a setting's value as the drawer shows it. */
export interface SettingLine {
  key: string;
  label: string;
  text: string;
}

/** A four-eyed setting: how to read it, show it and write it. */
export interface FourEyedSetting<T> {
  /** The task type (UPPER_SNAKE_CASE) and its label in the inbox. */
  type: string;
  label: string;
  /** The setting's name in messages: 站点配置, 风险限额. */
  name: string;
  /** The task's ref_id: one pending proposal per ref (the inbox's unique index). */
  refId: string;
  read(db: Db | Tx): Promise<T>;
  /** The value as labelled lines; a proposal lists the lines that differ. */
  lines(db: Db | Tx, value: T): Promise<SettingLine[]>;
  /** Refuses a value that cannot take effect (checked when proposed and again when approved). */
  check?(db: Db | Tx, value: T): Promise<void>;
  /** Writes the approved value in the decision's transaction, with its own audit rows by `approver`. */
  write(tx: Tx, next: T, before: T, approver: TaskOperator): Promise<void>;
}

/** What a proposal task keeps (`bpm_tasks.data`). */
interface ProposalData<T> {
  before: T;
  after: T;
  changes: SettingsChange[];
}

/** JSON with sorted keys: jsonb stores keys in its own order, so plain JSON text would differ for equal values. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Serialises proposals and approvals of one setting (a transaction-scoped advisory lock). */
const lockSetting = (tx: Tx, refId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${refId}`}))`);

async function changesOf<T>(db: Db | Tx, setting: FourEyedSetting<T>, before: T, after: T): Promise<SettingsChange[]> {
  const was = new Map((await setting.lines(db, before)).map((l) => [l.key, l]));
  const now = await setting.lines(db, after);
  const changes: SettingsChange[] = now
    .filter((l) => was.get(l.key)?.text !== l.text)
    .map((l) => ({ key: l.key, label: l.label, before: was.get(l.key)?.text ?? '—', after: l.text }));
  // A line the new value no longer has (an embedded page removed).
  for (const [key, l] of was) if (!now.some((n) => n.key === key)) changes.push({ key, label: l.label, before: l.text, after: '（删除）' });
  return changes;
}

/** The pending proposal of a setting, or null. */
export async function pendingProposal(
  db: Db | Tx,
  setting: Pick<FourEyedSetting<unknown>, 'type' | 'refId'>,
): Promise<SettingsProposal | null> {
  const [row] = await db
    .select({
      id: taskDirectory.id,
      data: taskDirectory.data,
      createdAt: taskDirectory.createdAt,
      submittedByName: userDirectory.displayName,
    })
    .from(taskDirectory)
    .leftJoin(userDirectory, eq(userDirectory.id, taskDirectory.submittedBy))
    .where(and(eq(taskDirectory.type, setting.type), eq(taskDirectory.refId, setting.refId), eq(taskDirectory.state, 'PENDING')))
    .orderBy(desc(taskDirectory.id))
    .limit(1);
  if (!row) return null;
  return {
    taskId: row.id,
    notice: PROPOSAL_NOTICE,
    submittedByName: row.submittedByName,
    createdAt: row.createdAt,
    changes: (row.data as unknown as ProposalData<unknown>).changes,
  };
}

/**
 * Operator (the maker): proposes `next` for the setting. Nothing is written but the task: refused while
 * another proposal of the setting waits, and when nothing would change.
 */
export async function proposeSetting<T>(db: Db, setting: FourEyedSetting<T>, by: TaskOperator, next: T): Promise<SettingsProposal> {
  return inTransaction(db, async (tx) => {
    await lockSetting(tx, setting.refId);
    const waiting = await pendingProposal(tx, setting);
    if (waiting)
      throw new BusinessError(
        `${setting.name}已有一项待复核的变更（任务 #${waiting.taskId}，${waiting.submittedByName ?? '其他操作员'}提交），请待其批准或驳回后再提交`,
        SETTINGS_PENDING,
      );
    await setting.check?.(tx, next);
    const before = await setting.read(tx);
    const changes = await changesOf(tx, setting, before, next);
    if (!changes.length) throw new BusinessError(`${setting.name}没有修改，无需提交`, SETTINGS_UNCHANGED);
    const data: ProposalData<T> = { before, after: next, changes };
    await createTask(tx, {
      type: setting.type,
      subject: `${setting.label}：${changes.map((c) => c.label).join('、')}`,
      enterpriseId: null,
      refId: setting.refId,
      data: data as unknown as Record<string, unknown>,
      fields: changes.map((c): TaskField => ({ label: c.label, value: `${c.before} → ${c.after}` })),
      submittedBy: by,
    });
    return (await pendingProposal(tx, setting))!;
  });
}

const isStale = async <T>(db: Db | Tx, setting: FourEyedSetting<T>, data: ProposalData<T>) =>
  canonical(await setting.read(db)) !== canonical(data.before);

/**
 * The setting's task type for the inbox (listed in app.ts): the drawer shows old and new side by side
 * (the task's `changes`) and whether the value in force is still the one proposed against; approving
 * writes the new value unless it is stale; rejecting writes nothing.
 */
export function fourEyedTaskType<T>(setting: FourEyedSetting<T>): TaskType {
  return {
    type: setting.type,
    label: setting.label,
    describe: async (db, task) => {
      if (task.state !== 'PENDING') return [];
      const stale = await isStale(db, setting, task.data as unknown as ProposalData<T>);
      return [
        {
          label: `当前生效的${setting.name}`,
          value: stale ? '提交后已被修改，本变更已失效，请驳回后重新提交' : '与提交时一致，批准后按「变更后」生效',
        },
      ];
    },
    onApprove: async (tx, task: BpmTask, operator) => {
      await lockSetting(tx, setting.refId);
      const data = task.data as unknown as ProposalData<T>;
      const current = await setting.read(tx);
      if (canonical(current) !== canonical(data.before))
        throw new BusinessError(`${setting.name}在提交后已被修改，本变更已失效，请驳回后重新提交`, SETTINGS_STALE);
      await setting.check?.(tx, data.after);
      await setting.write(tx, data.after, current, operator);
      return { before: data.before, after: data.after };
    },
    onReject: async (_tx, task) => {
      const data = task.data as unknown as ProposalData<T>;
      return { before: data.before, after: { unchanged: true, rejected: data.after } };
    },
  };
}
