// Receivables (issue 36, PRODUCT §13): the invoice-number formats the tax bureau knows, the natural keys
// that make a receivable financed once across enterprises, platforms and products, and the supervisor's
// intake rules (银保监办发〔2019〕205号 and its self-inspection list). Pure rules, no I/O.
import { compareIsoDates, type IsoDate } from './dates.ts';

/** PAPER: 发票代码 (10 or 12 digits) + 8-digit 发票号码. DIGITAL: a 数电票, 20 digits and no code. */
export type InvoiceForm = 'PAPER' | 'DIGITAL';

export const INVOICE_FORM_LABELS: Readonly<Record<InvoiceForm, string>> = {
  PAPER: '发票代码 + 发票号码',
  DIGITAL: '数电票（20位号码）',
};

export type ParsedInvoiceNumber =
  { ok: true; form: InvoiceForm; code: string; number: string } | { ok: false; field: 'invoiceCode' | 'invoiceNumber'; message: string };

const digits = (text: string, n: number) => text.length === n && /^\d+$/.test(text);

/**
 * Reads an invoice's code and number as the tax bureau's check (发票查验) takes them. Old-style invoices
 * (增值税专用/普通发票 and their electronic forms) have a 10- or 12-digit 发票代码 and an 8-digit 发票号码;
 * a 数电票 (全面数字化的电子发票) has a 20-digit number — two digits of the year it was issued, then the
 * tax authority and the sequence — and no code. Full-width digits and spaces are not accepted: the
 * bureau would not find the invoice.
 */
export function parseInvoiceNumber(code: string | null | undefined, number: string | null | undefined): ParsedInvoiceNumber {
  const c = (code ?? '').trim();
  const n = (number ?? '').trim();
  if (n === '') return { ok: false, field: 'invoiceNumber', message: '请输入发票号码' };
  if (!/^\d+$/.test(n)) return { ok: false, field: 'invoiceNumber', message: '发票号码只能是数字' };
  if (digits(n, 20)) {
    if (c !== '') return { ok: false, field: 'invoiceCode', message: '数电票（20位发票号码）没有发票代码，请清空发票代码' };
    return { ok: true, form: 'DIGITAL', code: '', number: n };
  }
  if (!digits(n, 8)) return { ok: false, field: 'invoiceNumber', message: '发票号码应为8位（有发票代码的发票）或20位（数电票）数字' };
  if (c === '') return { ok: false, field: 'invoiceCode', message: '8位发票号码的发票须填写发票代码（10位或12位数字）' };
  if (!/^\d+$/.test(c) || !(c.length === 10 || c.length === 12))
    return { ok: false, field: 'invoiceCode', message: '发票代码应为10位或12位数字' };
  return { ok: true, form: 'PAPER', code: c, number: n };
}

/** How an invoice is named to a person: 3100231130-80000002, or the 数电票's 20 digits. */
export function invoiceLabel(code: string, number: string): string {
  return code ? `${code}-${number}` : number;
}

/** An enterprise without a credit code on file (not yet certified) is keyed by its portal id. */
export const partyKey = (creditCode: string | null | undefined, enterpriseId: number): string =>
  creditCode?.trim().toUpperCase() || `E${enterpriseId}`;

/**
 * The natural key of an invoice financed (the financed-assets table, issue 36): a 数电票 by its number
 * alone (unique nationwide); an old-style invoice by the seller's credit code, its code and its number.
 * The same invoice has one key whoever registers it, on any platform, in any product.
 */
export function invoiceKeyOf(i: { sellerKey: string; invoiceCode: string; invoiceNumber: string }): string {
  const number = i.invoiceNumber.trim();
  if (/^\d{20}$/.test(number)) return `INV:${number}`;
  return `INV:${i.sellerKey}:${i.invoiceCode.trim()}:${number}`;
}

/** The natural key of an order: its buyer, its seller and its number (case and spaces do not make another order). */
export function orderKeyOf(o: { buyerKey: string; sellerKey: string; orderNo: string }): string {
  return `ORD:${o.buyerKey}:${o.sellerKey}:${normalOrderNo(o.orderNo)}`;
}

export const normalOrderNo = (orderNo: string) => orderNo.replace(/\s+/g, '').toUpperCase();

/** The tax bureau's own key of an invoice: code and number, or the 数电票's number. */
export function bureauKeyOf(code: string, number: string): string {
  return code ? `${code}-${number}` : number;
}

// ---------------------------------------------------------------------------------------------
// Intake rules (PRODUCT §13, 银保监办发〔2019〕205号 and the self-inspection list)
// ---------------------------------------------------------------------------------------------

/**
 * What kind of receivable the supplier registers. SALE: goods delivered or services rendered, the debt
 * exists. FUTURE: a contract signed and not yet performed. BILL and CONSIGNMENT are on the
 * supervisor's list of what a commercial factor must not finance.
 */
