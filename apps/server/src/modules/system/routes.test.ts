import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, siteConfig } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GIT_COMMIT: 'abc1234' });
});
afterAll(() => t.close());

describe('system calls', () => {
  it('answers the version with commit and build time', async () => {
    const body = (await t.client().get('/api/system/version')).json();
    expect(body.status).toBe('OK');
    expect(body.message).toMatchObject({ version: '0.1.0', commit: 'abc1234' });
    expect(Number.isNaN(Date.parse(body.message.buildTime))).toBe(false);
  });

  it('answers the SPEC §3 site configuration with fees in cents', async () => {
    const body = (await t.client().get('/api/initcfg')).json();
    expect(body.message.fees).toEqual({ withdraw: 2000, inTransfer: 2000 });
    expect(body.message.factoringAccount).toEqual({
      accountName: expect.any(String),
      bankBranchName: expect.any(String),
      accountNo: expect.stringMatching(/^\d+$/),
    });
    expect(body.message.secondAccount.accountNo).toMatch(/^\d+$/);
    expect(body.message.virtualAccountBankName).toBeTruthy();
    expect(body.message.contactPhone).toBeTruthy();
  });

  it('reports liveness and readiness', async () => {
    expect((await t.client().get('/healthz')).statusCode).toBe(200);
    expect((await t.client().get('/readyz')).json().message).toBe('ready');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/login']).toBeDefined();
  });

  it('answers dictionaries by type', async () => {
    const body = (await t.client().get('/api/sys/dict/listData', { type: 'authStatus' })).json();
    expect(body.message.map((e: { value: string }) => e.value)).toEqual(['DRAFT', 'PENDING', 'APPROVED', 'REJECTED']);
  });
});

