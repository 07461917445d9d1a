/**
 * Issue 36, the debtor's part (PRODUCT §13; 民法典 art. 546): the core enterprise that owes an invoice is a user
 * of the portal. It confirms (确权) each receivable assigned to the factor — amount, due date, no set-off — one by
 * one or in a batch with its login password, each in a PAdES-signed 确认函, or disputes it with a reason, which
 * stops the financing at its approval and its disbursement with nothing booked. The notice of assignment is
 * signed by the supplier, countersigned by the factor and, on a disclosed platform, delivered in the portal and
 * acknowledged; an undisclosed platform's is held and sent by the operator, by mail to a debtor without a user;
 * a settled financing's release notice goes out at the close of business. Real server, real database.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '@factoring/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_OF_BUSINESS_STEPS } from '../../../app.ts';
import { assignmentNotices, contracts, financingTranches, outbox, receivableConfirmations } from '../../../db/schema/index.ts';
import { runStep } from '../../../jobs/close-of-business.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { deposit, ledgerFingerprint } from '../../ledger/testing.ts';
import { signingContext } from '../../signing/index.ts';
import {
  approveTask,
  newKey,
  okOf,
  pendingTask,
  refusal,
  roles,
  signContract,
  type Applied,
  type Roles,
} from '../../supplyloan/testing.ts';
import { bureauInvoice } from '../testing.ts';

let t: TestApp;
let r: Roles;
let buyer: TestClient;
let storage: TestClient;
let nssDir: string;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  buyer = await t.loginAs('gouxiao');
  storage = await t.loginAs('cangchu');
  await deposit(t, r.enterpriseId, 500_000_00);
  // pdfsig trusts the portal's signing root, as a reader that was given it would.
  nssDir = mkdtempSync(path.join(tmpdir(), 'fp-nss-'));
  const root = path.join(nssDir, 'root.pem');
  writeFileSync(root, forge.pki.certificateToPem((await signingContext()).authority.certificate));
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${nssDir}`]);
  execFileSync('certutil', ['-A', '-n', 'factoring-root', '-t', 'CT,C,C', '-i', root, '-d', `sql:${nssDir}`]);
}, 240_000);
afterAll(() => t?.close());

interface Row {
  assetId: number;
  label: string;
  amount: number;
  dueDate: string | null;
  creditorName: string;
  financingNo: string;
  status: 'PENDING' | 'CONFIRMED' | 'DISPUTED';
  confirmedAmount: number | null;
  confirmedDueDate: string | null;
  letterContractId: number | null;
  letterNo: string | null;
  disputeReason: string | null;
  payTo: string;
}
interface Notice {
  id: number;
  noticeNo: string;
  kind: string;
  status: string;
  channel: string | null;
  deliveredTo: string | null;
  deliveryRef: string | null;
  acknowledgedByName: string | null;
  collectionAccount: { accountNo: string };
}
type Fact = { label: string; value: string };

const inbox = async (client: TestClient = buyer) =>
  okOf<{ items: Row[] }>(await client.get('/api/receivables/confirmations', { size: 200 })).items;
const rowsOf = async (financingNo: string, client: TestClient = buyer) =>
  (await inbox(client)).filter((row) => row.financingNo === financingNo);
const confirm = (assetIds: number[], password = DEMO_PASSWORD, client: TestClient = buyer, key = newKey()) =>
  client.post('/api/receivables/confirmations/confirm', { assetIds, password: t.encrypt(password), idempotencyKey: key }, { json: true });
const dispute = (assetIds: number[], reason: string, client: TestClient = buyer) =>
  client.post(
    '/api/receivables/confirmations/dispute',
    { assetIds, reason, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
    { json: true },
  );
const desk = async () => okOf<{ items: Notice[] }>(await r.operator.get('/api/receivables/notices/desk', { size: 200 })).items;
const noticeOf = async (noticeNo: string) => (await desk()).find((n) => n.noticeNo === noticeNo);
const debtorNotices = async (client: TestClient = buyer) =>
  okOf<{ items: Notice[] }>(await client.get('/api/receivables/notices', { size: 200 })).items;
const acknowledge = (id: number, password = DEMO_PASSWORD) =>
  buyer.post(`/api/receivables/notices/${id}/acknowledge`, { password: t.encrypt(password), idempotencyKey: newKey() }, { json: true });
const facts = async (trancheId: number) =>
  okOf<{ facts: Fact[] }>(await r.checker.get(`/api/bpm/tasks/${await pendingTask(r.checker, 'FINANCING_DISBURSE', trancheId)}`)).facts;
const factOf = (list: Fact[], label: string) => list.find((f) => f.label.startsWith(label))?.value;

/** An invoice to 浙江远航 the bureau knows, registered with its due date and verified, and applied for. */
async function applied(amount: number) {
  const inv = await bureauInvoice(t, { amount });
  const dueDate = addDays(chinaToday(), 75);
  const reg = okOf<{ id: number }>(await r.demo.post('/api/supplyloan/invoices', { ...inv, dueDate }, { json: true }));
  okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id, '已查验'));
  const financing = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [reg.id], amount: Math.floor(amount * 0.8), termDays: 60, idempotencyKey: newKey() },
      { json: true },
    ),
  );
  okOf(await signContract(t, r.demo, financing.contractId));
  return { inv, dueDate, financing };
}

