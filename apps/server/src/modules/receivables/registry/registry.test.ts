// Registration at the registry (中登网, issue 36): the real server and database, the built-in local registry
// behind the app's port. The factor registers and searches when it approves; money waits for its valid
// registration and a search dated today without an earlier registration by another registrant (民法典
// art. 768); settlement cancels the registration; the desk's acts follow the registry's rules; the
// certificates are PDFs. A registry that does not answer is plugged per app through buildApp.
import { addDays, expiryOf, isRegistryNumber, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financedAssets, financingTranches, localRegistryRegistrations, receivableRegistrations } from '../../../db/schema/index.ts';
import { runStep } from '../../../jobs/close-of-business.ts';
import { atTime, chinaToday } from '../../../lib/clock.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { ledgerFingerprint, newKey } from '../../ledger/testing.ts';
import {
  approveTask,
  clearAssignment,
  okOf,
  pendingTask,
  refusal,
  roles,
  signContract,
  verifiedInvoice,
  type Applied,
  type Roles,
} from '../../supplyloan/testing.ts';
import { PDF_BYTES, upload } from '../../uploads/testing.ts';
import { localRegistry, registryCancelStep, searchForFinancing, type RegistryAdapter } from '../index.ts';

const OTHER = { name: '某某商业保理有限公司', creditCode: '91440300MA5G8KXQ0E' };
const SUPPLIER = { name: '上海鑫源贸易有限公司', creditCode: '91310115MA1H7XQ301' };
const DEBTOR = { debtorName: '浙江远航供应链管理有限公司', debtorCode: '91330106MA2GL7QX1F' };
const json = { json: true };

type Registration = {
  id: number;
  financingId: number;
  financingNo: string;
  registrationNo: string;
  invoices: string[];
  years: number;
  registeredOn: string;
  expiresOn: string;
  standing: string;
  cancelDueOn: string | null;
  latestSearch: { outcome: string; searchedOn: string; today: boolean; proofNo: string | null; message: string } | null;
};

let t: TestApp;
let r: Roles;
let today: IsoDate;
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  today = chinaToday();
});
afterAll(() => t.close());

/** An invoice financing applied for and signed, not yet approved: its id, number, tranche-to-be and invoice. */
async function signedApplication(amount = 8_000_000) {
  const invoiceId = await verifiedInvoice(r, Math.ceil(amount / 0.8));
  const applied = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount, termDays: 30, idempotencyKey: newKey() },
      json,
    ),
  );
  okOf(await signContract(t, r.demo, applied.contractId));
  const detail = okOf<{ invoices: { invoiceCode: string; invoiceNumber: string; issueDate: string; amount: number }[] }>(
    await r.demo.get(`/api/supplyloan/financings/${applied.id}`),
  );
  return { ...applied, invoice: detail.invoices[0] };
}

/** …approved by the operator (who registers and searches): the tranche waiting for the second operator. */
async function approved(a: Awaited<ReturnType<typeof signedApplication>>) {
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', a.id));
  await clearAssignment(t, r, a.id);
  const detail = okOf<{ schedule: { id: number }[]; history: { action: string; note: string | null }[] }>(
    await r.demo.get(`/api/supplyloan/financings/${a.id}`),
  );
  return { ...a, trancheId: detail.schedule[0].id, history: detail.history };
}

const disburse = (trancheId: number) => approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款');
const registrationOf = async (financingNo: string, view = 'ALL') =>
  okOf<{ items: Registration[] }>(await r.operator.get('/api/receivables/registry/registrations', { view, keyword: financingNo })).items[0];
const trancheStatus = async (id: number) =>
  (await t.database.db.select({ s: financingTranches.status }).from(financingTranches).where(eq(financingTranches.id, id)))[0].s;

/** The other factor registers, through the registry's own operation, the assignment of `invoice` to itself. */
async function otherRegisters(invoice: { invoiceCode: string; invoiceNumber: string; issueDate: string; amount: number }) {
  return localRegistry(OTHER).register(
    {
      transferor: SUPPLIER,
      receivables: [{ ...invoice, ...DEBTOR }],
      description: `${SUPPLIER.name}将其对${DEBTOR.debtorName}的应收账款转让给${OTHER.name}`,
      amount: invoice.amount,
      years: 1,
      reference: 'MMBL-TEST',
    },
    { db: t.database.db, today },
  );
}

