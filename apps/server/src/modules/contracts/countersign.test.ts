import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, bpmTasks } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signingContext } from '../signing/index.ts';
import {
  approveTask,
  clearAssignment,
  newKey,
  okOf,
  pendingTask,
  roles,
  signContract,
  verifiedInvoice,
  type Roles,
} from '../supplyloan/testing.ts';

/**
 * Issue 37 item 6: the factor's signature is an act of the factor. The enterprise's signing adds only the
 * enterprise's; the factor's is added when an operator approves the decision that follows, named for
 * that operator, at the approval's time — as pdfsig reads the file and as the verification does.
 */
let t: TestApp;
let r: Roles;
let nssDir: string;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  nssDir = mkdtempSync(path.join(tmpdir(), 'fp-nss-'));
  const root = path.join(nssDir, 'root.pem');
  writeFileSync(root, forge.pki.certificateToPem((await signingContext()).authority.certificate));
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${nssDir}`]);
  execFileSync('certutil', ['-A', '-n', 'factoring-root', '-t', 'CT,C,C', '-i', root, '-d', `sql:${nssDir}`]);
}, 240_000);
afterAll(() => t.close());

/** pdfsig's report of the contract's signed version, one entry per signature. */
async function pdfsigOf(contractId: number): Promise<string[]> {
  const file = await r.demo.get(`/api/contracts/${contractId}/file`, { version: 'signed' });
  expect(file.statusCode).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-pdfsig-'));
  writeFileSync(path.join(dir, 'signed.pdf'), file.rawPayload);
  let report: string;
  try {
    report = execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, path.join(dir, 'signed.pdf')], { encoding: 'utf8' });
  } catch (err) {
    report = String((err as { stdout?: string }).stdout ?? '');
  }
  return report.split(/^Signature #\d+:$/m).slice(1);
}

interface Verification {
  verdict: string;
  message: string;
  signatures: { signerName: string; signedAt: string; reason: string; intact: boolean; trusted: boolean }[];
}
interface ContractRow {
  statusLabel: string;
  countersignedByName: string | null;
  countersignedAt: string | null;
}
const verification = async (id: number) => okOf<Verification>(await r.demo.get(`/api/contracts/${id}/verification`));
const contract = async (id: number) => okOf<ContractRow>(await r.demo.get(`/api/contracts/${id}`));

async function apply(): Promise<{ id: number; contractId: number }> {
  const invoiceId = await verifiedInvoice(r, 1_250_000_00);
  return okOf(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount: 1_000_000_00, termDays: 60, idempotencyKey: newKey() },
      { json: true },
    ),
  );
}

async function decidedAt(taskId: number): Promise<Date> {
  const [task] = await t.database.db.select().from(bpmTasks).where(eq(bpmTasks.id, taskId));
  return task!.decidedAt!;
}

/** The enterprise's signature alone: one signature, status 待保理方会签, and the verification says so. */
async function expectEnterpriseOnly(contractId: number) {
  const report = await pdfsigOf(contractId);
  expect(report).toHaveLength(1);
  expect(report[0]).toContain('Signer Certificate Common Name: 上海鑫源贸易有限公司');
  expect(report[0]).toContain('Signature Validation: Signature is Valid.');
  const v = await verification(contractId);
  expect(v.verdict).toBe('MATCH');
  expect(v.signatures.map((s) => s.signerName)).toEqual(['上海鑫源贸易有限公司']);
  expect(v.message).toContain('待保理方会签');
  expect(await contract(contractId)).toMatchObject({ statusLabel: '待保理方会签', countersignedByName: null, countersignedAt: null });
}

/** Both signatures, the factor's named for `operator`, made at the approval (not before it). */
async function expectCountersignedBy(contractId: number, operator: string, approvedAt: Date) {
  const report = await pdfsigOf(contractId);
  expect(report).toHaveLength(2);
  expect(report[1]).toContain('Signer Certificate Common Name: 鑫链商业保理有限公司');
  for (const s of report) {
    expect(s).toContain('Signature Validation: Signature is Valid.');
    expect(s).toContain('Certificate Validation: Certificate is Trusted.');
  }
  expect(report[1]).toContain('Total document signed');
  const v = await verification(contractId);
  expect(v.verdict).toBe('MATCH');
  expect(v.message).toContain('2 个数字签名');
  expect(v.message).not.toContain('待保理方会签');
  const [enterprise, factor] = v.signatures;
  expect(factor).toMatchObject({ signerName: '鑫链商业保理有限公司', intact: true, trusted: true });
  expect(factor!.reason).toContain(`经办人：${operator}`);
  // The PDF signing time has whole seconds: the factor's is the approval's second, never earlier.
  const factorAt = Date.parse(factor!.signedAt);
  expect(factorAt).toBeGreaterThanOrEqual(Math.floor(approvedAt.getTime() / 1000) * 1000);
  // Whole seconds again: a fast approval may fall in the enterprise's signing second, never before it.
  expect(factorAt).toBeGreaterThanOrEqual(Date.parse(enterprise!.signedAt));
  const row = await contract(contractId);
  expect(row).toMatchObject({ statusLabel: '双方已签署', countersignedByName: operator });
  expect(Date.parse(row.countersignedAt!)).toBe(approvedAt.getTime());
}

describe('the factor countersigns when an operator approves, never at the enterprise signing', () => {
  it('signed, then approved: one signature after signing, two after the approval, named for the approving operator', async () => {
    const f = await apply();
    okOf(await signContract(t, r.demo, f.contractId));
    await expectEnterpriseOnly(f.contractId);

    const taskId = await pendingTask(r.operator, 'FINANCING_APPROVAL', f.id);
    okOf(await r.operator.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '同意' }));
    await expectCountersignedBy(f.contractId, '赵审', await decidedAt(taskId));

    // The audit row of the decision names the countersignature and its operator.
    const [audit] = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.taskId, taskId), eq(bpmAuditLog.action, 'APPROVE')));
    expect(audit!.actorName).toBe('赵审');
    expect(JSON.stringify(audit!.after)).toMatch(/保理方会签 HT\d+（赵审，/);

    // The disbursement that follows adds no third signature (once the debtor's part is done, issue 36).
    await clearAssignment(t, r, f.id);
    const detail = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`));
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', detail.schedule[0]!.id, '放款'));
    expect(await pdfsigOf(f.contractId)).toHaveLength(2);
  });

  it('approved, then signed: the approval before the signature countersigns nothing; the disbursement after it does', async () => {
    const f = await apply();
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', f.id));
    expect(await contract(f.contractId)).toMatchObject({ statusLabel: '待签署', countersignedAt: null });
    okOf(await signContract(t, r.demo, f.contractId));
    await expectEnterpriseOnly(f.contractId);

    await clearAssignment(t, r, f.id);
    const detail = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`));
    const taskId = await pendingTask(r.checker, 'FINANCING_DISBURSE', detail.schedule[0]!.id);
    okOf(await r.checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '放款' }));
    await expectCountersignedBy(f.contractId, '钱核', await decidedAt(taskId));
  });

  it('the demo world went the same way: its signed contracts carry the factor signature of an operator', async () => {
    const list = okOf<{ items: (ContractRow & { id: number; type: string; status: string })[] }>(
      await r.demo.get('/api/contracts', { status: 'SIGNED', size: 100 }),
    );
    const factorParty = list.items.filter((c) => c.type !== 'CLOUD_LOAN');
    expect(factorParty.length).toBeGreaterThan(0);
    for (const c of factorParty) {
      expect(c.statusLabel, String(c.id)).toBe('双方已签署');
      expect(['赵审', '钱核']).toContain(c.countersignedByName);
      expect((await verification(c.id)).signatures).toHaveLength(2);
    }
    // The bank's loan agreement: the enterprise's signature completes it here.
    for (const c of list.items.filter((c) => c.type === 'CLOUD_LOAN')) expect(c.statusLabel).toBe('已签署');
  });
});
