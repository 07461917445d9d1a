import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Group = { group: string; items: { id: number; question: string; answer: string; highlight: boolean }[] };
const faq = async (keyword?: string) => (await t.client().get('/api/content/faq', keyword === undefined ? undefined : { keyword })).json();

describe('FAQ', () => {
  it('serves the seeded questions from the database, grouped in order', async () => {
    const body = await faq();
    expect(body.status).toBe('OK');
    const groups = body.message as Group[];
    expect(groups.map((g) => g.group)).toEqual(['注册与登录', '企业认证', '融资业务', '资金账户']);
    expect(groups.flatMap((g) => g.items).length).toBeGreaterThanOrEqual(12);
    expect(groups.flatMap((g) => g.items).filter((i) => i.highlight).length).toBeGreaterThanOrEqual(3);
  });

  it('searches questions and answers by keyword, every word must match', async () => {
    const groups = (await faq('锁定')).message as Group[];
    expect(groups.flatMap((g) => g.items.map((i) => i.question))).toContain('为什么账户被锁定了？');
    expect(groups.every((g) => g.items.every((i) => (i.question + i.answer + g.group).includes('锁定')))).toBe(true);
    const both = (await faq('密码 30 分钟')).message as Group[];
    expect(both.flatMap((g) => g.items).length).toBe(1);
    expect((await faq('没有这样的问题xyz')).message).toEqual([]);
  });

  it('treats SQL, HTML and LIKE wildcards in the keyword as plain text', async () => {
    for (const k of ["' or 1=1 --", '<script>alert(1)</script>', '_', '\\']) {
      const res = await t.client().get('/api/content/faq', { keyword: k });
      expect(res.statusCode, k).toBe(200);
      expect(res.json().message, k).toEqual([]);
    }
    // `%` is searched for literally: only the answers that mention a percentage.
    const percent = ((await faq('%')).message as Group[]).flatMap((g) => g.items);
    expect(percent.length).toBeGreaterThan(0);
    expect(percent.every((i) => i.answer.includes('%') || i.question.includes('%'))).toBe(true);
    expect((await t.client().get('/api/content/faq', { keyword: 'x'.repeat(51) })).statusCode).toBe(400);
  });

  it('lets operators add, edit, unpublish and delete questions; nobody else', async () => {
    const operator = await t.loginAs('operator');
    const created = (
      await operator.post('/api/content/faq/save', {
        groupName: '其他',
        question: '平台支持哪些浏览器？',
        answer: '推荐使用最新版 Chrome、Edge、Firefox 或 Safari。',
        sortOrder: 999,
      })
    ).json();
    expect(created.status).toBe('OK');
    expect((await faq('浏览器')).message[0].items[0].question).toBe('平台支持哪些浏览器？');

    await operator.post('/api/content/faq/save', {
      id: created.message.id,
      groupName: '其他',
      question: '平台支持哪些浏览器？',
      answer: '推荐 Chrome。',
      published: 'false',
    });
    expect((await faq('浏览器')).message).toEqual([]);
    expect((await operator.get('/api/content/faq/manage')).json().message.some((f: { id: number }) => f.id === created.message.id)).toBe(
      true,
    );

    const merchant = await t.loginAs('demo');
    expect((await merchant.post('/api/content/faq/save', { groupName: 'x', question: 'xx', answer: 'yy' })).statusCode).toBe(403);
    expect((await merchant.post('/api/content/faq/delete', { id: created.message.id })).statusCode).toBe(403);
    expect((await t.client().get('/api/content/faq/manage')).statusCode).toBe(401);

    expect((await operator.post('/api/content/faq/save', { groupName: '', question: 'xx', answer: 'yy' })).statusCode).toBe(400);
    expect((await operator.post('/api/content/faq/save', { id: 999999, groupName: 'x', question: 'xx', answer: 'yy' })).statusCode).toBe(
      404,
    );
    expect((await operator.post('/api/content/faq/delete', { id: created.message.id })).json().status).toBe('OK');
    expect((await operator.post('/api/content/faq/delete', { id: created.message.id })).statusCode).toBe(404);
  });
});

describe('embedded pages', () => {
  it('answers a configured page by index, with its address', async () => {
    expect((await t.client().get('/api/content/embed/0')).json()).toEqual({
      status: 'OK',
      message: { index: 0, title: '帮助中心', url: '/help/index.html' },
    });
    expect((await t.client().get('/api/content/embed/1')).json().message.url).toBe('/help/notices.html');
  });

  it('answers 404 for an unknown or malformed index', async () => {
    for (const index of ['2', '99', '-1', 'abc', '1.5', '%27%20or%201%3D1']) {
      expect((await t.client().get(`/api/content/embed/${index}`)).statusCode, index).toBe(404);
    }
  });

  it('never embeds a configured address that is not ours or https', async () => {
    await t.database.db
      .insert(siteConfig)
      .values({
        key: 'embeds',
        value: [
          { title: 'bad', url: 'javascript:alert(1)' },
          { title: 'other', url: '//evil.example/x' },
          { title: 'bank', url: 'https://bank.example.cn/notice' },
        ],
      })
      .onConflictDoUpdate({
        target: siteConfig.key,
        set: {
          value: [
            { title: 'bad', url: 'javascript:alert(1)' },
            { title: 'other', url: '//evil.example/x' },
            { title: 'bank', url: 'https://bank.example.cn/notice' },
          ],
        },
      });
    expect((await t.client().get('/api/content/embed/0')).statusCode).toBe(404);
    expect((await t.client().get('/api/content/embed/1')).statusCode).toBe(404);
    expect((await t.client().get('/api/content/embed/2')).json().message.url).toBe('https://bank.example.cn/notice');
  });
});
