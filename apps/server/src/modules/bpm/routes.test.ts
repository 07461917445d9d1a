import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { createTask } from './operations/create-task.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(users)
    .values({ loginName: 'operator2', displayName: '钱审', passwordHash: await hashPassword(DEMO_PASSWORD), authority: 'operator' });
});
afterAll(() => t.close());

type TaskItem = {
  id: number;
  type: string;
  typeLabel: string;
  state: string;
  stateLabel: string;
  enterpriseName: string | null;
  subject: string;
  assigneeName: string | null;
};

describe('the inbox', () => {
  it('lists the registered task types', async () => {
    const types = (await (await t.loginAs('operator')).get('/api/bpm/taskTypes')).json().message;
    expect(types).toEqual(
      expect.arrayContaining([
        { type: 'AUTHENTICATION', label: '企业实名认证' },
        { type: 'ACCOUNT_CHANGE', label: '结算账户变更' },
      ]),
    );
  });

  it("has the demo world's pending task waiting for the operator", async () => {
    const body = (await (await t.loginAs('operator')).get('/api/bpm/tasks', { state: 'PENDING' })).json().message;
    expect(body.totalCount).toBeGreaterThanOrEqual(1);
    expect(body.items).toContainEqual(
      expect.objectContaining({
        type: 'ACCOUNT_CHANGE',
        typeLabel: '结算账户变更',
        state: 'PENDING',
        stateLabel: '待审核',
        enterpriseName: '上海鑫源贸易有限公司',
      }),
    );
  });

  it('filters by type, state and enterprise name, paged', async () => {
    const operator = await t.loginAs('operator');
    const byType: TaskItem[] = (await operator.get('/api/bpm/tasks', { type: 'ACCOUNT_CHANGE' })).json().message.items;
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((x) => x.type === 'ACCOUNT_CHANGE')).toBe(true);
    expect(
      (await operator.get('/api/bpm/tasks', { state: 'APPROVED', type: 'ACCOUNT_CHANGE' }))
        .json()
        .message.items.every((x: TaskItem) => x.state === 'APPROVED'),
    ).toBe(true);
    expect(
      (await operator.get('/api/bpm/tasks', { enterpriseName: '鑫源' }))
        .json()
        .message.items.every((x: TaskItem) => x.enterpriseName === '上海鑫源贸易有限公司'),
    ).toBe(true);
    expect((await operator.get('/api/bpm/tasks', { enterpriseName: '不存在的企业' })).json().message).toEqual({ items: [], totalCount: 0 });
    expect((await operator.get('/api/bpm/tasks', { state: 'DONE' })).statusCode).toBe(400);
  });

  it('shows a task with its submitted data, labelled fields and history', async () => {
    const operator = await t.loginAs('operator');
    const [item]: TaskItem[] = (await operator.get('/api/bpm/tasks', { type: 'ACCOUNT_CHANGE', state: 'PENDING' })).json().message.items;
    const detail = (await operator.get(`/api/bpm/tasks/${item.id}`)).json().message;
    expect(detail.fields).toContainEqual({ label: '企业名称', value: '上海鑫源贸易有限公司' });
    expect(detail.data).toMatchObject({ requested: { bankName: '招商银行' } });
    expect(detail.history).toEqual([expect.objectContaining({ action: 'SUBMIT', actorName: '张明' })]);
    expect(detail.submittedByName).toBe('张明');
    expect((await operator.get('/api/bpm/tasks/999999')).statusCode).toBe(404);
  });
});

