import type { TaskOperator } from '../modules/bpm/registry.ts';

/** Who acts, for a business record's event log: a user of the enterprise, an operator, or the system. */
export interface Actor {
  id: number | null;
  name: string;
  ip?: string;
}

/** The system acting on its own: the daily job, a contract's sign hook, the seed. */
export const SYSTEM: Actor = { id: null, name: '系统' };

/** The operator deciding a task, as the actor of an event. */
export const operatorActor = (o: TaskOperator): Actor => ({ id: o.id, name: o.name, ip: o.ip });
