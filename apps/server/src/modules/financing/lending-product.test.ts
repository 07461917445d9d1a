/**
 * Issue 35: a fourth lending product is its own module, registered once. Here a small test product —
 * a bridge loan (过桥贷) repaid in one bullet, its loans in a table of its own made by the test — is
 * registered beside app.ts's list (`LENDING_PRODUCTS`) and nothing else is touched: the risk desk shows
 * it under its own label in exposure, its drill-down, aging and the supervisory ratios; the cloud loan's
 * eligibility refuses a borrower in arrears on it by name; its operator task opens in the inbox and its
 * approval goes through the risk-limit gate; its close-of-business step runs in the daily run; its own
 * kind of contract (a 过桥借款合同: its code, label, template, signers and sign hook) is drawn up, listed
 * under the contract list's type filter, signed and waits for the factor's countersignature — with no file
 * of the contracts module touched; and a transfer voucher for its repayment goes through the lending core's one
 * mechanism by a purpose it registers (issue 35): the core keeps it, the bank statement sees it waiting, another
 * operator confirms it, the core books the receipt and the product's handler pays the loan down. On PGlite and PostgreSQL.
 */
import { addDays, chinaDate, type Cents, type IsoDate } from '@factoring/domain';
import type { AgingAnswer, ExposureAnswer, RatiosAnswer, RiskFinancing, TrendsAnswer } from '@factoring/domain/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LENDING_PRODUCTS, wiringOf } from '../../app.ts';
import type { Db, Tx } from '../../db/client.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { createTask } from '../bpm/index.ts';
import { amountStated, closingClauses, generateContract, orBlank, type ContractKind } from '../contracts/index.ts';
import { approveTask, okOf } from '../supplyloan/testing.ts';
import { uploadPng } from '../uploads/testing.ts';
import { submitTransferVoucher, type LendingProduct, type LoanPosition, type TransferVoucherPurpose } from './index.ts';

const CODE = 'TEST_BRIDGE';
const LABEL = '过桥贷（测试产品）';
const TASK_TYPE = 'TEST_BRIDGE_APPROVAL';
/** 10 % a year on 360 days, penalty one and a half times: a bullet loan's owed on a day. */
const RATE_PPM = 100_000;

