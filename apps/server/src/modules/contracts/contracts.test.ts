import { writeFile, rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, enterprises, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { generateContract, type GenerateContractInput } from './generate-contract.ts';
import { chinaDate } from './labels.ts';
import { isContractSigned, voidContractsOf } from './queries.ts';
import { contractFilePath, readContractFile, sha256 } from './storage.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { ContractKind } from './contract-kinds.ts';
import { TEST_CONTRACT_KIND, TEST_LETTER_KIND } from './testing.ts';

/** Business records of this test file only: no other module's sign hook is involved. */
const RELATED = 'CONTRACT_TEST';

let t: TestApp;
let demo: TestClient;
let gouxiao: TestClient;
let operator: TestClient;
let demoEnterpriseId: number;
let nextRelated = 1;

async function generate(over: Partial<GenerateContractInput> = {}) {
  return t.database.db.transaction((tx) =>
    generateContract(tx, {
      enterpriseId: demoEnterpriseId,
      kind: TEST_CONTRACT_KIND,
      relatedType: RELATED,
      relatedId: nextRelated++,
      relatedNo: 'RZ202605180042',
      title: '应收账款保理融资合同',
      counterparty: '鑫链商业保理有限公司',
      amount: 100_000_000,
      data: { rate: '7.20%', startDate: '2026-05-18', dueDate: '2026-08-16', interestMode: '预收息', invoiceNo: '04412345' },
      ...over,
    }),
  );
}

const row = async (id: number) => (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];
const sign = (c: TestClient, id: number, password = DEMO_PASSWORD, headers?: Record<string, string>) =>
  c.post(`/api/contracts/${id}/sign`, { password: t.encrypt(password) }, { headers });

beforeAll(async () => {
  // Behind a proxy: the signer's IP comes from X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: 'true' });
  [demo, gouxiao, operator] = await Promise.all([t.loginAs('demo'), t.loginAs('gouxiao'), t.loginAs('operator')]);
  const [u] = await t.database.db.select({ enterpriseId: users.enterpriseId }).from(users).where(eq(users.loginName, 'demo'));
  demoEnterpriseId = u.enterpriseId!;
});
afterAll(() => t.close());

describe('seeded contracts', () => {
  it('gives the demo enterprise a signed factoring agreement and a contract to sign', async () => {
    const res = (await demo.get('/api/contracts', { page: 1, size: 100 })).json();
    expect(res.status).toBe('OK');
    const items = res.message.items as {
      type: string;
      status: string;
      typeLabel: string;
      statusLabel: string;
      signedSha256: string | null;
      fileSha256: string;
    }[];
    const agreement = items.find((c) => c.type === 'FACTORING_AGREEMENT')!;
    expect(agreement).toMatchObject({
      status: 'SIGNED',
      typeLabel: '保理协议',
      statusLabel: '双方已签署',
      signedByName: '张明',
      countersignedByName: '赵审',
    });
    expect(agreement.signedSha256).toBe(agreement.fileSha256);
    // The seeded margin agreement to sign (the demo's seeded pledge financing has its own, signed).
    expect(items.find((c) => c.type === 'MARGIN' && c.status === 'TO_SIGN')).toMatchObject({
      status: 'TO_SIGN',
      typeLabel: '保证金协议',
      counterparty: '鑫链商业保理有限公司',
      amount: 10_000_000,
    });
  });

  it('does not show them to another enterprise', async () => {
    const res = (await gouxiao.get('/api/contracts', { size: 100 })).json();
    // 浙江远航 has contracts of its own since issue 36 (its confirmation letters as the debtor, its own financing on the
    // 中建材 platform); none of 上海鑫源's.
    const theirs = res.message.items as { enterpriseId: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((c) => c.enterpriseId === demoEnterpriseId)).toEqual([]);
  });

  it('filters by status, type and keyword and pages', async () => {
    const toSign = (await demo.get('/api/contracts', { status: 'TO_SIGN' })).json().message;
    expect(toSign.items.every((c: { status: string }) => c.status === 'TO_SIGN')).toBe(true);
    const margin = (await demo.get('/api/contracts', { type: 'MARGIN' })).json().message;
    // The seeded margin agreement to sign and the seeded pledge financing's signed one.
    expect(margin.items.map((c: { type: string; status: string }) => `${c.type}:${c.status}`).sort()).toEqual([
      'MARGIN:SIGNED',
      'MARGIN:TO_SIGN',
    ]);
    const byWord = (await demo.get('/api/contracts', { keyword: '保理业务' })).json().message;
    expect(byWord.items.map((c: { title: string }) => c.title)).toEqual(['应收账款保理业务合作协议']);
    const none = (await demo.get('/api/contracts', { keyword: '%' })).json().message;
    expect(none.totalCount).toBe(0);
    const first = (await demo.get('/api/contracts', { page: 1, size: 1 })).json().message;
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBeGreaterThanOrEqual(2);
    expect((await demo.get('/api/contracts', { status: 'NOPE' })).statusCode).toBe(400);
  });

  it('lists the registered kinds, and refuses a type no area registered with a 400 in Chinese', async () => {
    const kinds = (await demo.get('/api/contracts/kinds')).json().message as { code: string; label: string }[];
    expect(kinds).toEqual(t.app.contractKinds.list.map(({ code, label }) => ({ code, label })));
    expect(kinds.length).toBeGreaterThan(0);
    // Every seeded contract is of a registered kind, under its kind's label.
    const seeded = (await demo.get('/api/contracts', { size: 100 })).json().message.items as { type: string; typeLabel: string }[];
    for (const c of seeded) expect(kinds).toContainEqual({ code: c.type, label: c.typeLabel });
    for (const type of ['NO_SUCH_KIND', 'lower', '类型']) {
      const res = await demo.get('/api/contracts', { type });
      expect(res.statusCode).toBe(400);
      // A malformed code is the schema's refusal (请求参数不正确：type …), an unknown one the registry's: the same words.
      expect(res.json()).toMatchObject({ status: 'ERROR', message: expect.stringContaining('合同类型不正确') });
    }
  });

  it('filters by a kind registered after the app was built', async () => {
    const late: ContractKind = { ...TEST_CONTRACT_KIND, code: 'TEST_LATE', label: '后登记合同' };
    expect((await demo.get('/api/contracts', { type: late.code })).statusCode).toBe(400);
    t.app.contractKinds.add(late);
    expect(() => t.app.contractKinds.add(late)).toThrow(/registered twice/);
    const { id } = await generate({ kind: late });
    const listed = (await demo.get('/api/contracts', { type: late.code })).json().message;
    expect(listed.items).toEqual([expect.objectContaining({ id, type: 'TEST_LATE', typeLabel: '后登记合同' })]);
    expect((await demo.get('/api/contracts/kinds')).json().message).toContainEqual({ code: 'TEST_LATE', label: '后登记合同' });
  });

  it('counts contracts to sign for the dashboard', async () => {
    const stats = (await demo.get('/api/contracts/stats')).json().message;
    expect(stats.toSign).toBeGreaterThanOrEqual(1);
    expect(stats.signed).toBeGreaterThanOrEqual(1);
  });
});

describe('generation', () => {
  it('renders a real Chinese PDF, stores it and records its size and SHA-256', async () => {
    const { id, contractNo } = await generate();
    expect(contractNo).toMatch(new RegExp(`^HT${chinaDate().replaceAll('-', '')}\\d{4}$`));
    const stored = await row(id);
    expect(stored).toMatchObject({
      contractNo,
      status: 'TO_SIGN',
      type: 'TEST_CONTRACT',
      typeLabel: '测试合同',
      relatedLabel: '测试业务 RZ202605180042',
      factorCountersigns: true,
      fileName: `${contractNo}-测试合同.pdf`,
      enterpriseId: demoEnterpriseId,
    });
    const bytes = (await readContractFile(stored.storedName))!;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(stored.fileSize);
    expect(sha256(bytes)).toBe(stored.fileSha256);
    expect(bytes.length).toBeLessThan(400_000); // the CJK font is subset, not the whole 8 MB

    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBeGreaterThanOrEqual(1);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(contractNo);
    expect(flat).toContain('测试合同');
    expect(flat).toContain('上海鑫源贸易有限公司');
    expect(flat).toContain('壹佰万元整');
    expect(flat).toContain('1,000,000.00');
    expect(flat).toContain('年化利率为7.20%');
  });

  it('numbers contracts uniquely, also when generated at the same time', async () => {
    const made = await Promise.all(Array.from({ length: 5 }, () => generate()));
    const numbers = made.map((m) => m.contractNo);
    expect(new Set(numbers).size).toBe(5);
    const seqs = numbers.map((n) => Number(n.slice(10))).sort((a, b) => a - b);
    expect(seqs[4] - seqs[0]).toBe(4);
  });

  it('refuses invalid input', async () => {
    await expect(generate({ amount: -1 })).rejects.toThrow();
    await expect(generate({ amount: 1.5 })).rejects.toThrow();
    await expect(generate({ enterpriseId: 999_999 })).rejects.toThrow(/does not exist/);
  });
});

describe('the file', () => {
  it('is served inline with an RFC 5987 UTF-8 file name, and as an attachment with download=1', async () => {
    const { id, contractNo } = await generate();
    const stored = await row(id);
    const res = await demo.get(`/api/contracts/${id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="${contractNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`${contractNo}-测试合同.pdf`)}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(sha256(res.rawPayload)).toBe(stored.fileSha256);
    const dl = await demo.get(`/api/contracts/${id}/file`, { download: 1 });
    expect(dl.headers['content-disposition']).toMatch(/^attachment; /);
    expect(dl.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 404 to another enterprise exactly as for a contract that does not exist; operators read all', async () => {
    const { id } = await generate();
    const other = await gouxiao.get(`/api/contracts/${id}/file`);
    const missing = await gouxiao.get('/api/contracts/2147483000/file');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect(other.json()).toEqual({ status: 'ERROR', message: '文件不存在或已被删除' });
    const detail = await gouxiao.get(`/api/contracts/${id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.body).toBe((await gouxiao.get('/api/contracts/2147483000')).body);
    expect((await operator.get(`/api/contracts/${id}/file`)).statusCode).toBe(200);
    expect((await operator.get(`/api/contracts/${id}`)).json().message.enterpriseName).toBe('上海鑫源贸易有限公司');
    expect((await t.client().get(`/api/contracts/${id}/file`)).statusCode).toBe(401);
  });

  it('answers the SPEC §8 file-not-found message when the file is gone from disk', async () => {
    const { id } = await generate();
    await rm(contractFilePath((await row(id)).storedName));
    const res = await demo.get(`/api/contracts/${id}/file`, { download: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('文件不存在或已被删除');
    const signed = (await sign(demo, id)).json();
    expect(signed).toMatchObject({ status: 'ERROR', message: expect.stringContaining('合同文件不存在') });
  });
});

describe('signing', () => {
  it('records signer, time, IP and the SHA-256 of the document signed', async () => {
    const { id } = await generate();
    const before = Date.now();
    const res = (await sign(demo, id, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.7' })).json();
    expect(res.status).toBe('OK');
    const stored = await row(id);
    expect(res.message).toMatchObject({
      id,
      status: 'SIGNED',
      // The factor countersigns when an operator approves, not at the enterprise's signing (issue 37).
      statusLabel: '待保理方会签',
      signedByName: '张明',
      signerIp: '203.0.113.7',
      signedSha256: stored.fileSha256,
    });
    expect(stored.status).toBe('SIGNED');
    expect(stored.signedSha256).toBe(sha256((await readContractFile(stored.storedName))!));
    expect(stored.signedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.signedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'demo'));
    expect(stored.signedBy).toBe(u.id);
    expect(stored.effectiveDate).toBe(chinaDate(stored.signedAt!));
    expect((await demo.get(`/api/contracts/${id}`)).json().message).toMatchObject({ status: 'SIGNED', signerIp: '203.0.113.7' });
  });

  it('refuses a wrong password and records nothing', async () => {
    const { id } = await generate();
    const res = (await sign(demo, id, 'Wrong@2026')).json();
    expect(res).toEqual({ status: 'ERROR', message: '登录密码不正确，合同未签署', code: 'WRONG_PASSWORD' });
    const plain = (await demo.post(`/api/contracts/${id}/sign`, { password: DEMO_PASSWORD })).json();
    expect(plain).toEqual({ status: 'ERROR', message: '密码加密数据无效，请刷新页面后重试', code: 'PASSWORD_UNREADABLE' });
    expect(await row(id)).toMatchObject({
      status: 'TO_SIGN',
      signedBy: null,
      signedAt: null,
      signerIp: null,
      signedSha256: null,
      signedByName: null,
    });
    expect((await demo.post(`/api/contracts/${id}/sign`, {})).statusCode).toBe(400);
  });

  it('refuses signing twice with a clear message and keeps the first signature', async () => {
    const { id } = await generate();
    expect((await sign(demo, id, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.1' })).json().status).toBe('OK');
    const first = await row(id);
    const again = (await sign(demo, id, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.2' })).json();
    expect(again).toEqual({ status: 'ERROR', message: '该合同已签署，请勿重复签署' });
    expect(await row(id)).toEqual(first);
  });

  it('lets exactly one of two simultaneous signings through', async () => {
    const { id } = await generate();
    const results = await Promise.all([sign(demo, id), sign(demo, id)]);
    const statuses = results.map((r) => r.json().status).sort();
    expect(statuses).toEqual(['ERROR', 'OK']);
  });

  it('answers 404 when another enterprise signs, before looking at the password, and changes nothing', async () => {
    const { id } = await generate();
    const other = await sign(gouxiao, id);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe((await sign(gouxiao, 2147483000)).body);
    expect((await sign(gouxiao, id, 'Wrong@2026')).statusCode).toBe(404);
    expect((await row(id)).status).toBe('TO_SIGN');
    expect((await sign(operator, id)).statusCode).toBe(403);
  });

  it('refuses when the file on disk changed since generation', async () => {
    const { id } = await generate();
    const stored = await row(id);
    const bytes = (await readContractFile(stored.storedName))!;
    await writeFile(contractFilePath(stored.storedName), Buffer.concat([bytes, Buffer.from('\n% tampered\n')]));
    const res = (await sign(demo, id)).json();
    expect(res).toEqual({ status: 'ERROR', message: '合同文件与生成时不一致，已拒绝签署，请联系客服' });
    expect(await row(id)).toMatchObject({ status: 'TO_SIGN', signedAt: null, signedSha256: null });
  });

  it('refuses void and expired contracts', async () => {
    const voided = await generate();
    await t.database.db.transaction((tx) => voidContractsOf(tx, RELATED, nextRelated - 1));
    expect((await sign(demo, voided.id)).json().message).toBe('该合同已作废，不能签署');

    const expired = await generate({ effectiveDate: '2020-01-01', expiryDate: '2020-12-31' });
    const listed = (await demo.get('/api/contracts', { status: 'EXPIRED' })).json().message.items.map((c: { id: number }) => c.id);
    expect(listed).toContain(expired.id);
    expect((await sign(demo, expired.id)).json().message).toBe('该合同已过期，不能签署');
  });

  it('refuses an enterprise that is not certified', async () => {
    const [e] = await t.database.db
      .insert(enterprises)
      .values({ name: '未认证测试有限公司', certified: false })
      .returning({ id: enterprises.id });
    await t.database.db.insert(users).values({
      loginName: 'uncert_contracts',
      displayName: '测试',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      enterpriseId: e.id,
      authority: 'merchant',
    });
    const { id } = await generate({ enterpriseId: e.id });
    const c = await t.loginAs('uncert_contracts');
    const res = (await sign(c, id)).json();
    expect(res.status).toBe('ERROR');
    expect(res.message).toContain('实名认证');
    expect((await row(id)).status).toBe('TO_SIGN');
  });
});

describe('for other modules', () => {
  it('tells whether a business record’s contracts are signed and voids them', async () => {
    const relatedId = nextRelated;
    expect(await isContractSigned(t.database.db, RELATED, relatedId)).toBe(false); // none yet
    const { id } = await generate({ relatedId });
    const second = await generate({ relatedId, kind: TEST_LETTER_KIND, title: '测试函' });
    expect(await isContractSigned(t.database.db, RELATED, relatedId)).toBe(false);
    await sign(demo, id);
    expect(await isContractSigned(t.database.db, RELATED, relatedId)).toBe(false); // the pledge contract is not signed yet
    await sign(demo, second.id);
    expect(await isContractSigned(t.database.db, RELATED, String(relatedId))).toBe(true);

    const third = await generate({ relatedId: 'X-1' });
    expect(await t.database.db.transaction((tx) => voidContractsOf(tx, RELATED, 'X-1'))).toBe(1);
    expect((await row(third.id)).status).toBe('VOID');
    expect(await isContractSigned(t.database.db, RELATED, 'X-1')).toBe(false);
  });

  it("runs its kind's sign hook for the record's type inside the signing transaction", async () => {
    const seen: string[] = [];
    const hooked: ContractKind = {
      ...TEST_CONTRACT_KIND,
      code: 'TEST_HOOKED',
      signHooks: {
        CONTRACT_HOOK_TEST: async (tx, relatedId, contract) => {
          const [r] = await tx.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, contract.id));
          seen.push(`${relatedId}:${r.status}:${contract.signer.name}:${contract.typeLabel}`);
          if (relatedId === 'refuse') throw new BusinessError('业务状态不允许签署');
        },
      },
    };
    t.app.contractKinds.add(hooked);
    // The kind's hook is for its own record type only: another record's contract of the kind signs without it.
    const elsewhere = await generate({ kind: hooked, relatedType: RELATED, relatedId: 'other' });
    expect((await sign(demo, elsewhere.id)).json().status).toBe('OK');
    const ok = await generate({ kind: hooked, relatedType: 'CONTRACT_HOOK_TEST', relatedId: 'go' });
    expect((await sign(demo, ok.id)).json().status).toBe('OK');
    const refused = await generate({ kind: hooked, relatedType: 'CONTRACT_HOOK_TEST', relatedId: 'refuse' });
    expect((await sign(demo, refused.id)).json()).toEqual({ status: 'ERROR', message: '业务状态不允许签署' });
    expect(seen).toEqual(['go:SIGNED:张明:测试合同', 'refuse:SIGNED:张明:测试合同']);
    expect((await row(refused.id)).status).toBe('TO_SIGN'); // rolled back with the hook
    const counted = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(and(eq(contracts.relatedType, 'CONTRACT_HOOK_TEST'), eq(contracts.status, 'SIGNED')));
    expect(counted[0].n).toBe(1);
  });
});