describe('the factor registers when it approves, and the gate before money goes out', () => {
  it('approving registers the assignment (20-digit number, 1 year) and searches; with both, the money goes out', async () => {
    const a = await approved(await signedApplication());
    const reg = await registrationOf(a.financingNo, 'VALID');
    expect(isRegistryNumber(reg.registrationNo, 'ACT')).toBe(true);
    expect(reg).toMatchObject({ standing: 'VALID', years: 1, registeredOn: today, expiresOn: expiryOf(today, 1) });
    expect(reg.invoices).toEqual([`${a.invoice.invoiceCode}-${a.invoice.invoiceNumber}`]);
    expect(reg.latestSearch).toMatchObject({ outcome: 'CLEAR', searchedOn: today, today: true });
    expect(a.history.find((h) => h.action === '应收账款转让登记')?.note).toContain(reg.registrationNo);
    // The disbursing operator's drawer says the registry lets the money go out.
    const task = okOf<{ facts: { label: string; value: string }[] }>(
      await r.checker.get(`/api/bpm/tasks/${await pendingTask(r.checker, 'FINANCING_DISBURSE', a.trancheId)}`),
    );
    expect(task.facts.find((f) => f.label === '中登网放款核查')?.value).toMatch(/^通过/);
    okOf(await disburse(a.trancheId));
    expect(await trancheStatus(a.trancheId)).toBe('DISBURSED');
  });

  it('refused without the factor’s registration (cancelled on the desk), nothing booked; registered and searched again, it goes', async () => {
    const a = await approved(await signedApplication());
    const reg = await registrationOf(a.financingNo, 'VALID');
    okOf(
      await r.operator.post(
        `/api/receivables/registry/registrations/${reg.id}/cancel`,
        { reason: '登记信息有误，注销后重新登记', idempotencyKey: newKey() },
        json,
      ),
    );
    const before = await ledgerFingerprint(t.database.db);
    expect(refusal(await disburse(a.trancheId))).toBe('放款前中登网核查未通过：本融资的应收账款转让尚未在中登网登记，请先办理登记');
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await trancheStatus(a.trancheId)).toBe('PENDING');
    // The desk lists it as not registered; the operator registers (2 years); the morning's search predates it.
    const unregistered = okOf<{ financingNo: string }[]>(await r.operator.get('/api/receivables/registry/unregistered'));
    expect(unregistered.map((u) => u.financingNo)).toContain(a.financingNo);
    const again = okOf<Registration>(
      await r.operator.post(`/api/receivables/registry/financings/${a.id}/register`, { years: 2, idempotencyKey: newKey() }, json),
    );
    expect(again).toMatchObject({ standing: 'VALID', years: 2 });
    expect(again.registrationNo).not.toBe(reg.registrationNo);
    expect(refusal(await disburse(a.trancheId))).toMatch(/^放款前中登网核查未通过：今日的查询（.*）早于本机构的登记，请在登记后重新查询$/);
    const searched = okOf<{ outcome: string; proofNo: string }>(
      await r.operator.post(`/api/receivables/registry/financings/${a.id}/search`, { idempotencyKey: newKey() }, json),
    );
    expect(searched.outcome).toBe('CLEAR');
    expect(isRegistryNumber(searched.proofNo, 'SEARCH')).toBe(true);
    okOf(await disburse(a.trancheId));
  });

  it('refused when another registrant registered the same invoice first (art. 768), nothing booked; a later one does not stop it', async () => {
    const a = await signedApplication();
    await otherRegisters(a.invoice);
    const b = await approved(a);
    const reg = await registrationOf(b.financingNo, 'VALID');
    expect(reg.latestSearch).toMatchObject({ outcome: 'CONFLICT', today: true });
    const before = await ledgerFingerprint(t.database.db);
    const heldBefore = await t.database.db
      .select({ s: financedAssets.status })
      .from(financedAssets)
      .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.financingId, b.id)));
    const message = refusal(await disburse(b.trancheId));
    expect(message).toMatch(
      /^放款前中登网核查未通过：中登网查询（查询证明 1\d{19}，.*）发现在先登记：某某商业保理有限公司 的登记 0\d{19}（.*起）已登记受让发票 /,
    );
    expect(message).toContain('登记在先的先于登记在后的取得应收账款（民法典第七百六十八条），不能放款');
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await trancheStatus(b.trancheId)).toBe('PENDING');
    expect(
      await t.database.db
        .select({ s: financedAssets.status })
        .from(financedAssets)
        .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.financingId, b.id))),
    ).toEqual(heldBefore);
    const task = okOf<{ facts: { label: string; value: string }[] }>(
      await r.checker.get(`/api/bpm/tasks/${await pendingTask(r.checker, 'FINANCING_DISBURSE', b.trancheId)}`),
    );
    expect(task.facts.find((f) => f.label === '中登网放款核查')?.value).toMatch(/^不能放款：.*某某商业保理有限公司/);

    // Another invoice registered by the other factor only after ours: the factor's registration wins.
    const c = await approved(await signedApplication());
    await otherRegisters(c.invoice);
    const later = okOf<{ outcome: string; found: number }>(
      await r.operator.post(`/api/receivables/registry/financings/${c.id}/search`, { idempotencyKey: newKey() }, json),
    );
    expect(later).toMatchObject({ outcome: 'CLEAR' });
    expect(later.found).toBeGreaterThanOrEqual(2);
    okOf(await disburse(c.trancheId));
  });

  it('refused when the latest search is not dated today; today’s search — the registry’s or an uploaded certificate — lets it go', async () => {
    const a = await approved(await signedApplication());
    // Yesterday's search (the registry's own operation under the clock set back) is the latest kept.
    const yesterday = addDays(today, -1);
    await atTime(new Date(Date.now() - 86_400_000), () =>
      t.database.db.transaction((tx) =>
        searchForFinancing(
          tx,
          t.app.receivables.registry,
          { product: 'INVOICE', financingId: a.id },
          { id: null, name: '测试' },
          yesterday,
        ),
      ),
    );
    const before = await ledgerFingerprint(t.database.db);
    expect(refusal(await disburse(a.trancheId))).toBe(
      `放款前中登网核查未通过：最近一次中登网查询在 ${yesterday}，放款须以放款当日（${today}）的查询为准，请重新查询`,
    );
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    // A search certificate made at a real registry today, uploaded by the operator as a PDF.
    const res = await upload(t, r.operator, { name: '中登网查询证明.pdf', type: 'application/pdf', bytes: PDF_BYTES });
    const uploadId = (res.json().message as { id: number }).id;
    expect(
      refusal(
        await r.operator.post(
          `/api/receivables/registry/financings/${a.id}/uploaded-search`,
          { uploadId, searchedOn: addDays(today, 1), conflictFound: false, idempotencyKey: newKey() },
          json,
        ),
      ),
    ).toBe('查询日期不能晚于今天');
    const uploaded = okOf<{ source: string; outcome: string; today: boolean }>(
      await r.operator.post(
        `/api/receivables/registry/financings/${a.id}/uploaded-search`,
        { uploadId, searchedOn: today, proofNo: '10202611290000012345', conflictFound: false, idempotencyKey: newKey() },
        json,
      ),
    );
    expect(uploaded).toMatchObject({ source: 'UPLOAD', outcome: 'CLEAR', today: true });
    okOf(await disburse(a.trancheId));
  });

  it('settlement makes the registration due to cancel, and the close of business cancels it at the registry', async () => {
    const a = await approved(await signedApplication(4_000_000));
    okOf(await disburse(a.trancheId));
    const quote = okOf<{ quote: { total: number } }>(await r.demo.get(`/api/supplyloan/financings/${a.id}`)).quote.total;
    const repaid = okOf<{ status: string }>(
      await r.demo.post(
        `/api/supplyloan/financings/${a.id}/repay`,
        { amount: quote, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        json,
      ),
    );
    expect(repaid.status).toBe('SETTLED');
    const due = await registrationOf(a.financingNo, 'DUE_TO_CANCEL');
    expect(due).toMatchObject({ standing: 'VALID', cancelDueOn: today });
    const step = await runStep(t.database.db, registryCancelStep(t.app.receivables.registry), today);
    expect(step).toMatchObject({ cancelled: expect.any(Number), failed: 0 });
    const cancelled = await registrationOf(a.financingNo, 'CANCELLED');
    expect(cancelled).toMatchObject({ id: due.id, standing: 'CANCELLED' });
    const [atRegistry] = await t.database.db
      .select({ status: localRegistryRegistrations.status })
      .from(localRegistryRegistrations)
      .where(eq(localRegistryRegistrations.registrationNo, due.registrationNo));
    expect(atRegistry.status).toBe('CANCELLED');
    const detail = okOf<{ acts: { act: string; actNo: string }[] }>(
      await r.operator.get(`/api/receivables/registry/registrations/${due.id}`),
    );
    expect(detail.acts.map((x) => x.act)).toEqual(['CANCELLATION', 'INITIAL']);
    expect(isRegistryNumber(detail.acts[0].actNo, 'ACT')).toBe(true);
  });

  it('an approved application the user cancels before the money went out: its registration is due to cancel too', async () => {
    const a = await approved(await signedApplication());
    const reg = await registrationOf(a.financingNo, 'VALID');
    okOf(await r.demo.post(`/api/supplyloan/financings/${a.id}/cancel`, { idempotencyKey: newKey() }, json));
    const [row] = await t.database.db.select().from(receivableRegistrations).where(eq(receivableRegistrations.id, reg.id));
    expect(row.cancelDueOn).toBe(today);
    expect(row.cancelReason).toMatch(/^融资终止/);
  });
});

