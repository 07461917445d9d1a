import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { NotCertifiedError } from './envelope.ts';
import { BusinessError } from './envelope.ts';

/** An enterprise user's view: only rows of its own enterprise. */
export interface EnterpriseScope {
  readonly kind: 'enterprise';
  readonly enterpriseId: number;
  readonly userId: number;
  readonly certified: boolean;
  /** A warehouse company's user (`ckFlag = 'Y'`). */
  readonly warehouse: boolean;
}

/** The factor's operator: every enterprise's rows. */
export interface OperatorScope {
  readonly kind: 'operator';
  readonly userId: number;
}

/**
 * Whose rows a request may read or change, obtained once per request (ARCHITECTURE "Data rules").
 * Every enterprise-owned query function takes a Scope as a required argument and filters with
 * `ownedBy(scope, table.enterpriseId)`, so no handler can forget the filter.
 */
export type Scope = EnterpriseScope | OperatorScope;

const unauthenticated = () => Object.assign(new Error('登录已失效，请重新登录'), { statusCode: 401 });
const cache = new WeakMap<FastifyRequest, Scope>();

/** The caller's scope: its enterprise for an enterprise user, everything for an operator. */
export function scopeOf(request: FastifyRequest): Scope {
  const cached = cache.get(request);
  if (cached) return cached;
  const user = request.user;
  if (!user) throw unauthenticated();
  let scope: Scope;
  if (user.authority === 'operator') scope = { kind: 'operator', userId: user.id };
  else if (user.enterpriseId != null)
    scope = {
      kind: 'enterprise',
      enterpriseId: user.enterpriseId,
      userId: user.id,
      certified: user.certified,
      warehouse: user.ckFlag === 'Y',
    };
  else throw Object.assign(new Error('没有访问权限'), { statusCode: 403 });
  cache.set(request, scope);
  return scope;
}

/** An enterprise user's scope; operators and users without an enterprise are refused. */
export function enterpriseScope(request: FastifyRequest): EnterpriseScope {
  const scope = scopeOf(request);
  if (scope.kind !== 'enterprise') throw new BusinessError('仅企业用户可以办理该业务');
  return scope;
}

/** An enterprise user's scope whose enterprise is certified: every financing, payment and withdrawal. */
export function certifiedScope(request: FastifyRequest): EnterpriseScope {
  const scope = enterpriseScope(request);
  if (!scope.certified) throw new NotCertifiedError();
  return scope;
}

/** A warehouse company's scope (`ckFlag = 'Y'`). */
export function warehouseScope(request: FastifyRequest): EnterpriseScope {
  const scope = enterpriseScope(request);
  if (!scope.warehouse) throw Object.assign(new Error('没有访问权限'), { statusCode: 403 });
  return scope;
}

/** The row filter of a scope on an enterprise-owned column: the own enterprise, or everything for an operator. */
export function ownedBy(scope: Scope, enterpriseColumn: PgColumn): SQL {
  return scope.kind === 'operator' ? sql`true` : eq(enterpriseColumn, scope.enterpriseId);
}

/** The same filter in hand-written SQL, e.g. `ownedBySql(scope, sql.raw('l.enterprise_id'))`. */
export function ownedBySql(scope: Scope, enterpriseColumn: SQL): SQL {
  return scope.kind === 'operator' ? sql`true` : sql`${enterpriseColumn} = ${scope.enterpriseId}`;
}

/**
 * The factor's side, every enterprise's rows: an operator deciding a task, or the system (the daily
 * job, a contract's sign hook) acting on a record it was handed by id. The system is user 0.
 */
export const factorScope = (actor: { id: number | null } = { id: null }): OperatorScope => ({ kind: 'operator', userId: actor.id ?? 0 });
