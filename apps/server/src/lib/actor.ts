import type { FastifyRequest } from 'fastify';

/** The operator deciding a task, as written to the audit log. */
export interface TaskOperator {
  id: number;
  name: string;
  ip?: string;
}

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

/** A logged-in user acting: an actor with an id (an enterprise's user, or an operator deciding). */
export type UserActor = Actor & TaskOperator;

/** The logged-in user of a request as the actor of what it does (routes behind an access guard). */
export const actorOf = (request: FastifyRequest): UserActor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });
