import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmTasks, contracts, enterprises, signingCertificates, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { submit, validAuthentication } from '../certification/testing.ts';
import { contractStorageDir, countersign, generateContract } from '../contracts/index.ts';
import { TEST_CONTRACT_KIND } from '../contracts/testing.ts';
import { issuedBy } from './authority.ts';
import { configureSigning, enterpriseCredential, signingConfigOf, signingContext } from './index.ts';
import { addSignature } from './sign-pdf.ts';

// Digital signatures in the signed contract (issue 26), checked as a PDF reader checks them: Debian's
// pdfsig (poppler) reads the file, with the platform root trusted in an NSS database of its own.

let t: TestApp;
let demo: TestClient;
let operator: TestClient;
let demoEnterpriseId: number;
let nssDir: string;

const RELATED = 'SIGNING_TEST';
let nextRelated = 1;

const generate = () =>
  t.database.db.transaction((tx) =>
    generateContract(tx, {
      enterpriseId: demoEnterpriseId,
      kind: TEST_CONTRACT_KIND,
      relatedType: RELATED,
      relatedId: nextRelated++,
      relatedNo: 'RZ202611260001',
      title: '应收账款保理融资合同',
      counterparty: '鑫链商业保理有限公司',
      amount: 12_345_600,
      data: { rate: '7.20%', termDays: '90', startDate: '放款之日', dueDate: '放款日加 90 天', interestMode: '预收息' },
    }),
  );

const signedPathOf = async (id: number) => {
  const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, id));
  return path.join(contractStorageDir(), row!.signedStoredName!);
};

/** The enterprise signs; then the factor countersigns as an operator's approval does (issue 37: never at signing). */
async function signOne(): Promise<number> {
  const relatedId = nextRelated;
  const { id } = await generate();
  const res = (await demo.post(`/api/contracts/${id}/sign`, { password: t.encrypt(DEMO_PASSWORD) })).json();
  expect(res.status).toBe('OK');
  const [op] = await t.database.db.select().from(users).where(eq(users.loginName, 'operator'));
  const done = await t.database.db.transaction((tx) =>
    countersign(tx, { relatedType: RELATED, relatedId: String(relatedId) }, { id: op!.id, name: op!.displayName }, new Date()),
  );
  expect(done).toHaveLength(1);
  return id;
}

/** pdfsig's report of a file, with the platform root trusted. */
function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-pdfsig-'));
  const file = path.join(dir, 'signed.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], { encoding: 'utf8' });
  } catch (err) {
    // pdfsig exits non-zero when a signature does not validate; its report is still the answer.
    return String((err as { stdout?: string }).stdout ?? '');
  }
}

