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
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';

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

/**
 * Registers the route of an endpoint defined in the contract (packages/domain/src/contract): its
 * method, path, schemas and OpenAPI text come from the definition, its access guard from `access`
 * (checked before the body is read, plugins/auth.ts). The handler is the route's only own part.
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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    preHandler: [...guard, ...(options.preHandler ?? [])],
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
    handler: handler as unknown as RouteHandlerMethod,
  });
}
