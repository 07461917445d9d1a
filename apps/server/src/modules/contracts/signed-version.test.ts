import { readdir, rm, writeFile } from 'node:fs/promises';
import { formatChinaDateTime } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, users } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { buildApp, CONTRACT_KINDS } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, DEMO_PASSWORD, ORIGIN, type TestApp, type TestClient } from '../../test/harness.ts';
import { generateContract, type GenerateContractInput } from './generate-contract.ts';
import type { ContractKind } from './contract-kinds.ts';
import { TEST_CONTRACT_KIND } from './testing.ts';
import { declaredOriginalSha256 } from './signed-version.ts';
import { contractFilePath, contractStorageDir, readContractFile, sha256 } from './storage.ts';

/** Business records of this file only: no other module's sign hook is involved. */
const RELATED = 'SIGNED_VERSION_TEST';

let t: TestApp;
let demo: TestClient;
let gouxiao: TestClient;
let operator: TestClient;
let demoEnterpriseId: number;
let nextRelated = 1;

const generate = (over: Partial<GenerateContractInput> = {}) =>
  t.database.db.transaction((tx) =>
    generateContract(tx, {
      enterpriseId: demoEnterpriseId,
      kind: TEST_CONTRACT_KIND,
      relatedType: RELATED,
      relatedId: nextRelated++,
      relatedNo: 'RZ202611230007',
      title: '应收账款保理融资合同',
      counterparty: '鑫链商业保理有限公司',
      amount: 25_000_000,
      data: { rate: '7.20%', termDays: '60', startDate: '放款之日', dueDate: '放款日加 60 天', interestMode: '预收息' },
      ...over,
    }),
  );

const row = async (id: number) => (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];
const sign = (id: number, ip = '203.0.113.9') =>
  demo.post(`/api/contracts/${id}/sign`, { password: t.encrypt(DEMO_PASSWORD) }, { headers: { 'x-forwarded-for': ip } });
const file = (c: TestClient, id: number, query: Record<string, string> = {}) => c.get(`/api/contracts/${id}/file`, query);
const verify = (c: TestClient, id: number) => c.get(`/api/contracts/${id}/verification`);

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, flat: text.replace(/\s+/g, '') };
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  [demo, gouxiao, operator] = await Promise.all([t.loginAs('demo'), t.loginAs('gouxiao'), t.loginAs('operator')]);
  const [u] = await t.database.db.select({ enterpriseId: users.enterpriseId }).from(users).where(eq(users.loginName, 'demo'));
  demoEnterpriseId = u.enterpriseId!;
}, 180_000); // migrating and seeding the demo world on a busy machine
afterAll(() => t.close());

