import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * How answers are turned into JSON (issue 11, the lean request path).
 *
 * - `validate` (development, tests): the route's zod `response` schema checks every answer
 *   (fastify-type-provider-zod), so a handler drifting from the contract fails loudly — a 500 in
 *   the test that hits it, not a silent change for the web.
 * - `compiled` (production): the same zod schema, turned once per route into a JSON Schema and
 *   compiled by fast-json-stringify (Fastify's own serializer). It writes exactly the declared
 *   fields — an undeclared column never leaks — but does not re-check every value on every answer;
 *   profiled, zod's check was the largest single cost of the authenticated list.
 *
 * The envelope `answers(...)` is a union of `{status: OK|WARN, message}` and the ERROR answer:
 * fast-json-stringify would pick the branch by validating the whole answer with ajv, so a top-level
 * union whose branches carry a `status` literal/enum is dispatched on `status` instead. A schema
 * JSON Schema cannot express (a transform, a date...) keeps the zod serializer.
 */
export function responseSerializerCompiler(mode: 'validate' | 'compiled'): FastifySerializerCompiler<unknown> {
  if (mode === 'validate') return zodSerializerCompiler as FastifySerializerCompiler<unknown>;
  return (route: RouteSchema) => {
    const schema = route.schema as z.ZodType;
    if (!(schema instanceof z.ZodType)) return (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
    try {
      return compiled(schema);
    } catch {
      return (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
    }
  };
}

function compileOne(schema: z.ZodType): Serialize {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
  delete json.$schema;
  return fastJsonStringify(json as unknown as Parameters<typeof fastJsonStringify>[0]) as Serialize;
}

/** The values a branch's `status` field may take, when it is a literal or an enum. */
function statusValues(branch: z.ZodType): readonly unknown[] | undefined {
  if (!(branch instanceof z.ZodObject)) return undefined;
  const status = (branch.shape as Record<string, z.ZodType>).status;
  if (status instanceof z.ZodLiteral) return [...status.values];
  if (status instanceof z.ZodEnum) return status.options;
  return undefined;
}

function compiled(schema: z.ZodType): Serialize {
  if (schema instanceof z.ZodUnion) {
    const branches = schema.options as readonly z.ZodType[];
    const keyed = branches.map((b) => ({ values: statusValues(b), serialize: compileOne(b) }));
    if (keyed.every((k) => k.values)) {
      const byStatus = new Map<unknown, Serialize>();
      for (const k of keyed) for (const v of k.values!) if (!byStatus.has(v)) byStatus.set(v, k.serialize);
      const whole = compileOne(schema);
      return (data) => {
        const serialize = byStatus.get((data as { status?: unknown } | null)?.status);
        return serialize ? serialize(data) : whole(data);
      };
    }
  }
  return compileOne(schema);
}
