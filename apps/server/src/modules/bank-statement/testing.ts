import { centsToYuanString } from '@factoring/domain';
import { XMLBuilder } from 'fast-xml-parser';

// Test helpers of the bank statement (its second face for tests): a camt.053 file as a bank writes one.

export interface CamtEntry {
  ref: string;
  date: string;
  time: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: number;
  name: string;
  account: string;
  remark?: string;
  /** For a credit: the (virtual) sub-account it was paid to. */
  subAccount?: string;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** A camt.053.001.08 statement of one account with its opening and closing booked balances (closing computed unless given). */
export function camt053(s: { accountNo: string; opening: number; closing?: number; entries: CamtEntry[] }): Buffer {
  const closing = s.closing ?? s.entries.reduce((b, e) => b + (e.direction === 'CREDIT' ? e.amount : -e.amount), s.opening);
  const dates = s.entries.map((e) => e.date).sort();
  const balance = (code: string, cents: number, date: string) => ({
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: { '@_Ccy': 'CNY', '#text': centsToYuanString(Math.abs(cents)) },
    CdtDbtInd: cents < 0 ? 'DBIT' : 'CRDT',
    Dt: { Dt: date },
  });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08',
      BkToCstmrStmt: {
        GrpHdr: { MsgId: `T${Date.now()}`, CreDtTm: new Date().toISOString() },
        Stmt: {
          Id: `S${dates[0]}`,
          FrToDt: { FrDtTm: `${dates[0]}T00:00:00+08:00`, ToDtTm: `${dates[dates.length - 1]}T23:59:59+08:00` },
          Acct: { Id: { Othr: { Id: s.accountNo } }, Ccy: 'CNY' },
          Bal: [balance('OPBD', s.opening, dates[0]), balance('CLBD', closing, dates[dates.length - 1])],
          Ntry: s.entries.map((e) => {
            const credit = e.direction === 'CREDIT';
            const party = { Nm: e.name };
            const acct = { Id: { Othr: { Id: e.account } } };
            return {
              Amt: { '@_Ccy': 'CNY', '#text': centsToYuanString(e.amount) },
              CdtDbtInd: credit ? 'CRDT' : 'DBIT',
              Sts: { Cd: 'BOOK' },
              BookgDt: { DtTm: `${e.date}T${e.time}+08:00` },
              AcctSvcrRef: e.ref,
              NtryDtls: {
                TxDtls: {
                  Refs: { AcctSvcrRef: e.ref },
                  RltdPties: credit
                    ? { Dbtr: party, DbtrAcct: acct, ...(e.subAccount ? { CdtrAcct: { Id: { Othr: { Id: e.subAccount } } } } : {}) }
                    : { Cdtr: party, CdtrAcct: acct },
                  ...(e.remark ? { RmtInf: { Ustrd: e.remark } } : {}),
                },
              },
            };
          }),
        },
      },
    },
  };
  return Buffer.from(builder.build(doc) as string, 'utf8');
}