describe('signing makes a signed version', () => {
  let id: number;
  let original: Buffer;
  let signed: Buffer;

  beforeAll(async () => {
    ({ id } = await generate());
    original = (await file(demo, id)).rawPayload;
    const res = (await sign(id)).json();
    expect(res.status).toBe('OK');
  }, 60_000);

  it('records the signed version’s own file and SHA-256 beside the untouched original', async () => {
    const stored = await row(id);
    expect(stored.status).toBe('SIGNED');
    expect(stored.signedStoredName).toMatch(/\.pdf$/);
    expect(stored.signedStoredName).not.toBe(stored.storedName);
    signed = (await readContractFile(stored.signedStoredName!))!;
    expect(sha256(signed)).toBe(stored.signedFileSha256);
    expect(signed.length).toBe(stored.signedFileSize);
    expect(stored.signedFileSha256).not.toBe(stored.fileSha256);
    // The original is kept as generated, and it is what was signed.
    expect(sha256((await readContractFile(stored.storedName))!)).toBe(stored.fileSha256);
    expect(sha256(original)).toBe(stored.fileSha256);
    expect(stored.signedSha256).toBe(stored.fileSha256);

    const view = (await demo.get(`/api/contracts/${id}`)).json().message;
    expect(view).toMatchObject({
      signedSha256: stored.fileSha256,
      signedFileSha256: stored.signedFileSha256,
      signedFileSize: signed.length,
      signedFileName: `${stored.contractNo}-测试合同-已签署.pdf`,
    });
  });

  it('serves both versions: the signed one by default and on request, the original on request', async () => {
    const stored = await row(id);
    const byDefault = await file(demo, id, { download: '1' });
    expect(byDefault.statusCode).toBe(200);
    expect(sha256(byDefault.rawPayload)).toBe(stored.signedFileSha256);
    expect(byDefault.headers['content-disposition']).toBe(
      `attachment; filename="${stored.contractNo}-signed.pdf"; filename*=UTF-8''${encodeURIComponent(`${stored.contractNo}-测试合同-已签署.pdf`)}`,
    );
    const signedOne = await file(demo, id, { version: 'signed' });
    expect(sha256(signedOne.rawPayload)).toBe(stored.signedFileSha256);
    const originalOne = await file(demo, id, { version: 'original', download: '1' });
    expect(sha256(originalOne.rawPayload)).toBe(stored.fileSha256);
    expect(originalOne.headers['content-disposition']).toContain(encodeURIComponent(`${stored.contractNo}-测试合同.pdf`));
    expect(sha256(originalOne.rawPayload)).not.toBe(sha256(signedOne.rawPayload));
    expect((await file(demo, id, { version: 'draft' })).statusCode).toBe(400);
    expect((await file(gouxiao, id, { version: 'original' })).statusCode).toBe(404);
    expect((await file(operator, id, { version: 'signed' })).statusCode).toBe(200);
  });

  it('is the original’s pages with the seal and signature filled in, plus a signature page with the evidence', async () => {
    const stored = await row(id);
    const before = await pdfText(original);
    const after = await pdfText(signed);
    expect(after.pages).toBe(before.pages + 1);
    expect(after.flat).toContain(before.flat.slice(0, 200)); // the contract text itself is there unchanged
    for (const fact of [
      '电子签署页',
      '合同专用章',
      '上海鑫源贸易有限公司',
      '张明',
      '203.0.113.9',
      stored.fileSha256,
      formatChinaDateTime(stored.signedAt!).replace(/\s+/g, ''),
      '北京时间',
      `${stored.contractNo}-测试合同.pdf`,
    ]) {
      expect(after.flat).toContain(fact);
    }
    // None of it in the original: its signature block is blank.
    for (const fact of ['合同专用章', '203.0.113.9', '北京时间', stored.fileSha256]) expect(before.flat).not.toContain(fact);
    // The file itself names the original it signed.
    expect(await declaredOriginalSha256(signed)).toBe(stored.fileSha256);
    expect(await declaredOriginalSha256(original)).toBeNull();
  });

  it('verifies: both stored files match their records and the signature was made on this original', async () => {
    const stored = await row(id);
    const res = (await verify(demo, id)).json();
    expect(res.status).toBe('OK');
    expect(res.message).toMatchObject({
      contractId: id,
      contractNo: stored.contractNo,
      status: 'SIGNED',
      verdict: 'MATCH',
      original: { recordedSha256: stored.fileSha256, actualSha256: stored.fileSha256, result: 'MATCH' },
      signed: {
        fileName: `${stored.contractNo}-测试合同-已签署.pdf`,
        recordedSha256: stored.signedFileSha256,
        actualSha256: stored.signedFileSha256,
        result: 'MATCH',
        signedOriginalSha256: stored.fileSha256,
        declaredOriginalSha256: stored.fileSha256,
        originalMatches: true,
      },
    });
    expect(res.message.message).toContain('核验通过');
    expect((await verify(operator, id)).json().message.verdict).toBe('MATCH');
    const other = await verify(gouxiao, id);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe((await verify(gouxiao, 2147483000)).body);
  });

  it('answers the same through the production serializer (declared fields, nested and nullable ones included)', async () => {
    const compiled = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        AUTH_RATE_LIMIT: '1000',
        DATA_DIR: t.config.DATA_DIR,
        PUBLIC_ORIGIN: ORIGIN,
        RESPONSE_VALIDATION: 'off',
        // The same signing secret as the worker's authority: a second app re-reads its root key.
        SIGNING_KEY_SECRET: t.config.SIGNING_KEY_SECRET,
      }),
      t.database,
    );
    try {
      const { id: unsigned } = await generate();
      for (const url of [`/api/contracts/${id}`, `/api/contracts/${id}/verification`, `/api/contracts/${unsigned}/verification`]) {
        const headers = { host: 'portal.test', cookie: demo.cookie! };
        const [a, b] = [await t.app.inject({ method: 'GET', url, headers }), await compiled.inject({ method: 'GET', url, headers })];
        expect(b.statusCode).toBe(200);
        const stable = (body: string) => body.replace(/"checkedAt":"[^"]+"/, '');
        expect(stable(b.body)).toBe(stable(a.body));
      }
    } finally {
      await compiled.close();
    }
  });

  it('says mismatch when the stored signed file is tampered with, and missing when it is gone', async () => {
    const stored = await row(id);
    const path = contractFilePath(stored.signedStoredName!);
    await writeFile(path, Buffer.concat([signed, Buffer.from('\n% tampered\n')]));
    const tampered = (await verify(demo, id)).json().message;
    expect(tampered.verdict).toBe('MISMATCH');
    expect(tampered.signed.result).toBe('MISMATCH');
    expect(tampered.signed.actualSha256).not.toBe(stored.signedFileSha256);
    expect(tampered.original.result).toBe('MATCH');
    expect(tampered.message).toContain('签署版文件与签署时记录的摘要不一致');

    await rm(path);
    const missing = (await verify(demo, id)).json().message;
    expect(missing).toMatchObject({ verdict: 'MISSING', signed: { result: 'MISSING', actualSha256: null } });
    expect((await file(demo, id)).json()).toEqual({ status: 'ERROR', message: '文件不存在或已被删除' });

    await writeFile(path, signed); // put back: matches again
    expect((await verify(demo, id)).json().message.verdict).toBe('MATCH');
  });

  it('says mismatch when the original is tampered with after signing', async () => {
    const stored = await row(id);
    await writeFile(contractFilePath(stored.storedName), Buffer.concat([original, Buffer.from('%')]));
    const res = (await verify(demo, id)).json().message;
    expect(res).toMatchObject({ verdict: 'MISMATCH', original: { result: 'MISMATCH' }, signed: { result: 'MATCH' } });
    expect(res.message).toContain('原文文件与生成时记录的摘要不一致');
    await writeFile(contractFilePath(stored.storedName), original);
  });
});

