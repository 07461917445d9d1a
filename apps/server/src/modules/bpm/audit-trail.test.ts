import { createHash } from 'node:crypto';
import { chinaDate, addDays } from '@factoring/domain';
import { bpmApi, type AgingAnswer, type BookReserveAnswer } from '@factoring/domain/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, users } from '../../db/schema/index.ts';
import { AUDIT_VALUE_LABELS, auditedFields, describeBody, safeDigest } from '../../lib/audit-trail.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { demoStatementCsv } from '../bank-statement/index.ts';
import { auditedEndpoints } from './audited-operations.ts';

// Issue 24: the audit log is the factor's audit trail — every operator call that changes something
// is recorded by the shared mechanism (lib/serve.ts), newest first, filtered by who, what and when.

let t: TestApp;
let op: TestClient;
let checker: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.loginAs('operator');
  checker = await t.loginAs('fuhe');
});
afterAll(() => t.close());

const json = { json: true };
type Row = {
  id: number;
  actorName: string;
  action: string;
  actionLabel: string | null;
  operation: string | null;
  operationLabel: string | null;
  outcome: string | null;
  detail: string | null;
  comment: string | null;
  entityLabel: string;
  subject: string | null;
  summary: string;
  createdAt: string;
};
const audit = async (query: Record<string, string | number> = {}) =>
  (await op.get('/api/bpm/audit', { size: 200, ...query })).json().message as { items: Row[]; totalCount: number };
const rowsOf = (operation: string) =>
  t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.operation, operation)).orderBy(desc(bpmAuditLog.id));
const opOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('the audit trail', () => {
  it('records every operator state-changing endpoint of the contract, even a refused call, without secrets', async () => {
    const endpoints = auditedEndpoints();
    // The ones of issue 24's list at least: money, prices, limits, switches, settings, decisions.
    expect(endpoints.map(opOf)).toEqual(
      expect.arrayContaining([
        'POST /api/bpm/funds/deposit',
        'POST /api/bpm/pledge/prices',
        'POST /api/cloudloan/operator/applications/:id/grant',
        'POST /api/bpm/purchase-sales/users/:id/feature',
        'POST /api/bpm/site-config',
        'POST /api/bpm/tasks/:id/approve',
        'POST /api/bpm/jobs/:name/run',
      ]),
    );
    for (const e of endpoints) {
      const url = e.path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'no-such-job' : '987654'));
      // An empty (invalid) body with a password in it: refused, and still recorded, the password not.
      const res = await t.app.inject({
        method: e.method,
        url,
        payload: JSON.stringify({ password: 'Secret@123', tradePassword: 'x' }),
        headers: {
          cookie: op.cookie!,
          host: 'portal.test',
          origin: 'http://portal.test',
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': `audit-${e.path}`,
        },
      });
      const rows = await rowsOf(opOf(e));
      expect(rows.length, `${opOf(e)} (${res.statusCode}) is not in the audit trail`).toBeGreaterThan(0);
      const [row] = rows;
      expect(row).toMatchObject({ actorName: '赵审', action: 'OPERATE', operationLabel: e.summary, outcome: 'REFUSED' });
      expect(JSON.stringify(row)).not.toContain('Secret@123');
    }
  });

  it("records a successful call once: a deposit's own SUBMIT row names the call, no second row", async () => {
    const [demo] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
    const balance = (await (await t.loginAs('demo')).get('/api/account/v2/queryAccountBalance')).json().message as { accountNo: string };
    const before = (await rowsOf('POST /api/bpm/funds/deposit')).length;
    const res = await op.post(
      '/api/bpm/funds/deposit',
      { accountNo: balance.accountNo, amount: 2_598_569, payerName: '审计付款人', idempotencyKey: `audit-deposit-${demo.id}` },
      json,
    );
    expect(res.json().status, res.body).toBe('OK');
    const rows = await rowsOf('POST /api/bpm/funds/deposit');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({
      action: 'SUBMIT',
      actorName: '赵审',
      outcome: 'OK',
      operationLabel: expect.stringContaining('登记入金'),
    });

    // A switch without a row of its own: one OPERATE row, the body in words, the outcome.
    const sw = await op.post(`/api/bpm/purchase-sales/users/${demo.id}/feature`, { enabled: true, reason: '审计测试开通' }, json);
    expect(sw.json().status, sw.body).toBe('OK');
    const [switched] = await rowsOf('POST /api/bpm/purchase-sales/users/:id/feature');
    expect(switched).toMatchObject({ action: 'OPERATE', outcome: 'OK', entityId: String(demo.id), actorName: '赵审' });
    expect(switched.detail).toContain('审计测试开通');
    const listed = (await audit({ operation: 'POST /api/bpm/purchase-sales/users/:id/feature', outcome: 'OK' })).items[0];
    expect(listed).toMatchObject({
      entityLabel: '购销管理',
      subject: `编号 ${demo.id}`,
      operationLabel: expect.stringContaining('购销管理'),
    });
  });

  it('keeps the task decisions, naming the call that made them', async () => {
    const pending = (await checker.get('/api/bpm/tasks', { state: 'PENDING', type: 'FUNDS_DEPOSIT' })).json().message.items as {
      id: number;
      subject: string;
    }[];
    const task = pending.find((x) => x.subject.includes('25,985.69')) ?? pending[0];
    const res = await checker.post(`/api/bpm/tasks/${task.id}/approve`, {}, json);
    expect(res.json().status, res.body).toBe('OK');
    const rows = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.taskId, task.id)).orderBy(desc(bpmAuditLog.id));
    expect(rows[0]).toMatchObject({ action: 'APPROVE', actorName: '钱核', operation: 'POST /api/bpm/tasks/:id/approve', outcome: 'OK' });
    // The generic row is not added beside it.
    const generic = (await rowsOf('POST /api/bpm/tasks/:id/approve')).filter(
      (r) => r.action === 'OPERATE' && r.entityId === String(task.id),
    );
    expect(generic).toEqual([]);
  });

  it('lists newest first, filtered by who, what and when, paged', async () => {
    const all = await audit();
    const times = all.items.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const filters = (await op.get('/api/bpm/audit/filters')).json().message as {
      operators: { id: number; name: string }[];
      operations: { value: string; label: string }[];
    };
    expect(filters.operators.map((o) => o.name)).toEqual(expect.arrayContaining(['赵审', '钱核']));
    expect(filters.operations).toContainEqual({ value: 'POST /api/bpm/funds/deposit', label: expect.stringContaining('登记入金') });

    const qian = filters.operators.find((o) => o.name === '钱核')!;
    const byWho = await audit({ actorId: qian.id });
    expect(byWho.totalCount).toBeGreaterThan(0);
    expect(byWho.items.every((r) => r.actorName === '钱核')).toBe(true);

    const byWhat = await audit({ operation: 'POST /api/bpm/site-config' });
    expect(byWhat.items.length).toBeGreaterThan(0);
    expect(byWhat.items.every((r) => r.operation === 'POST /api/bpm/site-config')).toBe(true);

    // When: China dates, both ends included (this file's calls were all made today).
    const today = chinaDate();
    const ofToday = await audit({ startDate: today, endDate: today });
    expect(ofToday.totalCount).toBeGreaterThanOrEqual(auditedEndpoints().length + 3);
    expect(ofToday.items.every((r) => chinaDate(Date.parse(r.createdAt)) === today)).toBe(true);
    const before = await audit({ endDate: addDays(today, -1) });
    expect(before.totalCount).toBe(all.totalCount - ofToday.totalCount);
    expect((await audit({ startDate: addDays(today, 1) })).totalCount).toBe(0);

    const second = await audit({ size: 2, page: 2 });
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
    expect(second.totalCount).toBe(all.totalCount);
  });

  it('is read by operators only', async () => {
    const demo = await t.loginAs('demo');
    expect((await demo.get('/api/bpm/audit')).statusCode).toBe(403);
    expect((await demo.get('/api/bpm/audit/filters')).statusCode).toBe(403);
    expect(bpmApi.auditFilters.access).toBe('operator');
  });
});