describe('the contract', () => {
  it('refuses a state-changing call without the XMLHttpRequest marker', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'portal.test', origin: 'http://portal.test' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe('ERROR');
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await t.client().post('/api/logout', {}, { headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming the failing field', async () => {
    const res = await t.client().get('/api/sys/dict/listData');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('type');
  });

  it('answers 401 as JSON when a call needs a login', async () => {
    const res = await t.client().get('/api/slccbprecredit/isAllowCcbLoan');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'ERROR', message: '登录已失效，请重新登录' });
  });

  it('answers 404 as JSON for an unknown API path', async () => {
    const res = await t.client().get('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('ERROR');
  });

  it('sends helmet security headers', async () => {
    const res = await t.client().get('/api/initcfg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

// Issue 33: four eyes on the site configuration. A save is a proposal (a SITE_CONFIG_CHANGE task with the
// values in force and proposed); nothing changes until another operator approves it; the proposer cannot;
// one proposal at a time; a proposal approved after the configuration changed underneath is refused.
describe('four eyes on the site configuration', () => {
  type Answer = { status: string; message: unknown; code?: string };
  type Proposal = { taskId: number; notice: string; submittedByName: string; changes: { key: string; before: string; after: string }[] };
  type Config = Record<string, unknown> & {
    factoringAccount: { accountName: string; bankBranchName: string; accountNo: string };
    fees: { withdraw: number; inTransfer: number };
    contactPhone: string;
    embeds: { title: string; url: string }[];
    pending: Proposal | null;
  };
  const okOf = <T>(res: { statusCode: number; json(): unknown }): T => {
    const body = res.json() as Answer;
    if (res.statusCode !== 200 || body.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(body)}`);
    return body.message as T;
  };
  const refused = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as Answer;
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ERROR');
    return body as { message: string; code?: string };
  };
  const initcfg = async () =>
    okOf<{ factoringAccount: { accountNo: string }; fees: { withdraw: number } }>(await t.client().get('/api/initcfg'));
  const inForce = async (c: Awaited<ReturnType<TestApp['loginAs']>>) => {
    const { pending, ...config } = okOf<Config>(await c.get('/api/bpm/site-config'));
    return { config, pending };
  };
  const auditOf = (taskId: number) => t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.taskId, taskId));

  it('changes nothing until a second operator approves; the proposer cannot; the drawer shows old and new; all audited', async () => {
    const op = await t.loginAs('operator');
    const checker = await t.loginAs('fuhe');
    const { config: before, pending } = await inForce(op);
    expect(pending).toBeNull();
    const oldNo = before.factoringAccount.accountNo;
    const proposal = okOf<Proposal>(
      await op.post(
        '/api/bpm/site-config',
        {
          ...before,
          factoringAccount: { ...before.factoringAccount, accountNo: '6222020200112233445' },
          fees: { ...before.fees, withdraw: 100_000 },
          embeds: [...before.embeds, { title: '外部页面', url: 'https://example.com/pay' }],
        },
        { json: true },
      ),
    );
    expect(proposal.notice).toBe('已提交复核，另一位操作员批准后生效');
    expect(proposal.submittedByName).toBe('赵审');
    expect(proposal.changes).toEqual([
      { key: 'factoringAccount.accountNo', label: '保理收款账户·账号', before: oldNo, after: '6222020200112233445' },
      { key: 'fees.withdraw', label: '提现手续费', before: '¥20.00/笔', after: '¥1,000.00/笔' },
      {
        key: `embeds.${before.embeds.length}`,
        label: `嵌入页面 ${before.embeds.length}`,
        before: '—',
        after: '外部页面（https://example.com/pay）',
      },
    ]);

    // Nothing in force changed: enterprises still read the old account and fee; the page shows the proposal.
    expect(await initcfg()).toMatchObject({ factoringAccount: { accountNo: oldNo }, fees: { withdraw: 2000 } });
    const seen = await inForce(checker);
    expect(seen.config).toEqual(before);
    expect(seen.pending).toMatchObject({ taskId: proposal.taskId, changes: proposal.changes });

    // One proposal at a time: another operator's second one is refused while this one waits.
    const second = refused(await checker.post('/api/bpm/site-config', { ...before, contactPhone: '400-000-0000' }, { json: true }));
    expect(second.code).toBe('SETTINGS_PENDING');
    expect(second.message).toContain(`任务 #${proposal.taskId}`);

    // The drawer: old → new per line, the configuration in force still the one proposed against.
    const detail = okOf<{
      fields: { label: string; value: string }[];
      facts: { label: string; value: string }[];
      fourEyes: { blockedReason: string | null };
    }>(await op.get(`/api/bpm/tasks/${proposal.taskId}`));
    expect(detail.fields).toContainEqual({ label: '保理收款账户·账号', value: `${oldNo} → 6222020200112233445` });
    expect(detail.facts).toEqual([{ label: '当前生效的站点配置', value: '与提交时一致，批准后按「变更后」生效' }]);
    expect(detail.fourEyes.blockedReason).toContain('四眼原则');

    // The proposer cannot approve (nor claim) it; nothing changed.
    expect(refused(await op.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '自己批' })).code).toBe('MAKER_CHECKER');
    expect(refused(await op.post(`/api/bpm/tasks/${proposal.taskId}/claim`, {})).code).toBe('MAKER_CHECKER');
    expect((await initcfg()).factoringAccount.accountNo).toBe(oldNo);

    // The second operator approves: now it is in force, every changed key audited by the approver.
    okOf(await checker.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '已与银行核对' }));
    expect(await initcfg()).toMatchObject({ factoringAccount: { accountNo: '6222020200112233445' }, fees: { withdraw: 100_000 } });
    expect((await inForce(op)).pending).toBeNull();
    const trail = await auditOf(proposal.taskId);
    expect(trail.map((a) => [a.action, a.actorName])).toEqual([
      ['SUBMIT', '赵审'],
      ['APPROVE', '钱核'],
    ]);
    expect(trail[1].operation).toBe('POST /api/bpm/tasks/:id/approve');
    const updates = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.entityType, 'SITE_CONFIG'), eq(bpmAuditLog.action, 'UPDATE')));
    expect(updates.map((u) => [u.entityId, u.actorName]).sort()).toEqual([
      ['embeds', '钱核'],
      ['factoringAccount', '钱核'],
      ['fees', '钱核'],
    ]);
    expect(updates.find((u) => u.entityId === 'factoringAccount')!.before).toMatchObject({ accountNo: oldNo });
  });

  it('a rejected proposal changes nothing; an unchanged one is refused; a stale one cannot be approved', async () => {
    const op = await t.loginAs('operator');
    const checker = await t.loginAs('fuhe');
    const { config: before } = await inForce(op);
    expect(refused(await op.post('/api/bpm/site-config', before, { json: true })).code).toBe('SETTINGS_UNCHANGED');

    const rejected = okOf<Proposal>(await op.post('/api/bpm/site-config', { ...before, contactPhone: '400-111-2222' }, { json: true }));
    expect((await checker.post(`/api/bpm/tasks/${rejected.taskId}/reject`, {})).json().field).toBe('reason');
    okOf(await checker.post(`/api/bpm/tasks/${rejected.taskId}/reject`, { reason: '号码未经确认' }));
    expect((await inForce(op)).config).toEqual(before);
    expect((await auditOf(rejected.taskId)).map((a) => [a.action, a.actorName, a.comment])).toEqual([
      ['SUBMIT', '赵审', null],
      ['REJECT', '钱核', '号码未经确认'],
    ]);

    // The configuration changes underneath a waiting proposal (another writer: a deployment, a script).
    const stale = okOf<Proposal>(
      await op.post('/api/bpm/site-config', { ...before, fees: { ...before.fees, inTransfer: 0 } }, { json: true }),
    );
    await t.database.db.update(siteConfig).set({ value: '400-999-9999' }).where(eq(siteConfig.key, 'contactPhone'));
    const facts = okOf<{ facts: { value: string }[] }>(await checker.get(`/api/bpm/tasks/${stale.taskId}`)).facts;
    expect(facts[0].value).toContain('已失效');
    const refusal = refused(await checker.post(`/api/bpm/tasks/${stale.taskId}/approve`, {}));
    expect(refusal).toMatchObject({ code: 'SETTINGS_STALE', message: '站点配置在提交后已被修改，本变更已失效，请驳回后重新提交' });
    const after = (await inForce(op)).config;
    expect(after.fees).toEqual(before.fees);
    expect(after.contactPhone).toBe('400-999-9999');
    okOf(await checker.post(`/api/bpm/tasks/${stale.taskId}/reject`, { reason: '已失效' }));
    expect((await inForce(op)).pending).toBeNull();
  });

  it('refuses bad input with 400 naming the field, and proposes nothing', async () => {
    const op = await t.loginAs('operator');
    const { config } = await inForce(op);
    for (const [bad, field] of [
      [{ ...config, contactPhone: 'call me' }, 'contactPhone'],
      [{ ...config, embeds: [{ title: '坏链接', url: 'javascript:alert(1)' }] }, 'embeds.0.url'],
      [{ ...config, fees: { ...config.fees, withdraw: 100_001 } }, 'fees.withdraw'],
      [{ ...config, factoringAccount: { ...config.factoringAccount, accountNo: '12ab' } }, 'factoringAccount.accountNo'],
    ] as const) {
      const res = await op.post('/api/bpm/site-config', bad, { json: true });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await inForce(op)).pending).toBeNull();
  });
});
