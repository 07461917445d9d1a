import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, creditLines, ledgerAccounts, pledgeFinancings, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { checkLedger } from '../ledger/index.ts';
import { newKey } from '../ledger/testing.ts';
import { pledgeWorld, priceThroughReview } from './testing.ts';
import { uploadPng } from '../uploads/testing.ts';
import { checkStock } from '../warehouse/index.ts';
import { stockFingerprint } from '../warehouse/testing.ts';

/**
 * The pledge contract and margin agreement, and the bank-transfer vouchers of goods-pledge financing
 * (issue 14), through the API on PGlite and PostgreSQL: contracts drawn up at application, listed in
 * the contract list, signed with the password; the approval refused until both are signed and the
 * operator's task showing it; the margin, a margin call's top-up and repayments paid by a voucher the
 * operator confirms (ledger and status agree) or rejects (nothing changes); a voucher confirmed twice
 * or a margin paid twice changes nothing; bad input gets a Chinese message and changes nothing.
 *
 * Worked example (hot-rolled coil at 3,850.00 元/t, pledge rate 70 %, margin 10 %, 8.4 % upfront):
 *   10 t → value 38,500.00; amount 20,000.00 → margin 2,000.00.
 *   Price 2,400.00: value 24,000.00, LTV 20,000/24,000 = 83.3334 % > 80 % with a falling price →
 *   call 20,000.00 − 70 % × 24,000.00 = 3,200.00.
 */
let t: TestApp;
let demo: TestClient;
let other: TestClient;
let op: TestClient;
let checker: TestClient;
let enterpriseId: number;
let lineId: number;
let coilPosition: number;
let coilId: number;

type Answer<T = Record<string, unknown>> = { status: string; message: T; code?: string };
type Res = { statusCode: number; json(): unknown };
const body = <T = Record<string, unknown>>(res: Res) => res.json() as Answer<T>;
const okOf = <T = Record<string, unknown>>(res: Res): T => {
  const b = body<T>(res);
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};
const password = () => t.encrypt(DEMO_PASSWORD);

async function proven() {
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
  expect((await checkStock(t.database.db)).problems).toEqual([]);
}

/** Everything a refused request must leave untouched: balances, quantities, credit, financings, vouchers, contracts, tasks. */
async function snapshot() {
  const db = t.database.db;
  const balances = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.code));
  const [line] = await db.select().from(creditLines).where(eq(creditLines.id, lineId));
  const rows = await db.execute(
    sql`select (select json_agg(json_build_object('id', id, 's', status, 'm', margin_paid, 't', top_up_margin, 'o', outstanding) order by id) from pledge_financings) as f,
      (select json_agg(json_build_object('id', id, 's', status) order by id) from transfer_vouchers) as v,
      (select json_agg(json_build_object('id', id, 's', status) order by id) from pledge_margin_calls) as c,
      (select json_agg(json_build_object('id', id, 's', status) order by id) from contracts) as k,
      (select count(*) from bpm_tasks where state = 'PENDING')::int as pending`,
  );
  return JSON.stringify({
    balances,
    line: { used: line!.used, reserved: line!.reserved },
    stock: await stockFingerprint(db),
    rows: (rows as unknown as { rows: unknown[] }).rows,
  });
}

async function refusedWithoutChange(call: () => Promise<Res>, code?: string) {
  const before = await snapshot();
  const res = await call();
  const b = body(res);
  if (res.statusCode === 200) {
    expect(b.status, JSON.stringify(b)).toBe('ERROR');
    if (code) expect(b.code, JSON.stringify(b)).toBe(code);
  } else expect([400, 404], JSON.stringify(b)).toContain(res.statusCode);
  expect(await snapshot()).toBe(before);
  return b;
}

