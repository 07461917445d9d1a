import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { newKey } from '../../ledger/testing.ts';
import { approveTask, okOf, roles, type Roles } from '../../supplyloan/testing.ts';

// Issue 33: names an enterprise chose reach the operator's payment file as text a spreadsheet shows,
// never as a formula it runs (OWASP CSV injection); the amounts stay numbers. On PGlite and PostgreSQL.

const json = { json: true };
let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
}, 120_000);
afterAll(() => t?.close());

describe('the payment file CSV is inert', () => {
  it('a payee named =HYPERLINK("x") appears as quoted text; its amount stays a number', async () => {
    const payee = okOf<{ id: number }>(
      await r.demo.post(
        '/api/funds/payees',
        {
          idempotencyKey: newKey(),
          name: '=HYPERLINK("x")',
          bankName: `@SUM(1+1)*cmd|' /C calc'!A0`,
          accountNo: '6216610000098765',
          relation: 'UPSTREAM',
        },
        json,
      ),
    );
    okOf(await approveTask(r.operator, 'FUNDS_PAYEE', payee.id));
    const balance = okOf<{ controlled: number }>(await r.demo.get('/api/account/v2/queryAccountBalance'));
    expect(balance.controlled).toBeGreaterThanOrEqual(12_345);
    okOf(
      await r.demo.post(
        '/api/funds/targeted-payment',
        { payeeId: payee.id, amount: 12_345, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        json,
      ),
    );

    const batch = okOf<{ id: number }>(await r.operator.post('/api/bpm/bank/payment-batches', { idempotencyKey: newKey() }, json));
    const csv = await r.operator.get(`/api/bpm/bank/payment-batches/${batch.id}/file`, { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const row = csv.body.split('\r\n').find((l) => l.includes('6216610000098765'))!;
    expect(row).toBeDefined();
    // 序号,收款户名,收款账号,收款开户行,收款行行号 (not in the branch directory: empty),金额,用途,业务参考号
    expect(row).toMatch(/^\d+,"'=HYPERLINK\(""x""\)",6216610000098765,"'@SUM\(1\+1\)\*cmd\|' \/C calc'!A0",,123\.45,/);
    // No field of the file begins like a formula: every line split on the commas outside quotes.
    for (const line of csv.body.replace(/^\uFEFF/, '').split('\r\n')) {
      for (const field of line.match(/("([^"]|"")*"|[^,]*)(?=,|$)/g) ?? []) {
        const value = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
        if (/^-?\d+(\.\d+)?$/.test(value)) continue;
        expect(value, line).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});
