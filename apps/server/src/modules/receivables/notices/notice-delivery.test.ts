/**
 * Issue 36: the `NoticeDelivery` port is the app's own. An app built with a courier behind it sends the notice of
 * assignment through the courier — the letter it is handed names the debtor, the receivables and the collection
 * account, and its receipt (channel, to whom, waybill) is kept on the notice under the courier's name; a courier that
 * refuses leaves the notice signed and the countersignature undone. Real server, real database.
 */
import type { Tx } from '../../../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '../../../lib/envelope.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { approveTask, newKey, okOf, roles, signContract, verifiedInvoice, type Applied, type Roles } from '../../supplyloan/testing.ts';
import type { NoticeDelivery, NoticeLetter } from '../index.ts';

const handed: NoticeLetter[] = [];
let refuse = false;
/** A courier: answers a waybill for each letter, or refuses as a courier would (no address on file). */
const courier: NoticeDelivery = {
  name: 'test-courier',
  async deliver(_tx: Tx, letter: NoticeLetter) {
    if (refuse) throw new BusinessError('快递公司拒收：收件地址不详');
    handed.push(letter);
    return { channel: 'COURIER', to: `${letter.debtor.name} 财务部`, ref: `SF${1_000_000 + handed.length}` };
  },
};

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await createTestApp({}, { receivables: { noticeDelivery: courier } });
  r = await roles(t);
});
afterAll(() => t?.close());

type Notice = {
  id: number;
  noticeNo: string;
  status: string;
  channel: string | null;
  deliveredTo: string | null;
  deliveryRef: string | null;
  deliveredBy: string | null;
};

/** An approved invoice financing whose notice the supplier signed: the countersigning task waits. */
async function signedNotice() {
  const invoiceId = await verifiedInvoice(r, 50_000_00);
  const applied = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount: 40_000_00, termDays: 30, idempotencyKey: newKey() },
      { json: true },
    ),
  );
  okOf(await signContract(t, r.demo, applied.contractId));
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', applied.id));
  const list = okOf<{ items: { id: number; relatedId: string; relatedNo: string | null }[] }>(
    await r.demo.get('/api/contracts', { type: 'ASSIGNMENT_NOTICE', size: 100 }),
  );
  const contract = list.items.find((c) => c.relatedNo === `ZR${applied.financingNo}`)!;
  okOf(await signContract(t, r.demo, contract.id));
  return { applied, noticeId: contract.relatedId, noticeNo: `ZR${applied.financingNo}` };
}
const noticeOf = async (noticeNo: string) =>
  okOf<{ items: Notice[] }>(await r.operator.get('/api/receivables/notices/desk', { size: 200 })).items.find(
    (n) => n.noticeNo === noticeNo,
  )!;

describe('the notice delivery port, per app', () => {
  it('a courier plugged into this app carries the notice and its waybill is the receipt', async () => {
    const n = await signedNotice();
    okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', n.noticeId, '会签'));
    expect(await noticeOf(n.noticeNo)).toMatchObject({
      status: 'SENT',
      channel: 'COURIER',
      deliveredBy: 'test-courier',
      deliveredTo: '浙江远航供应链管理有限公司 财务部',
      deliveryRef: `SF${1_000_000 + handed.length}`,
    });
    const letter = handed.at(-1)!;
    expect(letter).toMatchObject({
      noticeNo: n.noticeNo,
      kind: 'ASSIGNMENT',
      debtor: { name: '浙江远航供应链管理有限公司', creditCode: '91330106MA2GL7QX1F' },
    });
    expect(letter.text).toContain('第五百四十六条');
    expect(letter.text).toContain(n.noticeNo);
  });

  it('a courier that refuses: the countersignature is refused with its reason, the notice stays signed', async () => {
    const n = await signedNotice();
    refuse = true;
    try {
      const res = await approveTask(r.operator, 'ASSIGNMENT_NOTICE', n.noticeId, '会签');
      expect(res.json()).toMatchObject({ status: 'ERROR', message: '快递公司拒收：收件地址不详' });
      expect(await noticeOf(n.noticeNo)).toMatchObject({ status: 'SIGNED', channel: null, deliveryRef: null });
    } finally {
      refuse = false;
    }
    okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', n.noticeId, '会签'));
    expect((await noticeOf(n.noticeNo)).status).toBe('SENT');
  });
});