/** Applied, signed and approved: the notice drawn up, the tranche waiting for the second operator. */
async function approved(amount: number) {
  const a = await applied(amount);
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', a.financing.id));
  const [tranche] = await t.database.db
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, a.financing.id), eq(financingTranches.status, 'PENDING')));
  return { ...a, trancheId: tranche.id };
}

/** The supplier signs the notice drawn up at the approval (its contract list, its password); answers the contract id. */
async function supplierSignsNotice(financingNo: string) {
  const list = okOf<{ items: { id: number; relatedNo: string | null; relatedId: string }[] }>(
    await r.demo.get('/api/contracts', { type: 'ASSIGNMENT_NOTICE', size: 100 }),
  );
  const c = list.items.find((i) => i.relatedNo === `ZR${financingNo}`)!;
  okOf(await signContract(t, r.demo, c.id));
  return c;
}

/** pdfsig's report of a signed contract's file as `client` downloads it, one entry per signature. */
async function pdfsigOf(client: TestClient, contractId: number): Promise<string[]> {
  const file = await client.get(`/api/contracts/${contractId}/file`, { version: 'signed' });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
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

const confirmationsOf = (assetKeyLike: number) =>
  t.database.db.select().from(receivableConfirmations).where(eq(receivableConfirmations.assetId, assetKeyLike));

describe('the debtor is a user', () => {
  it('sees the receivables it owes that are assigned to the factor, and no other enterprise sees or confirms them', async () => {
    const a = await applied(120_000_00);
    const [row] = await rowsOf(a.financing.financingNo);
    expect(row).toMatchObject({
      status: 'PENDING',
      amount: 120_000_00,
      dueDate: a.dueDate,
      creditorName: '上海鑫源贸易有限公司',
      payTo: '原债权人：上海鑫源贸易有限公司',
    });
    expect(row.label).toContain(a.inv.invoiceNumber);
    // Scope: the supplier and another supplier of the same core enterprise owe nothing of it.
    expect(await rowsOf(a.financing.financingNo, r.demo)).toEqual([]);
    expect(await rowsOf(a.financing.financingNo, storage)).toEqual([]);
    // Another enterprise confirming or disputing it: not found, nothing written.
    const other = await storage.post(
      '/api/receivables/confirmations/confirm',
      { assetIds: [row.assetId], password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      { json: true },
    );
    expect(other.statusCode).toBe(404);
    expect((await dispute([row.assetId], '不认可', storage)).statusCode).toBe(404);
    // One of its own and one of another's in a batch: the whole batch is not found.
    expect((await confirm([row.assetId, row.assetId + 100_000])).statusCode).toBe(404);
    expect(await confirmationsOf(row.assetId)).toEqual([]);
    // The menu shows the inbox to the debtor only.
    const routes = async (c: TestClient) => okOf<{ route: string | null }[]>(await c.get('/api/menus')).map((m) => m.route);
    expect(await routes(buyer)).toContain('/receivables/confirmations');
    expect(await routes(storage)).not.toContain('/receivables/confirmations');
    expect(await routes(r.operator)).not.toContain('/receivables/confirmations');
  });

  it('a wrong password confirms nothing: no answer, no letter', async () => {
    const a = await applied(80_000_00);
    const [row] = await rowsOf(a.financing.financingNo);
    const letters = async () =>
      (await t.database.db.select({ n: count() }).from(contracts).where(eq(contracts.type, 'RECEIVABLE_CONFIRMATION')))[0].n;
    const before = await letters();
    const res = await confirm([row.assetId], 'Wrong@2026x');
    expect(res.json()).toMatchObject({ status: 'ERROR', code: 'WRONG_PASSWORD' });
    expect(res.json().message).toContain('应收账款未确权');
    expect(await confirmationsOf(row.assetId)).toEqual([]);
    expect(await letters()).toBe(before);
    expect((await rowsOf(a.financing.financingNo))[0].status).toBe('PENDING');
  });

  it('confirms a batch: each receivable its own 确认函, a PDF signed by the debtor that a reader trusts', async () => {
    const one = await applied(90_000_00);
    const two = await applied(110_000_00);
    const ids = [(await rowsOf(one.financing.financingNo))[0].assetId, (await rowsOf(two.financing.financingNo))[0].assetId];
    const key = newKey();
    const done = okOf<{ items: { assetId: number; status: string; letterNo: string }[] }>(await confirm(ids, DEMO_PASSWORD, buyer, key));
    expect(done.items.map((i) => i.assetId).sort()).toEqual([...ids].sort());
    expect(new Set(done.items.map((i) => i.letterNo)).size).toBe(2);
    // The same submission again acts once: the same letters, none drawn up again.
    const letters = async () =>
      (await t.database.db.select({ n: count() }).from(contracts).where(eq(contracts.type, 'RECEIVABLE_CONFIRMATION')))[0].n;
    const drawn = await letters();
    const again = okOf<{ items: { letterNo: string }[] }>(await confirm(ids, DEMO_PASSWORD, buyer, key));
    expect(again.items.map((i) => i.letterNo)).toEqual(done.items.map((i) => i.letterNo));
    expect(await letters()).toBe(drawn);
    for (const [a, id] of [
      [one, ids[0]],
      [two, ids[1]],
    ] as const) {
      const [row] = await rowsOf(a.financing.financingNo);
      expect(row).toMatchObject({ status: 'CONFIRMED', confirmedAmount: row.amount, confirmedDueDate: a.dueDate });
      const [answer] = await confirmationsOf(id);
      expect(answer).toMatchObject({
        status: 'CONFIRMED',
        noSetOff: true,
        amount: row.amount,
        dueDate: a.dueDate,
        confirmedByName: '王航',
      });
      // The letter is the debtor's contract: signed, in its own contract list, verified against its record.
      const letter = okOf<{ type: string; status: string; title: string }>(await buyer.get(`/api/contracts/${row.letterContractId}`));
      expect(letter).toMatchObject({ type: 'RECEIVABLE_CONFIRMATION', status: 'SIGNED' });
      const verification = okOf<{ verdict: string; signatures: { signerName: string; intact: boolean; trusted: boolean }[] }>(
        await buyer.get(`/api/contracts/${row.letterContractId}/verification`),
      );
      expect(verification.verdict).toBe('MATCH');
      expect(verification.signatures).toEqual([
        expect.objectContaining({ signerName: '浙江远航供应链管理有限公司', intact: true, trusted: true }),
      ]);
      const report = await pdfsigOf(buyer, row.letterContractId!);
      expect(report).toHaveLength(1);
      expect(report[0]).toContain('Signer Certificate Common Name: 浙江远航供应链管理有限公司');
      expect(report[0]).toContain('Signature Validation: Signature is Valid.');
      expect(report[0]).toContain('Certificate Validation: Certificate is Trusted.');
      // The supplier cannot read the debtor's letter.
      expect((await r.demo.get(`/api/contracts/${row.letterContractId}`)).statusCode).toBe(404);
    }
    // Confirmed is final.
    expect((await confirm([ids[0]])).json()).toMatchObject({ status: 'ERROR', code: 'ALREADY_CONFIRMED' });
    expect((await dispute([ids[0]], '质量问题')).json()).toMatchObject({ status: 'ERROR', code: 'ALREADY_CONFIRMED' });
  });
});

describe('a dispute stops the financing', () => {
  it('is refused at the approval with its reason; the operator and the supplier see it; confirmed after all, it is approved', async () => {
    const a = await applied(70_000_00);
    const [row] = await rowsOf(a.financing.financingNo);
    const reason = '货物质量异议：第二批卷板规格不符，正在协商退换';
    const disputed = okOf<{ items: { status: string }[]; noticesSent: string[] }>(await dispute([row.assetId], reason));
    expect(disputed.items).toEqual([expect.objectContaining({ status: 'DISPUTED' })]);
    expect((await rowsOf(a.financing.financingNo))[0]).toMatchObject({ status: 'DISPUTED', disputeReason: reason });
    const refused = await approveTask(r.operator, 'FINANCING_APPROVAL', a.financing.id);
    expect(refused.json()).toMatchObject({ status: 'ERROR', code: 'RECEIVABLE_DISPUTED' });
    expect(refused.json().message).toContain(reason);
    // The operator's desk lists it, the disputes first; the supplier's financing carries the tag.
    const deskRows = okOf<{ items: { label: string; status: string; disputeReason: string | null }[] }>(
      await r.operator.get('/api/receivables/confirmations/desk', { status: 'DISPUTED', size: 100 }),
    ).items;
    expect(deskRows.find((d) => d.label === row.label)).toMatchObject({ status: 'DISPUTED', disputeReason: reason });
    const [proof] = okOf<{ tags: { text: string }[]; disputed: number }[]>(
      await r.demo.get('/api/receivables/assignment-proofs', { financingIds: String(a.financing.id) }),
    );
    expect(proof.disputed).toBe(1);
    expect(proof.tags.map((x) => x.text)).toContain('有争议');
    // Another enterprise reads no proofs of it.
    expect(okOf<unknown[]>(await storage.get('/api/receivables/assignment-proofs', { financingIds: String(a.financing.id) }))).toEqual([]);
    // Settled between them: the debtor confirms after all, and the approval goes through.
    okOf(await confirm([row.assetId]));
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', a.financing.id));
  });

  it('a dispute after the approval stops the disbursement with nothing booked', async () => {
    const a = await approved(60_000_00);
    const [row] = await rowsOf(a.financing.financingNo);
    await supplierSignsNotice(a.financing.financingNo);
    okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', (await noticeOf(`ZR${a.financing.financingNo}`))!.id, '会签'));
    okOf(await dispute([row.assetId], '已部分付款，金额不符'));
    const before = await ledgerFingerprint(t.database.db);
    const res = await approveTask(r.checker, 'FINANCING_DISBURSE', a.trancheId, '放款');
    expect(res.json()).toMatchObject({ status: 'ERROR', code: 'RECEIVABLE_DISPUTED' });
    expect(res.json().message).toContain('已部分付款，金额不符');
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    const [tranche] = await t.database.db.select().from(financingTranches).where(eq(financingTranches.id, a.trancheId));
    expect(tranche.status).toBe('PENDING');
    expect(factOf(await facts(a.trancheId), `债务人确权 ${row.label}`)).toContain('有争议：已部分付款，金额不符');
  });
});

describe('the notice of assignment (明保理)', () => {
  it('signed by the supplier, countersigned by the factor, delivered in the portal, acknowledged: then, with the confirmation, the money goes out', async () => {
    const a = await approved(100_000_00);
    const noticeNo = `ZR${a.financing.financingNo}`;
    const [row] = await rowsOf(a.financing.financingNo);
    const refusedFor = async () => {
      const res = await approveTask(r.checker, 'FINANCING_DISBURSE', a.trancheId, '放款');
      expect(res.json().status).toBe('ERROR');
      return res.json().message as string;
    };
    // Nothing done yet: the drawer and the refusal say what is missing.
    let drawer = await facts(a.trancheId);
    expect(factOf(drawer, `债务人确权 ${row.label}`)).toBe('待债务人确权');
    expect(factOf(drawer, '转让通知')).toContain('待供应商签署');
    expect(factOf(drawer, '确权与通知')).toMatch(/^不能放款/);
    let why = await refusedFor();
    expect(why).toContain('待债务人浙江远航供应链管理有限公司确权');
    expect(why).toContain(`应收账款转让通知书（${noticeNo}）待供应商签署`);
    // The supplier signs; the factor's task opens; the contract waits for the countersignature.
    const contract = await supplierSignsNotice(a.financing.financingNo);
    expect((await noticeOf(noticeNo))!.status).toBe('SIGNED');
    expect(await refusedFor()).toContain('待保理方会签');
    expect(await pdfsigOf(r.demo, contract.id)).toHaveLength(1);
    // The factor countersigns: sent at once into the debtor's portal inbox.
    okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', contract.relatedId, '会签'));
    const sent = (await noticeOf(noticeNo))!;
    expect(sent).toMatchObject({ status: 'SENT', channel: 'PORTAL', deliveryRef: `PORTAL-${noticeNo}` });
    expect(sent.deliveredTo).toContain('浙江远航供应链管理有限公司');
    const signatures = await pdfsigOf(r.demo, contract.id);
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).toContain('Signer Certificate Common Name: 上海鑫源贸易有限公司');
    expect(signatures[1]).toContain('Signer Certificate Common Name: 鑫链商业保理有限公司');
    for (const s of signatures) expect(s).toContain('Signature Validation: Signature is Valid.');
    // The debtor has it, and is told whom to pay now.
    const received = (await debtorNotices()).find((n) => n.noticeNo === noticeNo)!;
    expect(received).toMatchObject({ kind: 'ASSIGNMENT', status: 'SENT' });
    expect((await rowsOf(a.financing.financingNo))[0].payTo).toContain(received.collectionAccount.accountNo);
    expect((await debtorNotices(storage)).find((n) => n.noticeNo === noticeNo)).toBeUndefined();
    why = await refusedFor();
    expect(why).toContain('已送达，待债务人确认收到');
    // Confirmed, not yet acknowledged: still refused.
    okOf(await confirm([row.assetId]));
    expect(await refusedFor()).toBe(`确权与转让通知未完成，不能放款：应收账款转让通知书（${noticeNo}）已送达，待债务人确认收到`);
    // Acknowledging takes the password too; another enterprise cannot.
    expect((await acknowledge(received.id, 'Wrong@2026x')).json()).toMatchObject({ status: 'ERROR', code: 'WRONG_PASSWORD' });
    expect(
      (
        await storage.post(
          `/api/receivables/notices/${received.id}/acknowledge`,
          { password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          { json: true },
        )
      ).statusCode,
    ).toBe(404);
    expect(okOf<Notice>(await acknowledge(received.id))).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedByName: '王航' });
    drawer = await facts(a.trancheId);
    expect(factOf(drawer, `债务人确权 ${row.label}`)).toMatch(
      /^已确权：金额 ¥100,000.00，到期日 \d{4}-\d{2}-\d{2}，无抵销、无争议；确认函 HT/,
    );
    expect(factOf(drawer, '转让通知')).toContain('债务人已确认收到');
    expect(factOf(drawer, '确权与通知')).toBe('齐备，可以放款');
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', a.trancheId, '放款'));
    const [proof] = okOf<{ tags: { text: string }[] }[]>(
      await r.demo.get('/api/receivables/assignment-proofs', { financingIds: String(a.financing.id) }),
    );
    expect(proof.tags.map((x) => x.text)).toEqual(['已确权', '已通知']);
  });

  it('settled: the notice is released and the release notice goes out at the close of business, in the portal', async () => {
    const a = await approved(50_000_00);
    const contract = await supplierSignsNotice(a.financing.financingNo);
    okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', contract.relatedId, '会签'));
    okOf(await confirm([(await rowsOf(a.financing.financingNo))[0].assetId]));
    okOf(await acknowledge((await noticeOf(`ZR${a.financing.financingNo}`))!.id));
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', a.trancheId, '放款'));
    const quote = okOf<{ quote: { total: number } }>(await r.demo.get(`/api/supplyloan/financings/${a.financing.id}`)).quote;
    const repaid = okOf<{ status: string }>(
      await r.demo.post(
        `/api/supplyloan/financings/${a.financing.id}/repay`,
        { amount: quote.total, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(repaid.status).toBe('SETTLED');
    expect((await noticeOf(`ZR${a.financing.financingNo}`))!.status).toBe('RELEASED');
    const releaseNo = `JC${a.financing.financingNo}`;
    expect((await noticeOf(releaseNo))!.status).toBe('TO_SEND');
    const step = CLOSE_OF_BUSINESS_STEPS.find((s) => s.name === 'receivables-notices')!;
    const ran = (await runStep(t.database.db, step, chinaToday())) as unknown as { releases: number };
    expect(ran.releases).toBeGreaterThanOrEqual(1);
    const release = (await noticeOf(releaseNo))!;
    expect(release).toMatchObject({ kind: 'RELEASE', status: 'SENT', channel: 'PORTAL' });
    const received = (await debtorNotices()).find((n) => n.noticeNo === releaseNo)!;
    expect(okOf<Notice>(await acknowledge(received.id)).status).toBe('ACKNOWLEDGED');
    // The debtor pays its creditor again.
    expect(await rowsOf(a.financing.financingNo)).toEqual([]);
  });
});

describe('the notice of assignment (暗保理)', () => {
  it('the demo’s undisclosed notice is held, never shown to the debtor; sent by hand it goes by mail to a debtor without a user', async () => {
    const held = (await desk()).find((n) => n.status === 'HELD')!;
    expect(held).toBeDefined();
    const [row] = await t.database.db.select().from(assignmentNotices).where(eq(assignmentNotices.id, held.id));
    expect(row).toMatchObject({ mode: 'UNDISCLOSED', sendOn: 'OVERDUE', sentAt: null });
    // The operator chooses what sends it; a supplier may not.
    expect(
      (await r.demo.post(`/api/receivables/notices/${held.id}/trigger`, { sendOn: 'MANUAL', idempotencyKey: newKey() }, { json: true }))
        .statusCode,
    ).toBe(403);
    expect(
      okOf<{ sendOn: string }>(
        await r.operator.post(
          `/api/receivables/notices/${held.id}/trigger`,
          { sendOn: 'DISPUTE', idempotencyKey: newKey() },
          { json: true },
        ),
      ).sendOn,
    ).toBe('DISPUTE');
    const mails = async () => (await t.database.db.select({ n: count() }).from(outbox))[0].n;
    const before = await mails();
    const sent = okOf<Notice & { sentReason: string }>(
      await r.operator.post(
        `/api/receivables/notices/${held.id}/send`,
        { note: '核心企业付款异常', idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(sent).toMatchObject({ status: 'SENT', channel: 'MAIL' });
    expect(sent.sentReason).toContain('核心企业付款异常');
    expect(await mails()).toBe(before + 1);
    const [mail] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sent.deliveryRef).toBe(`OUTBOX-${mail.id}`);
    expect(mail.toAddress).toBe(sent.deliveredTo);
    expect(mail.subject).toContain(held.noticeNo);
    expect(mail.body).toContain(row.collectionAccount.accountNo);
    expect(mail.body).toContain('第五百四十六条');
    // Sent once: a second send is refused.
    expect(
      refusal(await r.operator.post(`/api/receivables/notices/${held.id}/send`, { idempotencyKey: newKey() }, { json: true })),
    ).toContain('不能发送');
  });
});