export type ReceivableType = 'SALE' | 'FUTURE' | 'BILL' | 'CONSIGNMENT';

export const RECEIVABLE_TYPE_LABELS: Readonly<Record<ReceivableType, string>> = {
  SALE: '现有应收账款（已发货或已提供服务）',
  FUTURE: '未来应收账款（已签合同、尚未履行）',
  BILL: '票据或有价证券',
  CONSIGNMENT: '代销（寄售）',
};
export const RECEIVABLE_TYPES = Object.keys(RECEIVABLE_TYPE_LABELS) as ReceivableType[];

export interface ReceivableFacts {
  type: ReceivableType;
  /** When the debtor must pay (应收账款到期日); null when not given. */
  dueDate?: IsoDate | null;
  /** The basis contract (基础交易合同编号) of a future receivable. */
  contractNo?: string | null;
  /** Paid by the debtor, or repaid under an earlier financing. */
  settled?: boolean;
}

/**
 * Why a receivable may not be financed at all, or null: a bill or security, a consignment (ownership
 * unclear), a future receivable without its contract, one already settled, one overdue (its due date
 * has passed). The self-inspection list of 银保监办发〔2019〕205号 forbids each.
 */
export function intakeProblem(f: ReceivableFacts, today: IsoDate): string | null {
  if (f.type === 'BILL') return '票据、有价证券不属于可保理的应收账款（银保监办发〔2019〕205号），不能登记融资';
  if (f.type === 'CONSIGNMENT') return '代销（寄售）项下的应收账款权属不清，不能保理融资（银保监办发〔2019〕205号）';
  if (f.type === 'FUTURE' && !f.contractNo?.trim()) return '未来应收账款须有已签订的基础交易合同，请填写基础合同编号';
  if (f.settled) return '该应收账款已结清，不能再次融资';
  if (f.dueDate && compareIsoDates(f.dueDate, today) < 0)
    return `该应收账款已于 ${f.dueDate} 到期，逾期应收账款不能保理融资（银保监办发〔2019〕205号）`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The tax bureau's check (发票查验)
// ---------------------------------------------------------------------------------------------

/** The bureau allows this many checks of one invoice a day; the next is refused until tomorrow. */
export const BUREAU_DAILY_QUOTA = 5;

/**
 * What one check found. NORMAL, VOID and REVERSED are the invoice's status at the bureau (the facts
 * matched); MISMATCH: the bureau's facts differ from the registered ones; NOT_FOUND: the bureau has no
 * such invoice. QUOTA_EXCEEDED and UNAVAILABLE are no answer about the invoice at all. MANUAL: an
 * operator verified it by hand where the bureau could not answer.
 */
export type InvoiceCheckOutcome = 'NORMAL' | 'VOID' | 'REVERSED' | 'MISMATCH' | 'NOT_FOUND' | 'QUOTA_EXCEEDED' | 'UNAVAILABLE' | 'MANUAL';

export const INVOICE_CHECK_LABELS: Readonly<Record<InvoiceCheckOutcome, string>> = {
  NORMAL: '查验通过（正常）',
  VOID: '已作废',
  REVERSED: '已红冲',
  MISMATCH: '信息不符',
  NOT_FOUND: '查无此票',
  QUOTA_EXCEEDED: '今日查验次数已满',
  UNAVAILABLE: '查验服务暂不可用',
  MANUAL: '人工核验',
};
export const INVOICE_CHECK_OUTCOMES = Object.keys(INVOICE_CHECK_LABELS) as InvoiceCheckOutcome[];

/** The bureau says the invoice is not a valid receivable: void, reversed, or not the invoice registered. */
export const isInvoiceRefusal = (o: InvoiceCheckOutcome) => o === 'VOID' || o === 'REVERSED' || o === 'MISMATCH';
/** The bureau gave no answer about the invoice (its quota, its service): neither a pass nor a failure. */
export const isNoAnswer = (o: InvoiceCheckOutcome) => o === 'QUOTA_EXCEEDED' || o === 'UNAVAILABLE';

export type InvoiceCheckTrigger = 'REGISTRATION' | 'PRE_DISBURSEMENT' | 'WEEKLY' | 'OPERATOR';
export const INVOICE_CHECK_TRIGGER_LABELS: Readonly<Record<InvoiceCheckTrigger, string>> = {
  REGISTRATION: '登记时查验',
  PRE_DISBURSEMENT: '放款前查验',
  WEEKLY: '每周复验',
  OPERATOR: '运营查验',
};
export const INVOICE_CHECK_TRIGGERS = Object.keys(INVOICE_CHECK_TRIGGER_LABELS) as InvoiceCheckTrigger[];

/** Financed invoices are checked again this many days after their last check, until they mature. */
export const RECHECK_EVERY_DAYS = 7;

// The registry (中登网): numbers, periods, statuses, priority (registry.ts).
export * from './registry.ts';
