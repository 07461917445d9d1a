/**
 * Issue 21, "nothing created twice": every call that creates something a user pays for or is bound
 * by — applications, orders, vouchers, redemptions, top-ups, contracts, money movements — runs once
 * per idempotency key (`runOnce` / `runIdempotent` in modules/ledger/idempotency.ts), so a double
 * click or a retry acts once.
 *
 * "Creating" is defined by elimination, so a new route cannot slip through: EVERY state-changing
 * operation under /api in the OpenAPI document (POST, PUT, PATCH, DELETE) must declare
 * `idempotencyKey` in its body (or document an `Idempotency-Key` header), unless it is in the
 * exemption list below with the reason it cannot create anything twice. The list is kept honest
 * both ways: an entry whose route is gone, or whose route now declares the key, fails the test too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

type JsonSchema = { properties?: Record<string, unknown>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

/** Operations that need no key, each with its reason. Keys are `METHOD /path` as the OpenAPI document spells them. */
const EXEMPT: Record<string, string> = {
  // Session and anonymous account flows: no user to scope a key to; each is one-shot by its own token or unique name.
  'POST /api/login': 'starts a session; creates nothing anyone is bound by',
  'POST /api/logout': 'ends the session; repeating it finds nothing to end',
  'POST /api/reg/email': 'anonymous registration; the login name and e-mail are unique, a repeat is refused',
  'POST /api/reg/activate': 'one-time activation token; a repeat is refused as used',
  'POST /api/reg/resendActivation': 'sends a mail only (rate-limited); creates nothing',
  'POST /api/reg/forgetPwd': 'sends a mail only (rate-limited); creates nothing',
  'POST /api/reg/resetPwd': 'one-time reset token; a repeat is refused as used',

  // The caller's own account: updates in place, repeating one changes nothing more.
  'POST /api/merchantuser/updateLoginPwd': 'changes one’s own password; the old password no longer matches on a repeat',
  'POST /api/account/sessions/revoke': 'ends one of one’s own sessions; a repeat finds it ended',

  // Read-only calls sent as POST.
  'POST /api/supplyloan/trial': 'read-only trial calculation',
  'POST /api/pledge/trial': 'read-only trial calculation',
  'POST /api/payforanother/getPassedApplcation': 'read-only list (SPEC §7 keeps it a POST)',

  // Decisions on a bpm task: guarded by the task's state under its row lock — the second decision is refused.
  'POST /api/bpm/tasks/{id}/claim': 'task decision, guarded by task state',
  'POST /api/bpm/tasks/{id}/release': 'task decision, guarded by task state',
  'POST /api/bpm/tasks/{id}/approve': 'task decision, guarded by task state',
  'POST /api/bpm/tasks/{id}/reject': 'task decision, guarded by task state',
  'POST /api/cloudloan/operator/applications/{id}/grant': 'decides the application’s bpm task (decideTask), guarded by task state',
  'POST /api/cloudloan/operator/applications/{id}/reject': 'decides the application’s bpm task (decideTask), guarded by task state',

  // One state transition of one existing record, under its row lock: a repeat finds the new state and is refused.
  'POST /api/contracts/{id}/sign': 'TO_SIGN → SIGNED under the contract’s row lock (and the password)',
  'POST /api/supplyloan/financings/{id}/cancel': 'state transition under the financing’s row lock',
  'POST /api/pledge/financings/{id}/cancel': 'state transition under the financing’s row lock',
  'POST /api/purchase-sales/orders/{id}/confirm': 'state transition under the order’s row lock',
  'POST /api/purchase-sales/orders/{id}/accept': 'state transition under the order’s row lock',
  'POST /api/purchase-sales/orders/{id}/return': 'state transition under the order’s row lock',
  'POST /api/purchase-sales/orders/{id}/cancel': 'state transition under the order’s row lock',
  'POST /api/purchase-sales/orders/{id}/close': 'state transition under the order’s row lock',
  'POST /api/funds/payees/{id}/change': 'one pending change per payee, under its row lock; a repeat is refused',
  'POST /api/funds/payees/{id}/disable': 'ACTIVE → DISABLED under the payee’s row lock',
  'POST /api/pledge/sign-persons/{id}/disable': 'ACTIVE → DISABLED under the row lock',
  'POST /api/pledge/customers/{id}/disable': 'ACTIVE → DISABLED under the row lock',

  // One open request per enterprise, checked under the enterprise's row lock: a repeat is refused.
  'POST /api/authentication/draft': 'the enterprise’s one draft, updated in place under the enterprise lock',
  'POST /api/authentication/submit': 'one pending authentication per enterprise, under the enterprise lock',
  'POST /api/system/modifyAccountInfo': 'one pending settlement-account change per enterprise, under the enterprise lock',

  // A natural key enforced by a unique index: the same thing twice is refused, never created twice.
  'POST /api/supplyloan/invoices': 'unique (seller, invoice code, number) — invoices_seller_code_number',
  'POST /api/pledge/sign-persons': 'one active signer per ID card — pledge_sign_persons_one_active',
  'POST /api/pledge/customers': 'one active customer per name — pledge_customers_one_active',
  'POST /api/purchase-sales/goods': 'unique (enterprise, name, spec) — ps_goods_name_spec',
  'POST /api/purchase-sales/orders/{id}/attachments': 'unique (order, upload): on conflict do nothing',

  // Settings and content kept by operators: updates in place or removals, no business commitment.
  'POST /api/bpm/site-config': 'proposes a change for review: a replay is refused while the proposal waits (one pending task per setting)',
  'PUT /api/bpm/risk/limits': 'proposes a change for review: a replay is refused while the proposal waits (one pending task per setting)',
  'POST /api/bpm/purchase-sales/users/{id}/feature': 'sets a flag to the given value; a repeat changes nothing',
  'POST /api/content/faq/save': 'operator help content; no business commitment (a duplicate is visible and deletable)',
  'POST /api/content/faq/delete': 'removal; a repeat finds nothing to remove',
  'POST /api/bpm/jobs/{name}/run': 'a scheduled job runs once per business date (its run record)',
  'POST /api/uploads': 'stores a file for a later form; binds nobody until a keyed call uses it',

  // The warehouse company's own catalogue and sites: each has a natural key with a unique index
  // (goods: owner + name + specification among active items; warehouses: name; locations: warehouse +
  // code), so a second submission is refused, never a duplicate; the goods transitions are single
  // state changes (a repeat is refused by the state machine); a change of an item in use disables the
  // old version, so a repeated change is refused as a change of a disabled item.
  'POST /api/warehouse/goods': 'natural key: owner + name + specification (unique among active items)',
  'POST /api/warehouse/goods/{id}': 'update in place, or a new version that disables the old (a repeat is refused)',
  'POST /api/warehouse/goods/{id}/disable': 'one state transition (a repeat is refused)',
  'POST /api/warehouse/goods/{id}/enable': 'one state transition (a repeat is refused)',
  'POST /api/warehouse/goods/{id}/delete': 'removal of an unused item (a repeat finds nothing)',
  'POST /api/warehouse/warehouses': 'natural key: the warehouse name is unique',
  'POST /api/warehouse/locations': 'natural key: warehouse + location code is unique',

  // /api/bpm/pledge/prices and /api/bpm/funds/deposit declare the key (four-eyes entries): not exempt.
};