describe('what is recorded of a body', () => {
  it('never a password or a key; money in ¥ with its label from the contract', () => {
    const digest = safeDigest({
      amount: 100,
      password: 'a',
      payPassword: 'b',
      idempotencyKey: 'k',
      nested: { secretCode: 'c' },
      memo: 'x'.repeat(300),
    });
    expect(digest).toMatchObject({
      amount: 100,
      password: '***',
      payPassword: '***',
      idempotencyKey: '***',
      nested: { secretCode: '***' },
    });
    expect((digest as { memo: string }).memo.length).toBeLessThanOrEqual(201);
    // A file (base64 or a data URL) by its size and SHA-256, its name from beside it; a long plain text stays a text.
    const bytes = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 251));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(safeDigest({ name: 'a.pdf', file: `data:application/pdf;base64,${bytes.toString('base64')}` })).toEqual({
      name: 'a.pdf',
      file: { 名称: 'a.pdf', 大小: 600, 'SHA-256': sha256 },
    });
    expect(safeDigest([bytes.toString('base64')])).toEqual([{ 名称: null, 大小: 600, 'SHA-256': sha256 }]);
    const deposit = auditedEndpoints().find((e) => e.path === '/api/bpm/funds/deposit')!;
    expect(describeBody(deposit, { accountNo: '6200', amount: 2_598_569, idempotencyKey: 'k', password: 'p' })).toBe(
      '账号 6200；入金金额 ¥25,985.69',
    );
  });
});

// Issue 37 item 5: no developer word in the trail — every field in Chinese, a file by its name, size
// and SHA-256 (never its bytes), the reserve booking in words of its own.
const CHINESE = /[\u4e00-\u9fff]/;

