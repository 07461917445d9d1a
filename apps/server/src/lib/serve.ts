import {
  answers,
  errorAnswerSchema,
  type BodyOf,
  type Endpoint,
  type EndpointDefinition,
  type ParamsOf,
  type QueryOf,
  type RefusalOf,
} from '@factoring/domain/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import {
  auditTrailOf,
  carriesFile,
  describeBody,
  escapeText,
  inAuditScope,
  isAudited,
  safeDigest,
  targetOf,
  type AuditOutcome,
  type AuditRecord,
  type AuditScope,
} from './audit-trail.ts';

/** The request of an endpoint's handler: params, query and body as its schemas give them. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** What a handler answers: the envelope of the endpoint's answer (a file answer sends through `reply`). */
export type EndpointAnswer<E extends EndpointDefinition> = E['answer'] extends z.ZodType
  ? { status: 'OK' | 'WARN'; message: z.output<E['answer']> } | RefusalOf<E>
  : FastifyReply;

/** The OpenAPI (and serializer) answers of an endpoint: its envelope, or its file types; what it may refuse with. */
function responsesOf(endpoint: Endpoint) {
  const { answer } = endpoint;
  if ('binary' in answer) {
    const types = typeof answer.binary === 'string' ? [answer.binary] : answer.binary;
    const file = z.string().meta({ format: 'binary' });
    return {
      200: { description: `文件（${types.join('、')}）`, content: Object.fromEntries(types.map((t) => [t, { schema: file }])) },
      404: errorAnswerSchema,
    };
  }
  // An upload is refused at the HTTP level when unreadable (400) or too large (413), plugins/errors.ts.
  const http = endpoint.bodyType === 'multipart' ? { 400: errorAnswerSchema, 413: errorAnswerSchema } : {};
  return { ...answers(answer, endpoint.refusal), ...http };
}

export interface ServeOptions {
  /** Further checks after the access guard (e.g. a product switch). */
  preHandler?: preHandlerHookHandler[];
  config?: Record<string, unknown>;
  bodyLimit?: number;
}

/** The scope of each audited call being served (its handler's rows count into it). */
const auditScopes = new WeakMap<FastifyRequest, AuditScope>();

/** How a served call ended, from its status code and envelope. */
function outcomeOf(statusCode: number, payload: unknown): { outcome: AuditOutcome; message: string | null } {
  let envelope: { status?: string; message?: unknown } | null = null;
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      envelope = JSON.parse(payload) as { status?: string; message?: unknown };
    } catch {
      envelope = null;
    }
  }
  const message = envelope?.status === 'ERROR' && typeof envelope.message === 'string' ? envelope.message : null;
  if (statusCode >= 500) return { outcome: 'FAILED', message };
  if (statusCode >= 400 || envelope?.status === 'ERROR') return { outcome: 'REFUSED', message };
  return { outcome: 'OK', message: null };
}

/**
 * The audit trail of an operator's state-changing call (issue 24): after the answer is made, one row
 * — who, what (the endpoint's summary), the target ids, the body without secrets, the outcome —
 * unless the call recorded its own rows (a task decision's before/after, a setting's old and new
 * value: `writeAudit` stamps them with the call and counts them). Refusals are recorded too.
 */
function auditHook(endpoint: Endpoint): onSendHookHandler {
  return async (request, reply, payload) => {
    const user = request.user;
    if (!user || user.authority !== 'operator') return payload;
    const { outcome, message } = outcomeOf(reply.statusCode, payload);
    const scope = auditScopes.get(request);
    // A call that wrote rows of its own adds none — unless it carried a file: its name, size and SHA-256 are the call's (issue 37).
    if (outcome === 'OK' && scope && scope.recorded > 0 && !carriesFile(request.body)) return payload;
    const trail = auditTrailOf(request);
    if (!trail) {
      request.log.error({ operation: `${endpoint.method} ${endpoint.path}` }, 'no audit trail registered');
      return payload;
    }
    const entry: AuditRecord = {
      actor: { id: user.id, name: user.displayName, ip: request.ip },
      area: endpoint.tag,
      operation: `${endpoint.method} ${endpoint.path}`,
      operationLabel: endpoint.summary,
      target: '',
      body: null,
      detail: '',
      outcome,
      message: message === null ? null : escapeText(message, 2000),
    };
    try {
      // Whatever was sent (a NUL, an odd amount, a huge list), the row is written: texts escaped, values cut (issue 33).
      await trail.record({
        ...entry,
        target: targetOf(request.params, request.body),
        body: safeDigest(request.body ?? null),
        detail: describeBody(endpoint, request.body),
      });
    } catch (err) {
      // Still one row, without what could not be recorded.
      request.log.error({ err }, 'audit trail: the call is recorded without its body');
      try {
        await trail.record({ ...entry, detail: '（请求内容无法记录）' });
      } catch (again) {
        request.log.error({ err: again }, 'audit trail not written');
      }
    }
    return payload;
  };
}

/**
 * Registers the route of an endpoint defined in the contract (packages/domain/src/contract): its
 * method, path, schemas and OpenAPI text come from the definition, its access guard from `access`
 * (checked before the body is read, plugins/auth.ts). The handler is the route's only own part.
 * An operator's state-changing call is recorded in the audit trail (`isAudited`, lib/audit-trail.ts).
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>,
  options: ServeOptions = {},
): void {
  const guard =
    endpoint.access === 'public'
      ? []
      : [app.requireUser(endpoint.access === 'user' ? undefined : endpoint.access) as preHandlerHookHandler];
  const audited = isAudited(endpoint);
  const run = audited
    ? (request: EndpointRequest<E>, reply: FastifyReply) => {
        if (request.user?.authority !== 'operator') return handler(request, reply);
        const scope: AuditScope = {
          actorId: request.user.id,
          operation: `${endpoint.method} ${endpoint.path}`,
          operationLabel: endpoint.summary,
          recorded: 0,
        };
        auditScopes.set(request, scope);
        return inAuditScope(scope, () => handler(request, reply));
      }
    : handler;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    preHandler: [...guard, ...(options.preHandler ?? [])],
    ...(audited ? { onSend: auditHook(endpoint) } : {}),
    config: options.config,
    bodyLimit: options.bodyLimit,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responsesOf(endpoint),
    },
    // The definition's schemas type the handler; Fastify's own route typing cannot follow a generic endpoint.
    handler: run as unknown as RouteHandlerMethod,
  });
}