const balanceOf = async (code: string) =>
  (await t.database.db.select({ b: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.b ?? 0;
const balances = async () => ({
  bank: await balanceOf('BANK_CASH'),
  available: await balanceOf(`VA:${enterpriseId}:AVAILABLE`),
  margin: await balanceOf(`VA:${enterpriseId}:MARGIN`),
});
const apply = (quantity: string, amount: number) =>
  demo.post(
    '/api/pledge/financings',
    { idempotencyKey: newKey(), creditLineId: lineId, lines: [{ positionId: coilPosition, quantity }], amount, termDays: 90 },
    { json: true },
  );
const financing = async (id: number) => (await t.database.db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, id)))[0]!;
const pendingTask = async (type: string, refId: number) => {
  const list = okOf<{ items: { id: number; refId: string }[] }>(await op.get('/api/bpm/tasks', { type, state: 'PENDING', size: 200 }));
  return list.items.find((i) => i.refId === String(refId))?.id;
};
const decide = async (type: string, refId: number, as: TestClient = op, reason?: string) => {
  const id = await pendingTask(type, refId);
  if (!id) throw new Error(`no pending ${type} for ${refId}`);
  return reason ? as.post(`/api/bpm/tasks/${id}/reject`, { reason }) : as.post(`/api/bpm/tasks/${id}/approve`, { comment: '到账' });
};
type ContractsAnswer = {
  allSigned: boolean;
  contracts: { id: number; type: string; status: string; amount: number; contractNo: string }[];
};
const contractsOf = async (id: number) => okOf<ContractsAnswer>(await demo.get(`/api/pledge/financings/${id}/contracts`));
const sign = (contractId: number, client = demo, pw = password()) => client.post(`/api/contracts/${contractId}/sign`, { password: pw });
const payMargin = (id: number) =>
  demo.post(`/api/pledge/financings/${id}/margin`, { password: password(), idempotencyKey: newKey() }, { json: true });
const voucher = (id: number, b: Record<string, unknown>, client = demo) =>
  client.post(
    `/api/pledge/financings/${id}/vouchers`,
    { idempotencyKey: newKey(), payerAccountName: '上海演示钢贸有限公司', payerAccountNo: '6222020000001234', ...b },
    { json: true },
  );
type VoucherAnswer = { id: number; voucherNo: string; status: string; amount: number; kind: string; refNo: string | null };

/** An application whose contracts are both signed and whose margin is paid from the account: ready for approval. */
async function readyForApproval(quantity: string, amount: number) {
  const { id } = okOf<{ id: number }>(await apply(quantity, amount));
  for (const c of (await contractsOf(id)).contracts) okOf(await sign(c.id));
  okOf(await payMargin(id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ demo, other, op, checker, enterpriseId, lineId, coilId, coilPosition } = await pledgeWorld(t, 10_000_000));
}, 240_000);
afterAll(() => t?.close());

describe('pledge contract and margin agreement', () => {
  it('are drawn up at application, listed, signed with the password; approval waits for both', async () => {
    const applied = okOf<{ id: number; financingNo: string; status: string; margin: number }>(await apply('10', 2_000_000));
    expect(applied).toMatchObject({ status: 'MARGIN_PENDING', margin: 200_000 });
    const id = applied.id;

    // Both contracts, to sign, with the financing's amount and the margin.
    let c = await contractsOf(id);
    expect(c.allSigned).toBe(false);
    expect(c.contracts.map((k) => [k.type, k.status, k.amount])).toEqual([
      ['PLEDGE', 'TO_SIGN', 2_000_000],
      ['MARGIN', 'TO_SIGN', 200_000],
    ]);
    const [pledgeContract, marginAgreement] = c.contracts;
    // In the enterprise's contract list, as the pledge financing's business.
    const listed = okOf<{ items: { id: number; typeLabel: string; relatedLabel: string }[] }>(
      await demo.get('/api/contracts', { keyword: applied.financingNo }),
    );
    expect(listed.items.map((k) => k.typeLabel).sort()).toEqual(['质押合同', '保证金协议'].sort());
    expect(listed.items[0]!.relatedLabel).toBe(`质押融资 ${applied.financingNo}`);
    // Another enterprise sees neither the contracts nor the financing.
    expect((await other.get(`/api/pledge/financings/${id}/contracts`)).statusCode).toBe(404);
    await refusedWithoutChange(() => sign(pledgeContract!.id, other));

    // Margin paid: the approval task's live facts show both contracts unsigned, and approving is refused.
    okOf(await payMargin(id));
    const taskId = (await pendingTask('PLEDGE_APPROVAL', id))!;
    const allFacts = async () => okOf<{ facts: { label: string; value: string }[] }>(await op.get(`/api/bpm/tasks/${taskId}`)).facts;
    // The contracts' facts; the risk desk's limit gate adds the book after the approval (issue 27).
    const fieldsOf = async () => (await allFacts()).filter((f) => !f.label.startsWith('审批后·'));
    expect((await allFacts()).some((f) => f.label === '审批后·风险资产 / 净资产')).toBe(true);
    expect(await fieldsOf()).toEqual([
      { label: '质押合同签署', value: `待签署 ${pledgeContract!.contractNo}` },
      { label: '保证金协议签署', value: `待签署 ${marginAgreement!.contractNo}` },
    ]);
    const refused = await refusedWithoutChange(() => decide('PLEDGE_APPROVAL', id), 'PLEDGE_CONTRACTS_UNSIGNED');
    expect(refused.message).toContain('质押合同和保证金协议尚未全部签署，不能审批');

    // A wrong password signs nothing; the pledge contract signed: still refused.
    await refusedWithoutChange(() => sign(pledgeContract!.id, demo, t.encrypt('wrong-password')));
    const signed = okOf<{ status: string; signerIp: string; signedSha256: string; signedByName: string; fileSha256: string }>(
      await sign(pledgeContract!.id),
    );
    expect(signed.status).toBe('SIGNED');
    expect(signed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.signerIp).toBeTruthy();
    await refusedWithoutChange(() => sign(pledgeContract!.id), undefined);
    await refusedWithoutChange(() => decide('PLEDGE_APPROVAL', id), 'PLEDGE_CONTRACTS_UNSIGNED');
    expect((await fieldsOf())[0]!.value).toMatch(new RegExp(`^已签署 ${pledgeContract!.contractNo}（`));

    // Both signed: the drawer says so, the approval and the disbursement go through.
    okOf(await sign(marginAgreement!.id));
    c = await contractsOf(id);
    expect(c.allSigned).toBe(true);
    expect((await fieldsOf()).every((f) => f.value.startsWith('已签署'))).toBe(true);
    okOf(await decide('PLEDGE_APPROVAL', id));
    okOf(await decide('PLEDGE_DISBURSE', id, checker));
    expect((await financing(id)).status).toBe('DISBURSED');
    await proven();
  }, 180_000);

  it('are voided when the application is cancelled, and a void contract cannot be signed', async () => {
    const { id } = okOf<{ id: number }>(await apply('1', 100_000));
    const [first] = (await contractsOf(id)).contracts;
    okOf(await demo.post(`/api/pledge/financings/${id}/cancel`, {}));
    const c = await contractsOf(id);
    expect(c.contracts.map((k) => k.status)).toEqual(['VOID', 'VOID']);
    expect(c.allSigned).toBe(false);
    await refusedWithoutChange(() => sign(first!.id));
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, first!.id));
    expect(row!.signedAt).toBeNull();
  }, 180_000);
});