describe('the audit trail in Chinese (issue 37)', () => {
  it("has a Chinese word for every field (and enum value) of every audited operation's body", () => {
    const missing: string[] = [];
    for (const e of auditedEndpoints())
      for (const f of auditedFields(e)) {
        if (!f.label || !CHINESE.test(f.label)) missing.push(`${opOf(e)} ${f.path}`);
        const key = f.path.split('.').at(-1)!;
        for (const v of f.values) if (!AUDIT_VALUE_LABELS[key]?.[v]) missing.push(`${opOf(e)} ${f.path} = ${v}`);
      }
    expect(missing).toEqual([]);
    // The walk reaches nested fields too (a bank format's columns, the reserve rates by bucket).
    const paths = auditedEndpoints().flatMap((e) => auditedFields(e).map((f) => f.path));
    expect(paths).toEqual(expect.arrayContaining(['columns.date', 'reserveRatesPpm.D90_PLUS', 'embeds.title', 'content']));
  });

  it('records an imported statement by file name, size and SHA-256, never its content', async () => {
    const today = chinaDate();
    // The line names the demo's virtual account: the import opens a deposit task (a row of its own) and still records the file.
    const va = ((await (await t.loginAs('demo')).get('/api/account/v2/queryAccountBalance')).json().message as { accountNo: string })
      .accountNo;
    const file = demoStatementCsv({
      accountNo: '1001244319300088886',
      accountName: '鑫链商业保理有限公司',
      openingBalance: 0,
      periodStart: today,
      periodEnd: today,
      lines: [
        {
          date: today,
          time: '09:00:00',
          serialNo: `AUDIT${today.replaceAll('-', '')}01`,
          direction: 'CREDIT',
          amount: 12_345,
          counterpartyName: '审计测试对方',
          counterpartyAccount: '6200999900001111',
          remark: `${va} 货款`,
        },
      ],
    });
    const content = file.toString('base64');
    const sha256 = createHash('sha256').update(file).digest('hex');
    const res = await op.post(
      '/api/bpm/bank/statements/import',
      { formatCode: 'DEMO', fileName: '审计对账单.csv', content, idempotencyKey: `audit-import-${today}` },
      json,
    );
    expect(res.json().status, res.body).toBe('OK');
    expect(res.json().message).toMatchObject({ added: 1, pending: 1 });
    const rows = await rowsOf('POST /api/bpm/bank/statements/import');
    expect(rows.filter((r) => r.action === 'SUBMIT')).toHaveLength(1);
    const [row] = rows.filter((r) => r.action === 'OPERATE' && r.outcome === 'OK');
    expect(row).toBeDefined();
    expect(row.detail).toBe(
      `对账单格式 DEMO；对账单文件 文件名 审计对账单.csv，大小 ${file.length.toLocaleString('en-US')} 字节，SHA-256 ${sha256}`,
    );
    expect(row.after).toMatchObject({ content: { 名称: '审计对账单.csv', 大小: file.length, 'SHA-256': sha256 } });
    // Not the base64, not a piece of it (safeDigest used to keep its first 200 characters).
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(content.slice(0, 40));
    const listed = (await audit({ operation: 'POST /api/bpm/bank/statements/import', outcome: 'OK' })).items[0];
    expect(listed.summary).toContain(`SHA-256 ${sha256}`);
    expect(listed.summary).not.toMatch(/formatCode|fileName|content/);
  });

  it('logs the reserve booking as 计提/转回风险准备金 with the amount and the figures by bucket', async () => {
    const aging = (await op.get('/api/bpm/risk/aging')).json().message as AgingAnswer;
    const res = await op.post(
      '/api/bpm/risk/reserve',
      { expectedRequired: aging.requiredReserve, idempotencyKey: `audit-reserve-${aging.asOf}` },
      json,
    );
    expect(res.json().status, res.body).toBe('OK');
    const booked = res.json().message as BookReserveAnswer;
    expect(booked.delta).not.toBe(0);
    const [listed] = (await audit({ operation: 'POST /api/bpm/risk/reserve' })).items;
    const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(listed).toMatchObject({
      action: 'UPDATE',
      actionLabel: booked.delta > 0 ? '计提风险准备金' : '转回风险准备金',
      entityLabel: '风险准备金',
      outcome: 'OK',
    });
    expect(listed.summary).toContain(`${booked.delta > 0 ? '计提' : '转回'}风险准备金 ${yuan(Math.abs(booked.delta))}`);
    expect(listed.summary).toContain(`已计提 ${yuan(booked.bookedBefore)} → ${yuan(booked.bookedAfter)}`);
    expect(listed.summary).toContain(`一般准备 ${yuan(aging.generalReserve)}`);
    for (const line of aging.reserveByBucket) expect(listed.summary).toContain(`${line.label} 本金 ${yuan(line.principal)}`);
    expect(listed.summary).toContain(`流水号 ${booked.refNo}`);
  });
});
