import type { IsoDate } from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bpmTasks, users } from '../db/schema/index.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { taskRegistry, decideTask, type TaskOperator } from '../modules/bpm/index.ts';
import { FUNDS_TASK_TYPES } from '../modules/funds/index.ts';
import { SUPPLY_LOAN_TASK_TYPES } from '../modules/supplyloan/index.ts';
import type { Timeline } from './timeline.ts';

/** An enterprise user of the demo acting through the operations: its scope and itself as the actor. */
export interface Party {
  enterpriseId: number;
  scope: EnterpriseScope;
  actor: { id: number; name: string; ip: string };
}

/** What the parts of the demo's history share: the timeline they plan on, who acts, and the inbox. */
export interface HistoryContext {
  db: Db;
  today: IsoDate;
  timeline: Timeline;
  /** 上海鑫源 (`demo`), whose year the history is. */
  demo: Party;
  /** 江苏安储 (`cangchu`), whose supply-loan financing is overdue. */
  storage: Party;
  /** 赵审 reviews and approves; 钱核 executes what 赵审 approved (maker-checker). */
  operator: TaskOperator;
  checker: TaskOperator;
  /** Payee ids of the demo's whitelist by name, filled in when the steps that open them run. */
  payees: Map<string, number>;
  /** Decides the pending task of a type about a record, as an operator would in the inbox. */
  decide(type: string, refId: number, by: TaskOperator, decision?: 'APPROVE' | 'REJECT', text?: string): Promise<void>;
}

/** The demo logins the history needs, or null when the demo world is not there. */
export async function loadHistoryContext(db: Db, today: IsoDate, timeline: Timeline): Promise<HistoryContext | null> {
  const byLogin = async (login: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, login))
    )[0];
  const [demo, storage, operator, checker] = [
    await byLogin('demo'),
    await byLogin('cangchu'),
    await byLogin('operator'),
    await byLogin('fuhe'),
  ];
  if (!demo?.enterpriseId || !storage?.enterpriseId || !operator || !checker) return null;
  const party = (u: typeof demo, enterpriseId: number, warehouse: boolean): Party => ({
    enterpriseId,
    scope: { kind: 'enterprise', enterpriseId, userId: u.id, certified: true, warehouse },
    actor: { id: u.id, name: u.displayName, ip: '127.0.0.1' },
  });
  const tasks = taskRegistry([...FUNDS_TASK_TYPES, ...SUPPLY_LOAN_TASK_TYPES]);
  return {
    db,
    today,
    timeline,
    demo: party(demo, demo.enterpriseId, false),
    storage: party(storage, storage.enterpriseId, true),
    operator: { id: operator.id, name: operator.displayName },
    checker: { id: checker.id, name: checker.displayName },
    payees: new Map(),
    async decide(type, refId, by, decision = 'APPROVE', text = '同意') {
      const [task] = await db
        .select({ id: bpmTasks.id })
        .from(bpmTasks)
        .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
      if (!task) throw new Error(`demo history: no pending ${type} task for ${refId}`);
      await decideTask(db, tasks, task.id, by, decision, text);
    },
  };
}