/** Whether a body schema declares the key: an object with the property, or every branch of a union. */
function schemaDeclaresKey(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  if (s.properties && 'idempotencyKey' in s.properties) return true;
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return branches.every(schemaDeclaresKey);
  return !!s.allOf?.some(schemaDeclaresKey);
}

function declaresKey(op: Operation): boolean {
  const header = (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  const bodies = Object.values(op.requestBody?.content ?? {});
  return header || (bodies.length > 0 && bodies.every((c) => schemaDeclaresKey(c.schema)));
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

let t: TestApp;
let operations: { id: string; keyed: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => WRITE_METHODS.has(method))
        .map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, keyed: declaresKey(op) })),
    );
});
afterAll(() => t?.close());

describe('idempotency keys on every creating call (issue 21)', () => {
  it('finds the state-changing operations in the OpenAPI document', () => {
    // A sanity floor: the document was read and the money calls are there.
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.find((o) => o.id === 'POST /api/funds/withdraw')?.keyed).toBe(true);
    expect(operations.find((o) => o.id === 'POST /api/pledge/financings')?.keyed).toBe(true);
  });

  it('every state-changing operation declares `idempotencyKey`, or is exempt with a reason', () => {
    const missing = operations.filter((o) => !o.keyed && !(o.id in EXEMPT)).map((o) => o.id);
    expect(missing, 'add `...idempotencyKeyField` to the body schema and run the call with `runOnce` (or exempt it with a reason)').toEqual(
      [],
    );
  });

  it('the exemption list names only existing operations that still lack the key', () => {
    const byId = new Map(operations.map((o) => [o.id, o]));
    const stale = Object.keys(EXEMPT).filter((id) => !byId.has(id));
    expect(stale, 'exempt operations that no longer exist: remove them from EXEMPT').toEqual([]);
    const nowKeyed = Object.keys(EXEMPT).filter((id) => byId.get(id)?.keyed);
    expect(nowKeyed, 'these now declare the idempotency key: remove them from EXEMPT').toEqual([]);
  });
});
