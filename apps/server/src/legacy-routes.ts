/**
 * Routes registered the old way, not yet defined in the endpoint contract (issue 23). The contract
 * test (contract-coverage.test.ts) refuses a route missing from both, and a route still listed here
 * once it is defined: the list only shrinks. Move an area by defining its operations in
 * `packages/domain/src/contract/<area>.ts` and serving them with `serve()` (lib/serve.ts).
 */
export const LEGACY_ROUTES: readonly string[] = [];