describe('the registry desk: amend, extend, cancel by the registry’s rules; certificates', () => {
  let reg: Registration;
  beforeAll(async () => {
    const a = await approved(await signedApplication());
    reg = await registrationOf(a.financingNo, 'VALID');
  });
  const act = (what: string, body: Record<string, unknown>) =>
    r.operator.post(`/api/receivables/registry/registrations/${reg.id}/${what}`, { ...body, idempotencyKey: newKey() }, json);

  it('extends before the period runs out, at most 30 years in all; amends with its reason; each act numbered', async () => {
    const extended = okOf<Registration>(await act('extend', { years: 2 }));
    expect(extended).toMatchObject({ years: 3, standing: 'VALID' });
    expect(extended.expiresOn.slice(0, 4)).toBe(String(Number(reg.expiresOn.slice(0, 4)) + 2));
    expect(refusal(await act('extend', { years: 28 }))).toBe('展期后登记期限共 31 年，超过 30 年上限（已登记 3 年）');
    expect((await act('extend', { years: 0 })).statusCode).toBe(400);
    okOf(
      await act('amend', { note: '补充债务人地址', description: '上海鑫源贸易有限公司将其对浙江远航的应收账款转让给鑫链商业保理有限公司' }),
    );
    const detail = okOf<{ acts: { act: string; actNo: string }[]; description: string }>(
      await r.operator.get(`/api/receivables/registry/registrations/${reg.id}`),
    );
    expect(detail.acts.map((x) => x.act)).toEqual(['AMENDMENT', 'EXTENSION', 'INITIAL']);
    expect(new Set(detail.acts.map((x) => x.actNo)).size).toBe(3);
    for (const x of detail.acts) expect(isRegistryNumber(x.actNo, 'ACT')).toBe(true);
    expect(detail.acts[2].actNo).toBe(reg.registrationNo);
    expect(detail.description).toContain('鑫链商业保理有限公司');
  });

  it('another registrant cannot change the factor’s registration', async () => {
    await expect(localRegistry(OTHER).cancel(reg.registrationNo, '试图注销', { db: t.database.db, today })).rejects.toThrow(
      `登记编号 ${reg.registrationNo} 不是本机构办理的登记，不能注销`,
    );
  });

  it('the certificates of a registration and of a search are PDFs; an unknown number is not found', async () => {
    const cert = await r.operator.get(`/api/receivables/registry/certificates/${reg.registrationNo}`);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
    expect(cert.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(cert.rawPayload.length).toBeGreaterThan(5_000);
    const proofNo = reg.latestSearch!.proofNo!;
    const proof = await r.operator.get(`/api/receivables/registry/certificates/${proofNo}`);
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await r.operator.get('/api/receivables/registry/certificates/09999999999999999999')).statusCode).toBe(404);
    expect((await r.operator.get('/api/receivables/registry/certificates/123')).statusCode).toBe(400);
  });

  it('cancels once, for good: no second cancellation, no change after', async () => {
    okOf(await act('cancel', { reason: '测试注销' }));
    expect(refusal(await act('cancel', { reason: '再次注销' }))).toBe(`登记 ${reg.registrationNo} 已注销，不能注销`);
    expect(refusal(await act('extend', { years: 1 }))).toBe(`登记 ${reg.registrationNo} 已注销，不能展期`);
    expect(refusal(await act('amend', { note: '变更' }))).toBe(`登记 ${reg.registrationNo} 已注销，不能变更`);
  });

  it('the supplier sees on its financing whether it is registered; another enterprise sees nothing of it', async () => {
    const a = await signedApplication();
    const tags = async (client = r.demo, ids = String(a.id)) =>
      okOf<{ financingId: number; status: string; label: string; registrationNo: string | null }[]>(
        await client.get('/api/receivables/registry/tags', { financingIds: ids }),
      );
    expect(await tags()).toEqual([expect.objectContaining({ financingId: a.id, status: 'NONE', label: '未登记', registrationNo: null })]);
    await approved(a);
    const [tag] = await tags();
    expect(tag).toMatchObject({ status: 'REGISTERED', label: '已登记（中登网）' });
    expect(isRegistryNumber(tag.registrationNo!, 'ACT')).toBe(true);
    expect(await tags(await t.loginAs('gouxiao'))).toEqual([]);
    expect((await r.operator.get('/api/receivables/registry/tags', { financingIds: String(a.id) })).statusCode).toBe(403);
  });

  it('is the operators’ only', async () => {
    expect((await r.demo.get('/api/receivables/registry/summary')).statusCode).toBe(403);
    const summary = okOf<{ registry: { local: boolean; registrantName: string } }>(
      await r.operator.get('/api/receivables/registry/summary'),
    );
    expect(summary.registry).toMatchObject({ local: true, registrantName: '鑫链商业保理有限公司' });
  });
});

