import * as contract from '@factoring/domain/contract';
import { isEndpoint, type Endpoint } from '@factoring/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';
import { LEGACY_ROUTES } from './legacy-routes.ts';

/** Every endpoint the contract defines (each area exports a record of them, e.g. `cloudLoanApi`). */
const endpoints: Endpoint[] = Object.values(contract).flatMap((value) =>
  isEndpoint(value) ? [value] : value && typeof value === 'object' ? Object.values(value).filter(isEndpoint) : [],
);
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

let t: TestApp;
let routes: { key: string; responses: Record<string, { content?: Record<string, unknown> }> }[];
beforeAll(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: keyOf(method, path), responses: op.responses ?? {} })),
  );
});
afterAll(() => t?.close());

describe('the endpoint contract (issue 23)', () => {
  it('defines each operation once', () => {
    const keys = endpoints.map((e) => keyOf(e.method, e.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('every endpoint has its route, and every route is an endpoint (or still on the legacy list, which only shrinks)', () => {
    const served = new Set(routes.map((r) => r.key));
    expect(endpoints.map((e) => keyOf(e.method, e.path)).filter((k) => !served.has(k))).toEqual([]);
    const defined = new Set(endpoints.map((e) => keyOf(e.method, e.path)));
    const legacy = new Set(LEGACY_ROUTES);
    expect(routes.map((r) => r.key).filter((k) => !defined.has(k) && !legacy.has(k))).toEqual([]);
    // A route moved onto the contract leaves the legacy list in the same change.
    expect(LEGACY_ROUTES.filter((k) => defined.has(k) || !served.has(k))).toEqual([]);
  });

  it('every operation of the contract declares its answer in the OpenAPI document, files with their content type', () => {
    const defined = new Set(endpoints.map((e) => keyOf(e.method, e.path)));
    const undeclared = routes
      .filter((r) => defined.has(r.key))
      .filter((r) => !Object.values(r.responses).some((answer) => answer.content && Object.keys(answer.content).length > 0))
      .map((r) => r.key);
    expect(undeclared).toEqual([]);
  });
});
