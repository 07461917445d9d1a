import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBranches } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';
import { payablePurchaseOrder, PURCHASE_SALES_API, steel } from '../purchase-sales/testing.ts';
import { approveTask, okOf, roles, type Roles } from '../supplyloan/testing.ts';

// Issue 37 item 1: every line of a payment file names the payee's bank — a withdrawal, a targeted payment
// from controlled funds, a purchase order paid from free funds — with the branch's union bank number
// (CNAPS) where the branch directory knows it; a line whose bank cannot be known stays out of the file
// with its reason and the rest of the batch goes. On PGlite and PostgreSQL.

const json = { json: true };
const SUPPLIER = { name: '江苏恒通钢材有限公司', bank: '中国工商银行无锡分行营业部', account: '1103020109000456789' };

interface Payout {
  journalLineId: number;
  refNo: string;
  kindLabel: string;
  amount: number;
  payeeName: string | null;
  payeeAccount: string | null;
  payeeBank: string | null;
  exportRefusal: string | null;
  bankStatus: string;
}

let t: TestApp;
let r: Roles;
let branch: { name: string; unionBankNo: string };

const executed = async () =>
  okOf<{ items: Payout[] }>(await r.operator.get('/api/bpm/bank/payouts', { bankStatus: 'EXECUTED', size: 100 })).items;

async function approvedPayee(name: string, bankName: string, accountNo: string) {
  const payee = okOf<{ id: number }>(
    await r.demo.post('/api/funds/payees', { idempotencyKey: newKey(), name, bankName, accountNo, relation: 'UPSTREAM' }, json),
  );
  okOf(await approveTask(r.operator, 'FUNDS_PAYEE', payee.id));
  return payee.id;
}