type Row = {
  id: number;
  enterprise_id: number;
  name: string;
  principal: string | number;
  start_date: string;
  due_date: string;
  status: string;
};
const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Row[];
const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d)) as IsoDate;
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The bridge loan's own contract: declared here, with the product, and nowhere else. */
const BRIDGE_CONTRACT: ContractKind = {
  code: 'TEST_BRIDGE_LOAN',
  label: '过桥借款合同',
  recordLabel: '过桥贷',
  roles: ['甲方（借款人）', '乙方（保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: { dueDate: '到期日' },
  preamble: (i) => `甲方向乙方借入过桥资金，双方就${i.title}达成如下条款。`,
  clauses: (i) => [
    { heading: '借款与归还', paragraphs: [`借款金额为${amountStated(i)}，到期日为 ${orBlank(i.data.dueDate)}，到期一次还本付息。`] },
    ...closingClauses(i),
  ],
  // Signing the contract of a bridge loan records the signer on the loan, in the signing transaction.
  signHooks: {
    TEST_BRIDGE: async (tx, relatedId, contract) => {
      await tx.execute(sql`update test_bridge_loans set contract_signed_by = ${contract.signer.name} where id = ${Number(relatedId)}`);
    },
  },
};

/** Its repayment by bank transfer: a purpose of the core's transfer vouchers, declared here and nowhere else. */
const BRIDGE_REPAYMENT: TransferVoucherPurpose = {
  product: CODE,
  purpose: 'REPAYMENT',
  label: '过桥贷还款',
  taskType: 'TEST_BRIDGE_VOUCHER',
  taskLabel: '过桥贷还款转账确认',
  lockLoan: async (tx, v) => void (await tx.execute(sql`select id from test_bridge_loans where id = ${v.loanId} for update`)),
  receiptMemo: (v) => `${v.loanNo} 过桥贷还款到账`,
  // The money arrived in the borrower's funds (the core's receipt); the bridge loan takes it off the principal.
  book: async (tx, v) => {
    await tx.execute(sql`update test_bridge_loans set principal = principal - ${v.amount} where id = ${v.loanId}`);
    return { refNo: `GQ${v.loanId}-R`, after: { repaid: v.amount } };
  },
};

let closeRuns = 0;
const bridgeLoan: LendingProduct = {
  label: '过桥贷',
  area: { tag: 'test-bridge', label: '过桥贷业务' },
  lines: [{ code: CODE, label: LABEL, side: 'FACTOR' }],
  positions: async (db, asOf) =>
    rowsOf(
      await db.execute(sql`select l.id, l.enterprise_id, e.name, l.principal, l.start_date::text as start_date, l.due_date::text as due_date, l.status
        from test_bridge_loans l join enterprises e on e.id = l.enterprise_id where l.status = 'LIVE' order by l.id`),
    ).map((l): LoanPosition => {
      const principal = Number(l.principal);
      const late = Math.max(0, daysFrom(day(l.due_date), asOf));
      const days = Math.max(0, daysFrom(day(l.start_date), asOf));
      return {
        product: CODE,
        id: l.id,
        financingNo: `GQ${l.id}`,
        borrowerId: l.enterprise_id,
        borrowerName: l.name,
        debtorId: null,
        debtorName: null,
        platformId: null,
        platformName: null,
        warehouseId: null,
        warehouseName: null,
        goodsId: null,
        goodsName: null,
        dueDate: day(l.due_date),
        daysPastDue: late,
        principal,
        interest: Math.floor((principal * RATE_PPM * days) / 360 / 1_000_000),
        penalty: Math.floor((principal * RATE_PPM * 1.5 * late) / 360 / 1_000_000),
      };
    }),
  arrears: {
    label: '过桥贷',
    inArrears: async (db, enterpriseId, today) =>
      rowsOf(
        await db.execute(
          sql`select id from test_bridge_loans where enterprise_id = ${enterpriseId} and status = 'LIVE' and due_date < ${today} limit 1`,
        ),
      ).length > 0,
  },
  taskTypes: [
    {
      type: TASK_TYPE,
      label: '过桥贷审批',
      exposure: async (db, task) => {
        const [l] = rowsOf(await db.execute(sql`select * from test_bridge_loans where id = ${Number(task.refId)} and status = 'APPLIED'`));
        return l ? { borrowerId: l.enterprise_id, debtorId: null, principal: Number(l.principal) as Cents } : null;
      },
      onApprove: async (tx: Tx, task) => {
        await tx.execute(sql`update test_bridge_loans set status = 'LIVE' where id = ${Number(task.refId)} and status = 'APPLIED'`);
      },
      onReject: async (tx: Tx, task) => {
        await tx.execute(sql`update test_bridge_loans set status = 'REJECTED' where id = ${Number(task.refId)}`);
      },
    },
  ],
  contractKinds: [BRIDGE_CONTRACT],
  transferVoucherPurposes: [BRIDGE_REPAYMENT],
  closeOfBusinessSteps: [
    {
      name: 'test-bridge-close',
      label: '过桥贷：日终',
      run: async (tx: Db) => {
        closeRuns += 1;
        return { live: rowsOf(await tx.execute(sql`select id from test_bridge_loans where status = 'LIVE'`)).length };
      },
      summary: (r: { live: number }) => `在贷 ${r.live} 笔`,
    },
  ],
};

let t: TestApp;
let operator: TestClient;
let demo: TestClient;
let demoEnterpriseId: number;
const today = chinaDate();

/** A bridge loan applied for by the demo enterprise, its approval task opened; answers its id. */
async function applyBridge(principal: number, start: IsoDate, due: IsoDate): Promise<number> {
  return t.database.db.transaction(async (tx) => {
    const [l] = rowsOf(
      await tx.execute(sql`insert into test_bridge_loans (enterprise_id, principal, start_date, due_date, status)
        values (${demoEnterpriseId}, ${principal}, ${start}, ${due}, 'APPLIED') returning id`),
    );
    await createTask(tx, {
      type: TASK_TYPE,
      subject: `过桥贷 GQ${l.id}`,
      enterpriseId: demoEnterpriseId,
      refId: l.id,
      data: {},
      fields: [{ label: '本金', value: String(principal) }],
      submittedBy: null,
    });
    return l.id;
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { lendingProducts: [...LENDING_PRODUCTS, bridgeLoan] });
  await t.database.db.execute(sql`create table test_bridge_loans (
    id serial primary key, enterprise_id integer not null references enterprises(id), principal bigint not null,
    start_date date not null, due_date date not null, status text not null, contract_signed_by text)`);
  operator = await t.loginAs('operator');
  demo = await t.loginAs('demo');
  const [me] = rowsOf(await t.database.db.execute(sql`select enterprise_id from users where login_name = 'demo'`));
  demoEnterpriseId = me.enterprise_id;
}, 300_000);
afterAll(async () => t?.close());

describe('a fourth lending product, registered once', () => {
  let loanId: number;

  it('its approval opens in the inbox under its label and passes the risk-limit gate', async () => {
    loanId = await applyBridge(12_345_600, addDays(today, -40), addDays(today, -10));
    const types = okOf<{ type: string; label: string }[]>(await operator.get('/api/bpm/taskTypes'));
    expect(types).toContainEqual(expect.objectContaining({ type: TASK_TYPE, label: '过桥贷审批' }));
    okOf(await approveTask(operator, TASK_TYPE, loanId));
  });

  it('the risk desk reads it from the one loan book: exposure, drill-down, aging, ratios, trends', async () => {
    const exposure = okOf<ExposureAnswer>(await operator.get('/api/bpm/risk/exposure'));
    const row = exposure.byProduct.find((r) => r.key === CODE)!;
    expect(row).toMatchObject({ label: LABEL, count: 1, principal: 12_345_600 });
    // 40 days of interest at 10 % on 360 days; ten days late at 15 %.
    expect(row.interest).toBe(Math.floor((12_345_600 * RATE_PPM * 40) / 360 / 1_000_000));
    expect(row.penalty).toBe(Math.floor((12_345_600 * RATE_PPM * 1.5 * 10) / 360 / 1_000_000));
    expect(exposure.book.principal).toBe(exposure.byProduct.reduce((s, r) => s + r.principal, 0));

    const drill = okOf<RiskFinancing[]>(await operator.get('/api/bpm/risk/exposure/financings', { dimension: 'product', key: CODE }));
    expect(drill).toEqual([expect.objectContaining({ financingNo: `GQ${loanId}`, productLabel: LABEL, daysPastDue: 10, bucket: 'D1_30' })]);

    const aging = okOf<AgingAnswer>(await operator.get('/api/bpm/risk/aging'));
    expect(aging.byProduct.find((r) => r.key === CODE)).toMatchObject({ label: LABEL, total: 12_345_600 });
    expect(aging.byProduct.find((r) => r.key === CODE)!.buckets.D1_30).toBe(12_345_600);
    expect(aging.pastDue.some((p) => p.product === CODE)).toBe(true);

    const ratios = okOf<RatiosAnswer>(await operator.get('/api/bpm/risk/ratios'));
    expect(ratios.riskAssets).toBe(exposure.book.principal);

    const trends = okOf<TrendsAnswer>(await operator.get('/api/bpm/risk/trends'));
    expect(trends.lines).toContainEqual({ code: CODE, label: LABEL, side: 'FACTOR' });
    // A line the snapshots never held reads 0 on their month ends.
    for (const p of trends.points) expect(p.byProduct[CODE]).toBe(0);
  });

  it('an unknown product key is refused, not answered empty', async () => {
    const res = await operator.get('/api/bpm/risk/exposure/financings', { dimension: 'product', key: 'NO_SUCH' });
    expect(res.json()).toMatchObject({ status: 'ERROR', message: '产品类型不正确' });
  });

  it('the cloud loan refuses a borrower in arrears on it, by its name', async () => {
    const eligibility = okOf<{ allowed: boolean; code: string | null; reason: string | null }>(
      await demo.get('/api/cloudloan/eligibility'),
    );
    expect(eligibility).toMatchObject({ allowed: false, code: 'IN_ARREARS' });
    expect(eligibility.reason).toContain('过桥贷');
  });

  it('the audit log names its area in its own words, as the other products name theirs', () => {
    expect(t.app.tasks.areaLabel('test-bridge')).toBe('过桥贷业务');
    expect(t.app.tasks.areaLabel('pledge')).toBe('质押融资');
    expect(t.app.tasks.areaLabel('purchase-sales')).toBe('购销管理');
    expect(t.app.tasks.areaLabel('toString')).toBeUndefined();
  });

  it('its close-of-business step runs in the daily run', async () => {
    const before = closeRuns;
    await t.app.scheduler.runNow('close-of-business', addDays(today, -1));
    expect(closeRuns).toBe(before + 1);
    expect(t.app.scheduler.jobs.length).toBeGreaterThan(0);
  });

  it('its contract kind is drawn up from its own template, listed, filtered, signed through its hook and countersigned', async () => {
    const kinds = okOf<{ code: string; label: string }[]>(await demo.get('/api/contracts/kinds'));
    expect(kinds).toContainEqual({ code: 'TEST_BRIDGE_LOAN', label: '过桥借款合同' });

    const { id, contractNo } = await t.database.db.transaction((tx) =>
      generateContract(tx, {
        kind: BRIDGE_CONTRACT,
        enterpriseId: demoEnterpriseId,
        relatedType: 'TEST_BRIDGE',
        relatedId: loanId,
        relatedNo: `GQ${loanId}`,
        title: `过桥借款合同（GQ${loanId}）`,
        counterparty: '鑫链商业保理有限公司',
        amount: 12_345_600,
        data: { dueDate: addDays(today, -10) },
      }),
    );
    const listed = okOf<{ items: { id: number; type: string; typeLabel: string; relatedLabel: string; fileName: string }[] }>(
      await demo.get('/api/contracts', { type: 'TEST_BRIDGE_LOAN' }),
    );
    expect(listed.items).toEqual([
      expect.objectContaining({
        id,
        type: 'TEST_BRIDGE_LOAN',
        typeLabel: '过桥借款合同',
        relatedLabel: `过桥贷 GQ${loanId}`,
        fileName: `${contractNo}-过桥借款合同.pdf`,
      }),
    ]);
    const pdf = await getDocumentProxy(new Uint8Array((await demo.get(`/api/contracts/${id}/file`)).rawPayload));
    const flat = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
    for (const words of ['过桥借款合同', '甲方（借款人）', '壹拾贰万叁仟肆佰伍拾陆元整', '到期一次还本付息']) expect(flat).toContain(words);

    const signed = okOf<{ status: string; statusLabel: string }>(
      await demo.post(`/api/contracts/${id}/sign`, { password: t.encrypt(DEMO_PASSWORD) }),
    );
    // Both parties sign it: the factor's countersignature is still to come.
    expect(signed).toMatchObject({ status: 'SIGNED', statusLabel: '待保理方会签' });
    const [loan] = rowsOf(await t.database.db.execute(sql`select contract_signed_by from test_bridge_loans where id = ${loanId}`));
    expect((loan as unknown as { contract_signed_by: string }).contract_signed_by).toBe('张明');
  });

  it('a transfer voucher for its repayment goes through the core: waiting for the bank statement, confirmed by another operator', async () => {
    const uploadId = await uploadPng(t, demo, 'VOUCHER');
    const [user] = rowsOf(
      await t.database.db.execute(sql`select id, display_name as name from users where login_name = 'demo'`),
    ) as unknown as {
      id: number;
      name: string;
    }[];
    const voucher = await t.database.db.transaction((tx) =>
      submitTransferVoucher(
        tx,
        BRIDGE_REPAYMENT,
        {
          loanId,
          loanNo: `GQ${loanId}`,
          enterpriseId: demoEnterpriseId,
          amount: 2_345_600,
          uploadId,
          payerAccountName: '上海鑫源贸易有限公司',
          payerAccountNo: '310066726018800012345',
        },
        { id: user!.id, name: user!.name },
        today,
        { subject: `过桥贷还款 GQ${loanId}`, fields: (voucherNo) => [{ label: '凭证编号', value: voucherNo }] },
        () => new Error('已有待确认的过桥贷还款凭证'),
      ),
    );
    expect(voucher).toMatchObject({ product: CODE, purpose: 'REPAYMENT', status: 'PENDING', loanNo: `GQ${loanId}` });
    // A second one for the same loan and purpose waits for the first.
    await expect(
      t.database.db.transaction((tx) =>
        submitTransferVoucher(
          tx,
          BRIDGE_REPAYMENT,
          {
            loanId,
            loanNo: `GQ${loanId}`,
            enterpriseId: demoEnterpriseId,
            amount: 1,
            uploadId,
            payerAccountName: 'x',
            payerAccountNo: 'y',
          },
          { id: user!.id, name: user!.name },
          today,
          { subject: 'x', fields: [] },
          () => new Error('已有待确认的过桥贷还款凭证'),
        ),
      ),
    ).rejects.toThrow('已有待确认的过桥贷还款凭证');

    const types = okOf<{ type: string; label: string }[]>(await operator.get('/api/bpm/taskTypes'));
    expect(types).toContainEqual(expect.objectContaining({ type: 'TEST_BRIDGE_VOUCHER', label: '过桥贷还款转账确认' }));
    // The bank statement's matcher reads it from the one table, in the product's words.
    const book = wiringOf([...LENDING_PRODUCTS, bridgeLoan]).ports.transferVouchers;
    expect(await book.waiting(t.database.db, 2_345_600)).toContainEqual({
      source: CODE,
      id: voucher.id,
      references: [voucher.voucherNo, `GQ${loanId}`],
      label: `过桥贷还款凭证 ${voucher.voucherNo}（GQ${loanId}）`,
      amount: 2_345_600,
      payerAccountName: '上海鑫源贸易有限公司',
      payerAccountNo: '310066726018800012345',
      taskId: expect.any(Number),
    });

    okOf(await approveTask(operator, 'TEST_BRIDGE_VOUCHER', voucher.id, '已到账'));
    const [stored] = rowsOf(
      await t.database.db.execute(sql`select v.status, v.ref_no, v.entry_id, e.kind, e.memo, l.principal
        from transfer_vouchers v join journal_entries e on e.id = v.entry_id, test_bridge_loans l
        where v.id = ${voucher.id} and l.id = ${loanId}`),
    ) as unknown as { status: string; ref_no: string; kind: string; memo: string; principal: string | number }[];
    expect({ ...stored, principal: Number(stored!.principal) }).toMatchObject({
      status: 'CONFIRMED',
      ref_no: `GQ${loanId}-R`,
      kind: 'DEPOSIT',
      memo: `GQ${loanId} 过桥贷还款到账`,
      principal: 12_345_600 - 2_345_600,
    });
    expect(await book.waiting(t.database.db, 2_345_600)).not.toContainEqual(expect.objectContaining({ id: voucher.id }));
  });
});