describe('the registry and the tax bureau are the app’s own (buildApp options)', () => {
  let down: TestApp;
  const silent: RegistryAdapter = {
    ...localRegistry({ name: '鑫链商业保理有限公司', creditCode: '91310115MA1K4XLX3Q' }),
    name: 'registry-down',
    label: '不可用的登记系统（测试）',
    local: false,
    register: () => Promise.reject(new Error('连接超时')),
    search: () => Promise.reject(new Error('连接超时')),
  };
  beforeAll(async () => {
    down = await createTestApp(
      {},
      {
        receivables: {
          registry: silent,
          verifier: { name: 'bureau-test', label: '测试税务服务', verify: async () => ({ kind: 'UNAVAILABLE', message: '维护中' }) },
        },
      },
    );
  });
  afterAll(() => down.close());

  it('a registry that does not answer leaves the approval standing and the money waiting; the simulator’s desk is closed to another bureau', async () => {
    const rr = await roles(down);
    const op = rr.operator;
    const invoiceId = await verifiedInvoice(rr, 5_000_000);
    const applied = okOf<Applied>(
      await rr.demo.post(
        '/api/supplyloan/financings',
        { creditLineId: rr.supplyLineId, invoiceIds: [invoiceId], amount: 4_000_000, termDays: 30, idempotencyKey: newKey() },
        json,
      ),
    );
    okOf(await signContract(down, rr.demo, applied.contractId));
    okOf(await approveTask(rr.operator, 'FINANCING_APPROVAL', applied.id));
    const detail = okOf<{ status: string; schedule: { id: number }[]; history: { action: string; note: string | null }[] }>(
      await rr.demo.get(`/api/supplyloan/financings/${applied.id}`),
    );
    expect(detail.status).toBe('CONTRACT_SIGNED');
    expect(detail.history.find((h) => h.action === '应收账款转让登记')?.note).toMatch(
      /^未能办理应收账款转让登记：登记系统暂未答复，未能登记（连接超时）/,
    );
    expect(refusal(await approveTask(rr.checker, 'FINANCING_DISBURSE', detail.schedule[0].id))).toBe(
      '放款前中登网核查未通过：本融资的应收账款转让尚未在中登网登记，请先办理登记',
    );
    expect(refusal(await op.post(`/api/receivables/registry/financings/${applied.id}/register`, { idempotencyKey: newKey() }, json))).toBe(
      '登记系统暂未答复，未能登记（连接超时），请稍后重试',
    );
    const summary = okOf<{ registry: { name: string; local: boolean } }>(await op.get('/api/receivables/registry/summary'));
    expect(summary.registry).toEqual(expect.objectContaining({ name: 'registry-down', local: false }));
    expect(refusal(await op.post('/api/receivables/tax-bureau/invoices/1/void', { note: '测试', idempotencyKey: newKey() }, json))).toBe(
      '已接入真实的税务查验服务，模拟税务局不可操作',
    );
    // The first app still answers with the built-in ones.
    expect(t.app.receivables.registry.local).toBe(true);
    expect(t.app.receivables.verifier.name).toBe('simulated-tax-bureau');
  });
});