const pay = async (payeeId: number, amount: number) =>
  okOf<{ refNo: string; tranches: unknown[] }>(
    await r.demo.post(
      '/api/funds/targeted-payment',
      { payeeId, amount, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      json,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  [branch] = await t.database.db.select({ name: bankBranches.name, unionBankNo: bankBranches.unionBankNo }).from(bankBranches).limit(1);
}, 120_000);
afterAll(() => t?.close());

describe('the payment file names the payee bank of every line', () => {
  let inDirectory: Payout;
  let changed: Payout;

  it("a purchase order paid from free funds carries its supplier's bank", async () => {
    // 浙江远航 pays an order of its own: the demo world's payments to this supplier may already be on the demo
    // statement (it covers last month, which on the first days of a month holds the one five days ago).
    const buyer = await t.loginAs('gouxiao');
    const { order, payeeId, outstanding } = await payablePurchaseOrder(buyer, [steel('1')]);
    okOf(
      await buyer.post(
        `${PURCHASE_SALES_API}/orders/${order.id}/pay`,
        { payeeId, amount: outstanding, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        json,
      ),
    );
    const paid = (await executed()).filter((p) => p.payeeAccount === SUPPLIER.account && p.amount === outstanding);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kindLabel: '定向支付', payeeName: SUPPLIER.name, payeeBank: SUPPLIER.bank, exportRefusal: null });
  });

  it('a targeted payment drawn from two controlled tranches is one line, with its payee branch', async () => {
    const tranches = okOf<{ items: { remaining: number }[] }>(await r.demo.get('/api/funds/controlled')).items.filter(
      (x) => x.remaining > 0,
    );
    expect(tranches.length).toBeGreaterThanOrEqual(2);
    // Oldest tranche first: one cent more than the oldest has left draws on the next one too.
    const amount = tranches.at(-1)!.remaining + 1;
    const payeeId = await approvedPayee('无锡远达机电设备有限公司', branch.name, '6222600110012345678');
    const paid = await pay(payeeId, amount);
    expect(paid.tranches).toHaveLength(2);
    const lines = (await executed()).filter((p) => p.refNo === paid.refNo);
    expect(lines).toHaveLength(1);
    inDirectory = lines[0];
    expect(inDirectory).toMatchObject({ amount, payeeBank: branch.name, exportRefusal: null });
  });

  it('a payee whose account changed before the export: its pay-out is refused with the reason', async () => {
    const payeeId = await approvedPayee('常州华拓五金有限公司', '中国农业银行常州分行营业部', '6228480000123456789');
    const paid = await pay(payeeId, 88_800);
    okOf(
      await r.demo.post(
        `/api/funds/payees/${payeeId}/change`,
        { name: '常州华拓五金有限公司', bankName: '中国建设银行常州分行营业部', accountNo: '6217000000987654321', relation: 'UPSTREAM' },
        json,
      ),
    );
    okOf(await approveTask(r.operator, 'FUNDS_PAYEE', payeeId));
    changed = (await executed()).find((p) => p.refNo === paid.refNo)!;
    expect(changed).toMatchObject({ payeeAccount: '6228480000123456789', payeeBank: null });
    expect(changed.exportRefusal).toContain('收款开户行未知');
  });

  it('the batch carries the banks in the CSV and pain.001, and leaves the refused line out with its reason', async () => {
    const waiting = await executed();
    const batch = okOf<{ id: number; itemCount: number; refused: { refNo: string; reason: string }[] }>(
      await r.operator.post('/api/bpm/bank/payment-batches', { idempotencyKey: newKey() }, json),
    );
    expect(batch.itemCount).toBe(waiting.length - 1);
    expect(batch.refused).toEqual([{ refNo: changed.refNo, payeeName: changed.payeeName, reason: changed.exportRefusal }]);
    // The refused line waits, still refused; another batch has nothing else to take.
    expect((await executed()).map((p) => p.refNo)).toEqual([changed.refNo]);
    const again = (await r.operator.post('/api/bpm/bank/payment-batches', { idempotencyKey: newKey() }, json)).json();
    expect(again).toMatchObject({ status: 'ERROR', code: 'BANK_PAYOUTS_REFUSED' });
    expect(again.message).toContain('收款开户行未知');

    const csv = (await r.operator.get(`/api/bpm/bank/payment-batches/${batch.id}/file`, { format: 'csv' })).body;
    const rows = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows).toContain('序号,收款户名,收款账号,收款开户行,收款行行号,金额,用途,业务参考号');
    const rowOf = (account: string) => rows.find((l) => l.split(',')[2] === account)!.split(',');
    expect(rowOf(SUPPLIER.account).slice(1, 5)).toEqual([SUPPLIER.name, SUPPLIER.account, SUPPLIER.bank, '']);
    expect(rowOf('6222600110012345678').slice(3, 6)).toEqual([branch.name, branch.unionBankNo, (inDirectory.amount / 100).toFixed(2)]);
    expect(csv).not.toContain('6228480000123456789');
    for (const row of rows.slice(6).filter(Boolean)) expect(row.split(',')[3], row).not.toBe('');

    const xml = (await r.operator.get(`/api/bpm/bank/payment-batches/${batch.id}/file`, { format: 'pain001' })).body;
    expect(xml).not.toContain('—');
    const doc = new XMLParser({ parseTagValue: false }).parse(xml);
    const txs = [doc.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf].flat() as {
      CdtrAgt?: { FinInstnId: { Nm: string; Othr?: { Id: string; SchmeNm: { Prtry: string } } } };
      CdtrAcct: { Id: { Othr: { Id: string } } };
    }[];
    expect(txs).toHaveLength(batch.itemCount);
    const agentOf = (account: string) => txs.find((x) => x.CdtrAcct.Id.Othr.Id === account)!.CdtrAgt;
    expect(agentOf(SUPPLIER.account)).toEqual({ FinInstnId: { Nm: SUPPLIER.bank } });
    expect(agentOf('6222600110012345678')).toEqual({
      FinInstnId: { Nm: branch.name, Othr: { Id: branch.unionBankNo, SchmeNm: { Prtry: 'CNAPS' } } },
    });
    for (const x of txs) expect(x.CdtrAgt?.FinInstnId.Nm).toBeTruthy();
    // Nm precedes Othr in FinInstnId, as the pain.001 schema orders them.
    expect(xml.indexOf(`<Nm>${branch.name}</Nm>`)).toBeLessThan(xml.indexOf(`<Id>${branch.unionBankNo}</Id>`));
  });
});
