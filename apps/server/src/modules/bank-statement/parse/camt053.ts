import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatChinaDateTime, type Cents } from '@factoring/domain';
import { decodeText } from './table.ts';
import {
  checkBalances,
  checkDateRange,
  checkStatement,
  dateOf,
  fileError,
  moneyOf,
  normalAccount,
  type ParsedLine,
  type ParsedStatement,
} from './parsed.ts';

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: an amount is read as exact cents, an account number keeps its leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const node = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);
const list = (v: unknown): Node[] =>
  Array.isArray(v) ? (v as unknown[]).map(node).filter((n): n is Node => !!n) : node(v) ? [node(v)!] : [];
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  const n = node(v);
  return n && '#text' in n ? text(n['#text']) : null;
};
const path = (v: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((cur, k) => node(cur)?.[k], v);

/** An account's identifier: IBAN, or the bank's own number (Othr/Id). */
const accountOf = (acct: unknown) => normalAccount(text(path(acct, 'Id', 'IBAN')) ?? text(path(acct, 'Id', 'Othr', 'Id')));
/** A party's name: Nm, or Pty/Nm (camt.053.001.08 and later). */
const nameOf = (party: unknown) => text(path(party, 'Nm')) ?? text(path(party, 'Pty', 'Nm'));
/** A date or date-time element (Dt or DtTm) as a China date and time. */
function dateTimeOf(v: unknown, what: string, row: number): { date: string; time: string | null } {
  const dt = text(path(v, 'DtTm'));
  if (dt) {
    // The date as written must be a real day in range (Date would roll 02-30 over to March, and read
    // 9999-12-31 into a year the database cannot store) before it is read as an instant.
    const written = dateOf(dt.slice(0, 10));
    if (!written || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([zZ]|[+-]\d{2}:?\d{2})?$/.test(dt))
      throw fileError(`第 ${row} 笔${what}“${dt}”不是有效的日期时间（应为 YYYY-MM-DDThh:mm:ss+08:00）`);
    checkDateRange(written.date, `第 ${row} 笔${what}`);
    // An instant with its offset: the China wall clock of it.
    const instant = new Date(dt);
    if (Number.isNaN(instant.getTime())) throw fileError(`第 ${row} 笔${what}“${dt}”格式不正确`);
    const china = formatChinaDateTime(instant);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(dt)
      ? { date: china.slice(0, 10), time: china.slice(11, 19) }
      : (dateOf(dt.replace('T', ' ')) ?? { date: dt.slice(0, 10), time: null });
  }
  const d = text(path(v, 'Dt'));
  const parsed = d ? dateOf(d) : null;
  if (!parsed) throw fileError(`第 ${row} 笔缺少${what}或不是有效日期（应为 YYYY-MM-DD）${d ? `：“${d}”` : ''}`);
  checkDateRange(parsed.date, `第 ${row} 笔${what}`);
  return parsed;
}

/** A balance of the statement by its type code (OPBD opening, CLBD closing; PRCD as the opening where OPBD is missing). */
function balanceOf(stmt: Node, codes: string[]): Cents | null {
  for (const code of codes) {
    const bal = list(stmt.Bal).find((b) => text(path(b, 'Tp', 'CdOrPrtry', 'Cd')) === code);
    if (!bal) continue;
    const amount = moneyOf(text(bal.Amt), `余额 ${code}`, 0);
    if (amount === null) throw fileError(`余额 ${code} 缺少金额`);
    return (text(bal.CdtDbtInd) === 'DBIT' ? -amount : amount) as Cents;
  }
  return null;
}

/**
 * An ISO 20022 camt.053 (BankToCustomerStatement) file: the statement of one account, its opening and
 * closing booked balances and its booked entries (pending ones are left out). For a credit the
 * counterparty is the debtor and a creditor account other than the statement's is the sub-account
 * (a virtual account); for a debit the counterparty is the creditor.
 */
export function parseCamt053(bytes: Buffer): ParsedStatement {
  const xml = decodeText(bytes).replace(/^\uFEFF/, '');
  if (!xml.trimStart().startsWith('<')) throw fileError('文件不是 XML：camt.053 对账单应以 <?xml 或 <Document 开头');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw fileError(`XML 格式不正确：第 ${valid.err.line} 行 ${valid.err.msg}`);
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch (err) {
    throw fileError(`XML 无法读取：${(err as Error).message}`);
  }
  const statements = list(path(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!statements.length) throw fileError('XML 中没有 camt.053 对账单（Document/BkToCstmrStmt/Stmt）');
  if (statements.length > 1) throw fileError('一个文件中只能有一份对账单（Stmt），请按账户分别导入');
  const stmt = statements[0];
  const currency = text(path(stmt, 'Acct', 'Ccy'));
  if (currency && currency !== 'CNY') throw fileError(`仅支持人民币（CNY）账户的对账单，该对账单币种为 ${currency}`);
  const accountNo = accountOf(stmt.Acct);
  const opening = balanceOf(stmt, ['OPBD', 'PRCD']);
  const closing = balanceOf(stmt, ['CLBD']);
  if (opening === null) throw fileError('对账单缺少期初余额（Bal 类型 OPBD）');
  if (closing === null) throw fileError('对账单缺少期末余额（Bal 类型 CLBD）');

  const lines: ParsedLine[] = [];
  list(stmt.Ntry).forEach((entry, i) => {
    const row = i + 1;
    const status = text(path(entry, 'Sts', 'Cd')) ?? text(entry.Sts);
    if (status && status !== 'BOOK') return;
    const ccy = text(path(entry, 'Amt', '@_Ccy'));
    if (ccy && ccy !== 'CNY') throw fileError(`第 ${row} 笔币种为 ${ccy}，仅支持人民币（CNY）`);
    const amount = moneyOf(text(entry.Amt), '金额', row);
    if (amount === null || amount <= 0) throw fileError(`第 ${row} 笔金额必须大于 0`);
    const indicator = text(entry.CdtDbtInd);
    if (indicator !== 'CRDT' && indicator !== 'DBIT') throw fileError(`第 ${row} 笔借贷标志（CdtDbtInd）应为 CRDT 或 DBIT`);
    const credit = indicator === 'CRDT';
    const when = dateTimeOf(entry.BookgDt ?? entry.ValDt, '记账日期（BookgDt）', row);
    const tx = list(list(entry.NtryDtls)[0]?.TxDtls)[0];
    const parties = path(tx, 'RltdPties');
    const counterparty = credit ? path(parties, 'Dbtr') : path(parties, 'Cdtr');
    const counterpartyAcct = credit ? path(parties, 'DbtrAcct') : path(parties, 'CdtrAcct');
    const ownAcct = credit ? accountOf(path(parties, 'CdtrAcct')) : null;
    const agent = credit ? path(tx, 'RltdAgts', 'DbtrAgt') : path(tx, 'RltdAgts', 'CdtrAgt');
    const remittance = (path(tx, 'RmtInf', 'Ustrd') as unknown[] | undefined)?.map(text).filter(Boolean).join(' ') || null;
    lines.push({
      row,
      bookDate: when.date,
      time: when.time,
      direction: credit ? 'CREDIT' : 'DEBIT',
      amount,
      balance: null,
      counterpartyName: nameOf(counterparty),
      counterpartyAccount: accountOf(counterpartyAcct),
      counterpartyBank: text(path(agent, 'FinInstnId', 'Nm')) ?? text(path(agent, 'FinInstnId', 'BICFI')),
      memo: text(entry.AddtlNtryInf) ?? text(path(tx, 'AddtlTxInf')),
      remark: remittance,
      serialNo: text(entry.AcctSvcrRef) ?? text(path(tx, 'Refs', 'AcctSvcrRef')) ?? text(entry.NtryRef),
      subAccount: ownAcct && ownAcct !== accountNo ? ownAcct : null,
    });
  });
  if (!lines.length) throw fileError('对账单中没有已记账的交易（Ntry）');
  const from = text(path(stmt, 'FrToDt', 'FrDtTm'));
  const to = text(path(stmt, 'FrToDt', 'ToDtTm'));
  const dates = lines.map((l) => l.bookDate).sort();
  const periodDate = (v: string | null, field: string) => {
    if (!v) return null;
    const d = dateOf(v.slice(0, 10));
    if (!d) throw fileError(`对账单期间（FrToDt/${field}）“${v}”不是有效日期`);
    checkDateRange(d.date, `对账单期间（FrToDt/${field}）`);
    return d.date;
  };
  const statement: ParsedStatement = {
    accountNo,
    openingBalance: opening,
    closingBalance: closing,
    periodStart: periodDate(from, 'FrDtTm') ?? dates[0],
    periodEnd: periodDate(to, 'ToDtTm') ?? dates[dates.length - 1],
    lines,
  };
  if (statement.periodStart > dates[0] || statement.periodEnd < dates[dates.length - 1])
    throw fileError(`交易日期超出对账单期间 ${statement.periodStart} 至 ${statement.periodEnd}`);
  checkBalances(statement);
  checkStatement(statement);
  return statement;
}