describe('bank-transfer vouchers', () => {
  it('margin: bad input refused without change; reject changes nothing; confirm posts as the account payment, once', async () => {
    const { id } = okOf<{ id: number }>(await apply('10', 2_000_000));
    const upload = await uploadPng(t, demo, 'PLEDGE_VOUCHER');
    const foreign = await uploadPng(t, other, 'PLEDGE_VOUCHER');

    // Bad input: another enterprise's upload, a wrong amount, a kind not due, a bad account number, another's financing.
    expect(
      (await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', voucherUploadId: foreign }), 'PLEDGE_VOUCHER_UPLOAD')).message,
    ).toBe('转账凭证不存在，请重新上传');
    expect(
      (await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', amount: 199_999, voucherUploadId: upload }), 'PLEDGE_VOUCHER_AMOUNT'))
        .message,
    ).toBe('转账金额应等于应缴保证金 2,000.00 元');
    await refusedWithoutChange(() => voucher(id, { kind: 'REPAYMENT', amount: 100, voucherUploadId: upload }), 'PLEDGE_NOT_REPAYABLE');
    await refusedWithoutChange(() => voucher(id, { kind: 'TOP_UP', voucherUploadId: upload }), 'PLEDGE_NO_MARGIN_CALL');
    await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', voucherUploadId: upload, payerAccountNo: '12ab' }));
    await refusedWithoutChange(() => voucher(id, { kind: 'BOND', voucherUploadId: upload }));
    await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', voucherUploadId: foreign }, other));

    // Submitted: pending, nothing moves; a second voucher and the account payment are refused meanwhile.
    const money0 = await balances();
    const v1 = okOf<VoucherAnswer>(await voucher(id, { kind: 'MARGIN', voucherUploadId: upload }));
    expect(v1).toMatchObject({ status: 'PENDING', amount: 200_000, kind: 'MARGIN' });
    expect(v1.voucherNo).toMatch(/^PZ\d{8}\d{6}$/);
    expect(okOf<VoucherAnswer>(await demo.get(`/api/pledge/vouchers/${v1.id}`)).voucherNo).toBe(v1.voucherNo);
    expect((await other.get(`/api/pledge/vouchers/${v1.id}`)).statusCode).toBe(404);
    expect(await balances()).toEqual(money0);
    expect((await financing(id)).status).toBe('MARGIN_PENDING');
    await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', voucherUploadId: upload }), 'PLEDGE_VOUCHER_PENDING');
    await refusedWithoutChange(() => payMargin(id), 'PLEDGE_VOUCHER_PENDING');

    // Rejected: nothing changes but the voucher's status.
    const beforeReject = await balances();
    okOf(await decide('PLEDGE_MARGIN_VOUCHER', v1.id, op, '未查到该笔到账'));
    expect(await balances()).toEqual(beforeReject);
    expect((await financing(id)).status).toBe('MARGIN_PENDING');
    expect(okOf<VoucherAnswer>(await demo.get(`/api/pledge/vouchers/${v1.id}`)).status).toBe('REJECTED');

    // Submitted again and confirmed: bank +2,000.00, margin bucket +2,000.00, available unchanged; MARGIN_PAID, approval task.
    const v2 = okOf<VoucherAnswer>(await voucher(id, { kind: 'MARGIN', amount: 200_000, voucherUploadId: upload }));
    const taskId = (await pendingTask('PLEDGE_MARGIN_VOUCHER', v2.id))!;
    const [a, b] = await Promise.all([
      op.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '到账' }),
      op.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '到账' }),
    ]);
    expect([body(a).status, body(b).status].sort()).toEqual(['ERROR', 'OK']);
    const money2 = await balances();
    expect(money2).toEqual({ bank: money0.bank + 200_000, available: money0.available, margin: money0.margin + 200_000 });
    const f = await financing(id);
    expect(f).toMatchObject({ status: 'MARGIN_PAID', marginPaid: 200_000 });
    expect(okOf<VoucherAnswer>(await demo.get(`/api/pledge/vouchers/${v2.id}`))).toMatchObject({ status: 'CONFIRMED' });
    // The approval task is the enterprise's (who paid), so the confirming operator may still approve it.
    const approvalTask = (await pendingTask('PLEDGE_APPROVAL', id))!;
    const [demoUser] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
    expect(okOf<{ submittedByName: string }>(await op.get(`/api/bpm/tasks/${approvalTask}`)).submittedByName).toBe(demoUser!.displayName);
    await proven();

    // Confirmed twice, or the margin paid twice (account or voucher): refused, nothing changes.
    await refusedWithoutChange(() => op.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '再次确认' }));
    await refusedWithoutChange(() => payMargin(id), 'PLEDGE_MARGIN_NOT_DUE');
    const fresh = await uploadPng(t, demo, 'PLEDGE_VOUCHER');
    expect(
      (await refusedWithoutChange(() => voucher(id, { kind: 'MARGIN', voucherUploadId: fresh }), 'PLEDGE_MARGIN_NOT_DUE')).message,
    ).toBe('保证金已缴纳，请勿重复缴纳');

    // The payment page lists both vouchers, newest first.
    const info = okOf<{ margin: number | null; vouchers: { status: string }[]; receivingAccount: { accountNo: string } }>(
      await demo.get(`/api/pledge/financings/${id}/payment`),
    );
    expect(info.margin).toBeNull();
    expect(info.vouchers.map((v) => v.status)).toEqual(['CONFIRMED', 'REJECTED']);
    expect(info.receivingAccount.accountNo).toMatch(/\d+/);
  }, 180_000);

  it('top-up and repayment by voucher: confirm moves exactly what the account payment moves; the last one settles', async () => {
    const id = await readyForApproval('10', 2_000_000);
    okOf(await decide('PLEDGE_APPROVAL', id));
    okOf(await decide('PLEDGE_DISBURSE', id, checker));
    const upload = () => uploadPng(t, demo, 'PLEDGE_VOUCHER');

    // Price 2,400.00 (entered by the operator, approved by the second): a margin call of 3,200.00.
    await priceThroughReview(op, checker, coilId, 240_000);
    const info = okOf<{ marginCall: { id: number; amount: number } | null }>(await demo.get(`/api/pledge/financings/${id}/payment`));
    expect(info.marginCall?.amount).toBe(320_000);

    const topUpFile = await upload();
    await refusedWithoutChange(() => voucher(id, { kind: 'TOP_UP', amount: 300_000, voucherUploadId: topUpFile }), 'PLEDGE_VOUCHER_AMOUNT');
    const money0 = await balances();
    const vt = okOf<VoucherAnswer>(await voucher(id, { kind: 'TOP_UP', voucherUploadId: topUpFile }));
    await refusedWithoutChange(
      () => demo.post(`/api/pledge/financings/${id}/top-up`, { password: password(), idempotencyKey: newKey() }, { json: true }),
      'PLEDGE_VOUCHER_PENDING',
    );
    okOf(await decide('PLEDGE_TOP_UP_VOUCHER', vt.id));
    expect(await balances()).toEqual({ bank: money0.bank + 320_000, available: money0.available, margin: money0.margin + 320_000 });
    expect((await financing(id)).topUpMargin).toBe(320_000);
    expect(okOf<{ marginCall: unknown }>(await demo.get(`/api/pledge/financings/${id}/payment`)).marginCall).toBeNull();
    await proven();

    // Repayment: more than owed, or no amount, refused; 10,000.00 confirmed → principal down, credit restored, available unchanged.
    const repayFile = await upload();
    expect(
      (
        await refusedWithoutChange(
          () => voucher(id, { kind: 'REPAYMENT', amount: 2_000_001, voucherUploadId: repayFile }),
          'PLEDGE_REPAY_TOO_MUCH',
        )
      ).message,
    ).toBe('还款金额超过应还金额 20,000.00 元');
    await refusedWithoutChange(() => voucher(id, { kind: 'REPAYMENT', voucherUploadId: repayFile }), 'PLEDGE_VOUCHER_AMOUNT');
    const line0 = (await t.database.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!;
    const money1 = await balances();
    const receivable1 = await balanceOf('RECEIVABLE_PRINCIPAL');
    const vr = okOf<VoucherAnswer>(await voucher(id, { kind: 'REPAYMENT', amount: 1_000_000, voucherUploadId: repayFile }));
    okOf(await decide('PLEDGE_REPAYMENT_VOUCHER', vr.id));
    expect(await financing(id)).toMatchObject({ status: 'REPAYING', outstanding: 1_000_000 });
    // Repaid on the disbursement day, the principal gets back the prepaid interest of 89 of its 90 days
    // (issue 37 item 10): floor(1,000,000 × 84,000 × 89 / 360,000,000) = 20,766 cents, to the free funds.
    const refund = Number((1_000_000n * 84_000n * 89n) / 360_000_000n);
    expect(refund).toBe(20_766);
    expect(await balances()).toEqual({ ...money1, bank: money1.bank + 1_000_000, available: money1.available + refund });
    expect(await balanceOf('RECEIVABLE_PRINCIPAL')).toBe(receivable1 - 1_000_000);
    expect((await t.database.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!.used).toBe(line0.used - 1_000_000);
    expect(okOf<VoucherAnswer>(await demo.get(`/api/pledge/vouchers/${vr.id}`)).refNo).toBeTruthy();
    await proven();

    // A confirmed voucher's file is not accepted for another payment.
    await refusedWithoutChange(
      () => voucher(id, { kind: 'REPAYMENT', amount: 1_000_000, voucherUploadId: repayFile }),
      'PLEDGE_VOUCHER_UPLOAD',
    );

    // The rest by voucher: settled, the margin (2,000.00 + 3,200.00) back to available funds.
    const vr2 = okOf<VoucherAnswer>(await voucher(id, { kind: 'REPAYMENT', amount: 1_000_000, voucherUploadId: await upload() }));
    const money2 = await balances();
    okOf(await decide('PLEDGE_REPAYMENT_VOUCHER', vr2.id));
    expect(await financing(id)).toMatchObject({ status: 'SETTLED', outstanding: 0, marginPaid: 0, topUpMargin: 0 });
    expect(await balances()).toEqual({
      bank: money2.bank + 1_000_000,
      // … and the 19,500.00 it disbursed as controlled funds, unspent, are free funds once settled (issue 24).
      available: money2.available + 520_000 + 1_950_000 + refund,
      margin: money2.margin - 520_000,
    });
    await proven();
  }, 180_000);

  it('a repayment voucher left pending when the financing settles from the account is withdrawn; confirming it is refused', async () => {
    // At 2,400.00 (the previous test's price): 5 t = 12,000.00, at most 8,400.00.
    const id = await readyForApproval('5', 800_000);
    okOf(await decide('PLEDGE_APPROVAL', id));
    okOf(await decide('PLEDGE_DISBURSE', id, checker));
    const v = okOf<VoucherAnswer>(
      await voucher(id, { kind: 'REPAYMENT', amount: 400_000, voucherUploadId: await uploadPng(t, demo, 'PLEDGE_VOUCHER') }),
    );
    const taskId = (await pendingTask('PLEDGE_REPAYMENT_VOUCHER', v.id))!;
    okOf(
      await demo.post(
        `/api/pledge/financings/${id}/repay`,
        { amount: 800_000, password: password(), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect((await financing(id)).status).toBe('SETTLED');
    expect(okOf<VoucherAnswer>(await demo.get(`/api/pledge/vouchers/${v.id}`)).status).toBe('WITHDRAWN');
    await refusedWithoutChange(() => op.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '到账' }));
    await proven();
  }, 180_000);
});
