/**
 * Issue 36 (PRODUCT §13): a debtor without a user on the portal, under undisclosed factoring (暗保理) — the demo's
 * financing on the 中建材 platform, its notice held — confirms on paper: its stamped letter, scanned by the
 * factor's operator, is recorded as its confirmation; until then the money does not go out. Once paid out, the
 * held notice, armed for an overdue, goes out by mail on the first day the loan book finds the financing past due,
 * and not before (民法典 art. 546: the assignment binds the debtor once notified). Real server, real database.
 */
import { addDays, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_OF_BUSINESS_STEPS } from '../../../app.ts';
import { assignmentNotices, financingTranches, type TaskField } from '../../../db/schema/index.ts';
import { runStep } from '../../../jobs/close-of-business.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ledgerFingerprint, newKey } from '../../ledger/testing.ts';
import { approveTask, okOf, pendingTask, refusal, roles, type Roles } from '../../supplyloan/testing.ts';
import { PDF_BYTES, upload } from '../../uploads/testing.ts';

let t: TestApp;
let r: Roles;
/** The demo's undisclosed financing: its held notice and its tranche waiting for the second operator. */
let held: typeof assignmentNotices.$inferSelect;
let trancheId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  [held] = await t.database.db
    .select()
    .from(assignmentNotices)
    .where(and(eq(assignmentNotices.status, 'HELD'), eq(assignmentNotices.sendOn, 'OVERDUE')));
  const [tranche] = await t.database.db
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, held.financingId), eq(financingTranches.status, 'PENDING')));
  trancheId = tranche.id;
}, 240_000);
afterAll(() => t?.close());

interface Pending {
  assetId: number;
  label: string;
  financingNo: string;
  debtorName: string;
  debtorHasUser: boolean;
  noticeModeLabel: string | null;
}
const pending = async () => okOf<{ items: Pending[] }>(await r.operator.get('/api/receivables/confirmations/pending', { size: 200 })).items;
const record = (body: Record<string, unknown>, key = newKey()) =>
  r.operator.post('/api/receivables/confirmations/paper', { ...body, idempotencyKey: key }, { json: true });
const scan = async (client = r.operator) =>
  okOf<{ id: number }>(await upload(t, client, { name: '确认函（盖章）.pdf', type: 'application/pdf', bytes: PDF_BYTES })).id;
const facts = async () =>
  okOf<{ facts: TaskField[] }>(await r.checker.get(`/api/bpm/tasks/${await pendingTask(r.checker, 'FINANCING_DISBURSE', trancheId)}`))
    .facts;
const noticeNow = async () => (await t.database.db.select().from(assignmentNotices).where(eq(assignmentNotices.id, held.id)))[0];
const step = () => CLOSE_OF_BUSINESS_STEPS.find((s) => s.name === 'receivables-notices')!;

describe('a debtor without a user, under undisclosed factoring', () => {
  it('its receivable waits on the operator’s 待确权 list, paper only, and the money waits for it', async () => {
    const row = (await pending()).find((p) => p.financingNo === held.financingNo)!;
    expect(row).toMatchObject({ debtorHasUser: false });
    expect(row.noticeModeLabel).toContain('暗保理');
    expect((await r.demo.get('/api/receivables/confirmations/pending')).statusCode).toBe(403);
    const before = await ledgerFingerprint(t.database.db);
    expect(refusal(await approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款'))).toContain(`${row.label}待债务人`);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it('records the stamped letter the operator scanned — not a file of another’s, a future date, or a second time', async () => {
    const row = (await pending()).find((p) => p.financingNo === held.financingNo)!;
    const today = chinaToday();
    expect(refusal(await record({ assetId: row.assetId, uploadId: await scan(r.demo), signedOn: today }))).toContain('扫描件不存在');
    expect(refusal(await record({ assetId: row.assetId, uploadId: await scan(), signedOn: addDays(today, 1) }))).toContain('不能晚于今天');
    expect(
      (
        await r.demo.post(
          '/api/receivables/confirmations/paper',
          { assetId: row.assetId, uploadId: 1, signedOn: today, idempotencyKey: newKey() },
          { json: true },
        )
      ).statusCode,
    ).toBe(403);
    expect((await record({ assetId: row.assetId, uploadId: 'x', signedOn: today })).statusCode).toBe(400);
    const uploadId = await scan();
    const body = { assetId: row.assetId, uploadId, signedOn: addDays(today, -2), note: '原件存档于合规部' };
    const key = newKey();
    expect(okOf(await record(body, key))).toMatchObject({ assetId: row.assetId, status: 'CONFIRMED' });
    // The same request again answers the same, once; another is refused.
    expect((await record(body, key)).json()).toMatchObject({ message: { assetId: row.assetId, status: 'CONFIRMED' } });
    expect(refusal(await record(body))).toContain('已确权');
    expect((await pending()).find((p) => p.assetId === row.assetId)).toBeUndefined();
    const desk = okOf<{ items: { label: string; channel: string; channelLabel: string; byName: string }[] }>(
      await r.operator.get('/api/receivables/confirmations/desk', { status: 'CONFIRMED', size: 200 }),
    ).items.find((c) => c.label === row.label)!;
    expect(desk).toMatchObject({ channel: 'PAPER', channelLabel: '纸质确认函（运营登记）' });
    const proof = (await facts()).find((f) => f.label === `债务人确权 ${row.label}`)!;
    expect(proof.value).toContain(`纸质确认函（债务人 ${body.signedOn} 签署`);
    expect(proof.value).toContain('原件存档于合规部');
  });

  it('then the money goes out; the held notice stays held while the financing is current, and goes by mail once it is past due', async () => {
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款'));
    const [tranche] = await t.database.db.select().from(financingTranches).where(eq(financingTranches.id, trancheId));
    expect(tranche.dueDate).not.toBeNull();
    await runStep(t.database.db, step(), chinaToday());
    expect((await noticeNow()).status).toBe('HELD');
    await runStep(t.database.db, step(), tranche.dueDate as IsoDate);
    expect((await noticeNow()).status).toBe('HELD');
    const ran = (await runStep(t.database.db, step(), addDays(tranche.dueDate as IsoDate, 1))) as unknown as { overdue: number };
    expect(ran.overdue).toBe(1);
    const sent = await noticeNow();
    expect(sent).toMatchObject({ status: 'SENT', channel: 'MAIL', deliveredTo: held.mailTo });
    expect(sent.sentReason).toContain('融资逾期');
  });
});
