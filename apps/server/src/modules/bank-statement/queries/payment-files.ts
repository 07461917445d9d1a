import { centsToYuanString, chinaDate, csvLine, type CsvCell } from '@factoring/domain';
import { XMLBuilder } from 'fast-xml-parser';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentBatches, paymentBatchItems } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { unionBankNosByName } from '../../reference/index.ts';
import { collectionAccount } from '../store.ts';

async function batchWithItems(db: Db, id: number) {
  const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  if (!batch) throw new NotFoundError('付款批次不存在');
  const items = await db.select().from(paymentBatchItems).where(eq(paymentBatchItems.batchId, id)).orderBy(asc(paymentBatchItems.id));
  // The payee branch's union bank number (联行号, CNAPS) where the branch directory knows the name once.
  const codes = await unionBankNosByName(
    db,
    items.map((it) => it.payeeBank ?? ''),
  );
  return { batch, items: items.map((it) => ({ ...it, payeeBankCode: it.payeeBank ? (codes.get(it.payeeBank) ?? null) : null })) };
}

/**
 * The demo bank's batch payment file (批量付款): a header naming the paying account and the totals,
 * then one row per payment. UTF-8 with a BOM, so Excel opens the Chinese as it is. Cells are typed by
 * column (issue 33): 序号, 总笔数 and the amounts (written by us from cents) are numbers; every other
 * cell — names, accounts, banks, memos, references — is text, made inert by `csvLine` (a leading `'`
 * on `= + - @`, tab or CR, quoted), so a payee named `=HYPERLINK(…)` is shown, never run.
 */
export async function batchCsv(db: Db, id: number): Promise<{ name: string; body: Buffer }> {
  const { batch, items } = await batchWithItems(db, id);
  const account = await collectionAccount(db);
  const rows: CsvCell[][] = [
    ['批量付款文件', batch.batchNo],
    ['付款账号', account.accountNo],
    ['付款户名', account.accountName],
    ['总笔数', items.length],
    ['总金额', { cents: batch.totalAmount }],
    ['序号', '收款户名', '收款账号', '收款开户行', '收款行行号', '金额', '用途', '业务参考号'],
    ...items.map((it, i) => [
      i + 1,
      it.payeeName,
      it.payeeAccount,
      it.payeeBank,
      it.payeeBankCode,
      { cents: it.amount },
      it.memo,
      it.endToEndId,
    ]),
  ];
  const text = rows.map(csvLine).join('\r\n') + '\r\n';
  return { name: `${batch.batchNo}.csv`, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** The batch as an ISO 20022 pain.001.001.09 customer credit transfer initiation. */
export async function batchPain001(db: Db, id: number): Promise<{ name: string; body: Buffer }> {
  const { batch, items } = await batchWithItems(db, id);
  const account = await collectionAccount(db);
  const amount = (cents: number) => ({ '@_Ccy': 'CNY', '#text': centsToYuanString(cents) });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.batchNo,
          CreDtTm: batch.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          NbOfTxs: items.length,
          CtrlSum: centsToYuanString(batch.totalAmount),
          InitgPty: { Nm: account.accountName },
        },
        PmtInf: {
          PmtInfId: batch.batchNo,
          PmtMtd: 'TRF',
          NbOfTxs: items.length,
          CtrlSum: centsToYuanString(batch.totalAmount),
          ReqdExctnDt: { Dt: chinaDate(batch.createdAt) },
          Dbtr: { Nm: account.accountName },
          DbtrAcct: { Id: { Othr: { Id: account.accountNo } }, Ccy: 'CNY' },
          DbtrAgt: { FinInstnId: { Nm: account.bankBranchName } },
          CdtTrfTxInf: items.map((it) => ({
            PmtId: { InstrId: it.endToEndId, EndToEndId: it.endToEndId },
            Amt: { InstdAmt: amount(it.amount) },
            // The payee's bank: its name, and its CNAPS union bank number when known (FinInstnId: Nm before Othr).
            CdtrAgt: it.payeeBank
              ? {
                  FinInstnId: {
                    Nm: it.payeeBank,
                    ...(it.payeeBankCode ? { Othr: { Id: it.payeeBankCode, SchmeNm: { Prtry: 'CNAPS' } } } : {}),
                  },
                }
              : undefined,
            Cdtr: { Nm: it.payeeName },
            CdtrAcct: { Id: { Othr: { Id: it.payeeAccount } } },
            RmtInf: { Ustrd: it.memo ?? it.endToEndId },
          })),
        },
      },
    },
  };
  return { name: `${batch.batchNo}.xml`, body: Buffer.from(builder.build(doc) as string, 'utf8') };
}