describe('claiming and deciding', () => {
  it('lets the assignee alone decide a claimed task, and records claim and release', async () => {
    const a = await t.loginAs('operator');
    const b = await t.loginAs('operator2');
    const [item]: TaskItem[] = (await a.get('/api/bpm/tasks', { type: 'ACCOUNT_CHANGE', state: 'PENDING' })).json().message.items;
    expect((await a.post(`/api/bpm/tasks/${item.id}/claim`)).json()).toEqual({ status: 'OK', message: '已领取该任务' });
    expect((await b.post(`/api/bpm/tasks/${item.id}/approve`, {}, { json: true })).json()).toEqual({
      status: 'ERROR',
      message: '该任务已由 赵审 领取，请勿重复处理',
    });
    expect((await b.post(`/api/bpm/tasks/${item.id}/release`)).json().message).toBe('只能退回自己领取的任务');
    const mine: TaskItem[] = (await a.get('/api/bpm/tasks', { mine: 'true', state: 'PENDING' })).json().message.items;
    expect(mine.map((x) => x.id)).toEqual([item.id]);
    expect(mine[0].assigneeName).toBe('赵审');
    expect((await a.post(`/api/bpm/tasks/${item.id}/release`)).json().message).toBe('已退回任务池');
    expect((await b.post(`/api/bpm/tasks/${item.id}/reject`, { reason: '请补充开户许可证' }, { json: true })).json().message.state).toBe(
      'REJECTED',
    );
    const history = (await a.get(`/api/bpm/tasks/${item.id}`))
      .json()
      .message.history.map((h: { action: string; actorName: string }) => `${h.action}:${h.actorName}`);
    expect(history).toEqual(['SUBMIT:张明', 'CLAIM:赵审', 'RELEASE:赵审', 'REJECT:钱审']);
  });

  it('lets a module register its own task type and runs its handler in the decision', async () => {
    const calls: string[] = [];
    t.app.tasks.add({
      type: 'TEST_PROBE',
      label: '测试任务',
      async onApprove(tx, task, operator, comment) {
        const [{ n }] = await tx
          .select({ n: sql<number>`1` })
          .from(users)
          .limit(1);
        calls.push(`approve ${task.refId} by ${operator.name} (${comment}) ${n}`);
        return { before: { probe: 'before' }, after: { probe: 'after' } };
      },
      async onReject() {
        throw new Error('not used');
      },
    });
    const id = await t.database.db.transaction((tx) =>
      createTask(tx, {
        type: 'TEST_PROBE',
        subject: '探针',
        enterpriseId: null,
        refId: 42,
        data: { x: 1 },
        fields: [{ label: 'x', value: '1' }],
        submittedBy: null,
      }),
    );
    const operator = await t.loginAs('operator');
    expect((await operator.post(`/api/bpm/tasks/${id}/approve`, { comment: '好' }, { json: true })).json().message.state).toBe('APPROVED');
    expect(calls).toEqual(['approve 42 by 赵审 (好) 1']);
    const [audit] = (await operator.get('/api/bpm/audit', { taskId: id, action: 'APPROVE' })).json().message.items;
    expect(audit).toMatchObject({
      actorName: '赵审',
      before: { record: { probe: 'before' } },
      after: { record: { probe: 'after' }, task: { state: 'APPROVED' } },
    });
  });

  it('keeps the task pending when the handler refuses', async () => {
    t.app.tasks.add({
      type: 'TEST_REFUSE',
      label: '拒绝',
      async onApprove() {
        const { BusinessError } = await import('../../lib/envelope.ts');
        throw new BusinessError('业务规则不允许');
      },
      async onReject() {},
    });
    const id = await t.database.db.transaction((tx) =>
      createTask(tx, { type: 'TEST_REFUSE', subject: '拒绝', enterpriseId: null, refId: 7, data: {}, fields: [], submittedBy: null }),
    );
    const operator = await t.loginAs('operator');
    expect((await operator.post(`/api/bpm/tasks/${id}/approve`, {}, { json: true })).json()).toEqual({
      status: 'ERROR',
      message: '业务规则不允许',
    });
    const detail = (await operator.get(`/api/bpm/tasks/${id}`)).json().message;
    expect(detail.state).toBe('PENDING');
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['SUBMIT']);
  });
});

describe('the audit log', () => {
  it('is append-only', async () => {
    const [row] = await t.database.db.select({ id: bpmAuditLog.id }).from(bpmAuditLog).limit(1);
    await expect(t.database.db.update(bpmAuditLog).set({ comment: 'tampered' }).where(eq(bpmAuditLog.id, row.id))).rejects.toThrow();
    await expect(t.database.db.delete(bpmAuditLog).where(eq(bpmAuditLog.id, row.id))).rejects.toThrow();
  });

  it('lists decisions newest first for operators only', async () => {
    const items = (await (await t.loginAs('operator')).get('/api/bpm/audit')).json().message.items as { id: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((x, y) => y - x));
    expect((await (await t.loginAs('demo')).get('/api/bpm/audit')).statusCode).toBe(403);
  });
});
