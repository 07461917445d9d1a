import { answers, type BodyOf, type Endpoint, type EndpointDefinition, type ParamsOf, type QueryOf } from '@factoring/domain/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

/** The request of an endpoint's handler: params, query and body as its schemas give them. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** What a handler answers: the envelope of the endpoint's answer (a file answer sends through `reply`). */
export type EndpointAnswer<E extends EndpointDefinition> = E['answer'] extends z.ZodType
  ? { status: 'OK' | 'WARN'; message: z.output<E['answer']> }
  : FastifyReply;

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
  const binary = 'binary' in endpoint.answer;
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
      ...(binary ? { produces: [(endpoint.answer as { binary: string }).binary] } : { response: answers(endpoint.answer as z.ZodType) }),
    },
    // The definition's schemas type the handler; Fastify's own route typing cannot follow a generic endpoint.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