describe('before signing', () => {
  it('has no signed version to download, and verifies the original alone', async () => {
    const { id } = await generate();
    const res = await file(demo, id, { version: 'signed' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'ERROR', message: '该合同尚未签署，没有签署版文件' });
    expect(sha256((await file(demo, id)).rawPayload)).toBe((await row(id)).fileSha256);
    const v = (await verify(demo, id)).json().message;
    expect(v).toMatchObject({ status: 'TO_SIGN', verdict: 'MATCH', signed: null, original: { result: 'MATCH' } });
    expect((await demo.get(`/api/contracts/${id}`)).json().message).toMatchObject({
      signedFileName: null,
      signedFileSize: null,
      signedFileSha256: null,
    });
  });
});

describe('for every registered kind of contract', () => {
  it.each(CONTRACT_KINDS.map((kind): [string, ContractKind] => [kind.code, kind]))(
    'signs a %s contract into a signed version with the signature page',
    async (code, kind) => {
      const { id } = await generate({ kind, title: `${kind.label}（${code} 测试）`, data: { pledgeGoods: '电解铜', marginRate: '10%' } });
      expect((await sign(id)).json().status).toBe('OK');
      const stored = await row(id);
      const signed = (await readContractFile(stored.signedStoredName!))!;
      const { pages, flat } = await pdfText(signed);
      expect(pages).toBe((await pdfText((await readContractFile(stored.storedName))!)).pages + 1);
      expect(flat).toContain('电子签署页');
      expect(flat).toContain(stored.fileSha256);
      expect((await verify(demo, id)).json().message.verdict).toBe('MATCH');
    },
    60_000,
  );
});

describe('a signing that rolls back', () => {
  it('leaves no signed version behind', async () => {
    const refusing: ContractKind = {
      ...TEST_CONTRACT_KIND,
      code: 'TEST_REFUSING',
      signHooks: {
        SIGNED_VERSION_REFUSE: async () => {
          throw new BusinessError('业务状态不允许签署');
        },
      },
    };
    t.app.contractKinds.add(refusing);
    const { id } = await generate({ kind: refusing, relatedType: 'SIGNED_VERSION_REFUSE', relatedId: 'x' });
    const before = (await readdir(contractStorageDir())).filter((f) => f.endsWith('.pdf')).sort();
    expect((await sign(id)).json()).toEqual({ status: 'ERROR', message: '业务状态不允许签署' });
    expect(await row(id)).toMatchObject({ status: 'TO_SIGN', signedStoredName: null, signedFileSha256: null, signedFileSize: null });
    const after = (await readdir(contractStorageDir())).filter((f) => f.endsWith('.pdf')).sort();
    expect(after).toEqual(before);
  }, 60_000);
});

describe('the seeded signed agreement', () => {
  it('was signed through the same mechanism: it has a signed version that verifies', async () => {
    const items = (await demo.get('/api/contracts', { type: 'FACTORING_AGREEMENT' })).json().message.items as {
      id: number;
      status: string;
      signedFileSha256: string | null;
    }[];
    const agreement = items.find((c) => c.status === 'SIGNED')!;
    expect(agreement.signedFileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify(demo, agreement.id)).json().message).toMatchObject({ verdict: 'MATCH', signed: { originalMatches: true } });
  });
});