const signaturesIn = (report: string) => report.split(/^Signature #\d+:$/m).slice(1);

beforeAll(async () => {
  t = await createTestApp();
  [demo, operator] = await Promise.all([t.loginAs('demo'), t.loginAs('operator')]);
  const [e] = await t.database.db.select().from(enterprises).where(eq(enterprises.name, '上海鑫源贸易有限公司'));
  demoEnterpriseId = e!.id;
  // An NSS database that trusts this deployment's root, as a reader who installed it would.
  nssDir = mkdtempSync(path.join(tmpdir(), 'fp-nss-'));
  const root = path.join(nssDir, 'root.pem');
  writeFileSync(root, forge.pki.certificateToPem((await signingContext()).authority.certificate));
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${nssDir}`]);
  execFileSync('certutil', ['-A', '-n', 'factoring-root', '-t', 'CT,C,C', '-i', root, '-d', `sql:${nssDir}`]);
}, 180_000);
afterAll(() => t.close());

describe('a contract signed by 上海鑫源 and countersigned by the factor', () => {
  it('carries both signatures, which pdfsig finds valid, trusted and over an unmodified document', async () => {
    const id = await signOne();
    const file = await demo.get(`/api/contracts/${id}/file`, { version: 'signed' });
    expect(file.statusCode).toBe(200);
    const report = pdfsig(file.rawPayload);
    const [enterprise, factor, extra] = signaturesIn(report);
    expect(extra).toBeUndefined();
    expect(enterprise).toContain('Signer Certificate Common Name: 上海鑫源贸易有限公司');
    expect(enterprise).toContain('serialNumber=91310115MA1H7XQ301');
    expect(factor).toContain('Signer Certificate Common Name: 鑫链商业保理有限公司');
    for (const s of [enterprise, factor]) {
      expect(s).toContain('Signature Validation: Signature is Valid.');
      expect(s).toContain('Certificate Validation: Certificate is Trusted.');
      expect(s).toContain('Signature Type: adbe.pkcs7.detached');
    }
    // The countersignature covers the whole file: nothing was changed after the last signature.
    expect(factor).toContain('Total document signed');
  });

  it('is verified from the file itself: signers, certificates, time, and no change after signing', async () => {
    const id = await signOne();
    const res = (await demo.get(`/api/contracts/${id}/verification`)).json().message;
    expect(res.verdict).toBe('MATCH');
    expect(res.signatures).toHaveLength(2);
    const [enterprise, factor] = res.signatures;
    expect(enterprise).toMatchObject({
      signerName: '上海鑫源贸易有限公司',
      uscc: '91310115MA1H7XQ301',
      intact: true,
      trusted: true,
      coversWholeFile: false,
      changedAfter: false,
      problem: null,
    });
    expect(factor).toMatchObject({
      signerName: '鑫链商业保理有限公司',
      intact: true,
      trusted: true,
      coversWholeFile: true,
      changedAfter: false,
    });
    expect(enterprise.reason).toContain('签署');
    expect(Date.parse(enterprise.signedAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(res.message).toContain('2 个数字签名');
  });

  it('fails when one byte of the signed file changes, in pdfsig and in the verification', async () => {
    const id = await signOne();
    const file = await signedPathOf(id);
    const bytes = await readFile(file);
    // A byte of the first page's content, covered by both signatures.
    const at = bytes.indexOf('stream') + 40;
    const tampered = Buffer.from(bytes);
    tampered[at] = tampered[at]! ^ 0x01;
    const report = pdfsig(tampered);
    for (const s of signaturesIn(report)) expect(s).not.toContain('Signature is Valid.');
    await writeFile(file, tampered);
    const res = (await demo.get(`/api/contracts/${id}/verification`)).json().message;
    expect(res.verdict).toBe('MISMATCH');
    expect(res.signatures.map((s: { intact: boolean }) => s.intact)).toEqual([false, false]);
    expect(res.message).toContain('签名所覆盖的内容已被改动');
  });

  it('tells a change appended after both signatures apart from the countersignature', async () => {
    const id = await signOne();
    const file = await signedPathOf(id);
    await writeFile(file, Buffer.concat([await readFile(file), Buffer.from('\n1 0 obj\n(changed)\nendobj\n')]));
    const res = (await demo.get(`/api/contracts/${id}/verification`)).json().message;
    expect(res.verdict).toBe('MISMATCH');
    expect(res.signatures.map((s: { changedAfter: boolean }) => s.changedAfter)).toEqual([true, true]);
  });
});

describe('a replaced signing authority', () => {
  it('still finds the signatures intact, and says their certificates were issued by another authority', async () => {
    const id = await signOne();
    // A node restored without DATA_DIR/signing makes a root of its own.
    await configureSigning(signingConfigOf({ ...t.config, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-other-root-')) }));
    try {
      const res = (await demo.get(`/api/contracts/${id}/verification`)).json().message;
      expect(res.verdict).toBe('MATCH');
      expect(res.signatures.map((s: { intact: boolean; trusted: boolean }) => [s.intact, s.trusted])).toEqual([
        [true, false],
        [true, false],
      ]);
      expect(res.message).toContain('不是当前签名机构签发的');
    } finally {
      await configureSigning(signingConfigOf(t.config));
    }
  });
});

describe('signing certificates', () => {
  it('are refused for any party but their holder: another enterprise cannot sign for this one', async () => {
    const signing = await signingContext();
    const [other] = await t.database.db.select().from(enterprises).where(eq(enterprises.name, '浙江远航供应链管理有限公司'));
    const othersCredential = await t.database.db.transaction((tx) => enterpriseCredential(tx, signing, other!.id));
    const pdf = await readFile(await signedPathOf(await signOne()));
    await expect(
      addSignature(
        pdf,
        othersCredential,
        { holder: 'ENTERPRISE', enterpriseId: demoEnterpriseId },
        { reason: 'x', location: 'y', at: new Date() },
      ),
    ).rejects.toThrow(/does not belong/);
    await expect(addSignature(pdf, othersCredential, { holder: 'FACTOR' }, { reason: 'x', location: 'y', at: new Date() })).rejects.toThrow(
      /does not belong/,
    );
  });

  it('is issued to an enterprise when its real-name authentication is approved', async () => {
    const fresh = await t.loginAs('xinqiye');
    expect((await submit(fresh, await validAuthentication(t, fresh))).json().status).toBe('OK');
    const [enterprise] = await t.database.db.select().from(enterprises).where(eq(enterprises.name, '深圳前海新启科技有限公司'));
    expect(await t.database.db.select().from(signingCertificates).where(eq(signingCertificates.enterpriseId, enterprise!.id))).toEqual([]);
    const [task] = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'AUTHENTICATION'), eq(bpmTasks.state, 'PENDING')));
    expect((await operator.post(`/api/bpm/tasks/${task!.id}/approve`, { comment: '材料齐全' }, { json: true })).json().status).toBe('OK');
    const [certificate] = await t.database.db
      .select()
      .from(signingCertificates)
      .where(eq(signingCertificates.enterpriseId, enterprise!.id));
    expect(certificate).toMatchObject({
      holder: 'ENTERPRISE',
      subjectName: '深圳前海新启科技有限公司',
      uscc: '91440300MA5FPK8R20',
      personName: '陈新启',
    });
    expect(issuedBy(certificate!.certificatePem, (await signingContext()).authority.certificate)).toBe(true);
    // Its key is stored encrypted, never in the clear.
    expect(certificate!.encryptedKeyPem).toContain('BEGIN ENCRYPTED PRIVATE KEY');
  });
});
