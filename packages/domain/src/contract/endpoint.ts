// One operation of the API, defined once (issue 23): the server registers its route from it
// (apps/server/src/lib/serve.ts) and the web calls it through one typed client
// (apps/web/src/lib/api-client.ts), so a path, a schema or an answer type cannot differ between them.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an operation: anyone (`public`), any logged-in user (`user`), or one kind of user —
 * an enterprise's (`merchant`), an operator (`operator`), a warehouse company's (`warehouse`).
 */
export type Access = 'public' | 'user' | 'merchant' | 'operator' | 'warehouse';

/** A file answer (a download): its content types instead of an envelope. */
export interface BinaryAnswer {
  binary: string | readonly string[];
}

export interface EndpointDefinition {
  method: HttpMethod;
  /** The path as Fastify reads it: `/api/cloudloan/applications/:id`. */
  path: `/api/${string}`;
  /** What the operation does, in Chinese (the OpenAPI summary). */
  summary: string;
  /** The OpenAPI tag: the area. */
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * How the web sends the body: JSON (the default), URL-encoded form (the pages of SPEC §7 that post
   * forms), or multipart (uploads, built by the caller as FormData).
   */
  bodyType?: 'json' | 'form' | 'multipart';
  /** The `message` of an OK answer, or a file's content type. */
  answer: z.ZodType | BinaryAnswer;
  /**
   * Fields an ERROR answer of this operation carries beyond `code` and `field` — e.g. `reason` of a
   * mailed link (INVALID, EXPIRED, USED) — so they are declared and reach the caller.
   */
  refusal?: z.ZodObject;
}

const ENDPOINT = Symbol.for('factoring.endpoint');

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & { readonly [ENDPOINT]: true };

/** Defines an operation. The returned value is what both the server and the web import. */
export function endpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return Object.assign(definition, { [ENDPOINT]: true as const });
}

export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ENDPOINT] === true;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler reads (after validation and coercion). */
export type ParamsOf<E extends EndpointDefinition> = Out<E['params']>;
export type QueryOf<E extends EndpointDefinition> = Out<E['query']>;
export type BodyOf<E extends EndpointDefinition> = Out<E['body']>;

/** What the web sends. */
export type ParamsInput<E extends EndpointDefinition> = In<E['params']>;
export type QueryInput<E extends EndpointDefinition> = In<E['query']>;
export type BodyInput<E extends EndpointDefinition> = E['bodyType'] extends 'multipart' ? FormData : In<E['body']>;

/** The `message` of an OK answer as it crosses the wire (a file answer: a Blob). */
export type AnswerOf<E extends EndpointDefinition> = E['answer'] extends z.ZodType ? z.input<E['answer']> : Blob;

/** An ERROR answer of `E` as it crosses the wire: message, code, field and the endpoint's own refusal fields. */
export type RefusalOf<E extends EndpointDefinition> = {
  status: 'ERROR';
  message: string;
  code?: string;
  field?: string;
} & (E['refusal'] extends z.ZodType ? z.input<E['refusal']> : unknown);
