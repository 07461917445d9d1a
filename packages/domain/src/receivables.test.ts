import { describe, expect, it } from 'vitest';
import {
  bureauKeyOf,
  intakeProblem,
  invoiceKeyOf,
  invoiceLabel,
  isInvoiceRefusal,
  isNoAnswer,
  orderKeyOf,
  parseInvoiceNumber,
  partyKey,
} from './receivables.ts';
import { financedAssetLifecycle } from './status/receivables.ts';

describe('invoice numbers (发票代码 + 号码, 数电票)', () => {
  it('reads an old-style invoice: a 10- or 12-digit code and an 8-digit number', () => {
    expect(parseInvoiceNumber('3100231130', '80000002')).toEqual({ ok: true, form: 'PAPER', code: '3100231130', number: '80000002' });
    expect(parseInvoiceNumber(' 031002300111 ', ' 12345678 ')).toEqual({
      ok: true,
      form: 'PAPER',
      code: '031002300111',
      number: '12345678',
    });
  });

  it('reads a 数电票: 20 digits and no code', () => {
    expect(parseInvoiceNumber('', '25312000000012345678')).toEqual({ ok: true, form: 'DIGITAL', code: '', number: '25312000000012345678' });
    expect(parseInvoiceNumber(undefined, '25312000000012345678')).toMatchObject({ ok: true, form: 'DIGITAL' });
  });

  it('refuses what the bureau would not find, naming the field', () => {
    expect(parseInvoiceNumber('3100231130', '25312000000012345678')).toMatchObject({ ok: false, field: 'invoiceCode' });
    expect(parseInvoiceNumber('', '80000002')).toMatchObject({ ok: false, field: 'invoiceCode' });
    expect(parseInvoiceNumber('31002311', '80000002')).toMatchObject({
      ok: false,
      field: 'invoiceCode',
      message: '发票代码应为10位或12位数字',
    });
    expect(parseInvoiceNumber('31002311AB', '80000002')).toMatchObject({ ok: false, field: 'invoiceCode' });
    expect(parseInvoiceNumber('3100231130', '8000000')).toMatchObject({ ok: false, field: 'invoiceNumber' });
    expect(parseInvoiceNumber('3100231130', '800000021')).toMatchObject({ ok: false, field: 'invoiceNumber' });
    expect(parseInvoiceNumber('3100231130', '8000 0002')).toMatchObject({
      ok: false,
      field: 'invoiceNumber',
      message: '发票号码只能是数字',
    });
    // Full-width digits are not the bureau's digits.
    expect(parseInvoiceNumber('3100231130', '８０００００２１')).toMatchObject({ ok: false, field: 'invoiceNumber' });
    expect(parseInvoiceNumber('3100231130', '')).toMatchObject({ ok: false, message: '请输入发票号码' });
  });

  it('names an invoice by code-number, a 数电票 by its number', () => {
    expect(invoiceLabel('3100231130', '80000002')).toBe('3100231130-80000002');
    expect(invoiceLabel('', '25312000000012345678')).toBe('25312000000012345678');
    expect(bureauKeyOf('3100231130', '80000002')).toBe('3100231130-80000002');
  });
});

describe('natural keys of a financed receivable', () => {
  const seller = '91310000MA1FL0XX2B';
  it('keys an old-style invoice by seller, code and number; a 数电票 by its number alone', () => {
    expect(invoiceKeyOf({ sellerKey: seller, invoiceCode: '3100231130', invoiceNumber: '80000002' })).toBe(
      `INV:${seller}:3100231130:80000002`,
    );
    // The same 数电票 under two sellers (a mistyped or a false claim) is one key.
    expect(invoiceKeyOf({ sellerKey: seller, invoiceCode: '', invoiceNumber: '25312000000012345678' })).toBe(
      invoiceKeyOf({ sellerKey: 'E7', invoiceCode: '', invoiceNumber: '25312000000012345678' }),
    );
  });

  it('keys an order by both parties and its number, whatever its case and spaces', () => {
    expect(orderKeyOf({ buyerKey: 'B', sellerKey: 'S', orderNo: ' yhpo 2025-0318 ' })).toBe('ORD:B:S:YHPO2025-0318');
    expect(orderKeyOf({ buyerKey: 'B', sellerKey: 'S', orderNo: 'A1' })).not.toBe(
      orderKeyOf({ buyerKey: 'S', sellerKey: 'B', orderNo: 'A1' }),
    );
  });

  it('keys an enterprise without a credit code by its portal id', () => {
    expect(partyKey(null, 12)).toBe('E12');
    expect(partyKey(' 91310000ma1fl0xx2b ', 12)).toBe('91310000MA1FL0XX2B');
  });
});

describe('intake rules (银保监办发〔2019〕205号)', () => {
  const today = '2026-03-10';
  it('refuses bills, consignments, future receivables without a contract, settled and overdue ones', () => {
    expect(intakeProblem({ type: 'BILL' }, today)).toMatch(/票据、有价证券/);
    expect(intakeProblem({ type: 'CONSIGNMENT' }, today)).toMatch(/代销/);
    expect(intakeProblem({ type: 'FUTURE' }, today)).toMatch(/基础交易合同/);
    expect(intakeProblem({ type: 'FUTURE', contractNo: '  ' }, today)).toMatch(/基础交易合同/);
    expect(intakeProblem({ type: 'SALE', settled: true }, today)).toBe('该应收账款已结清，不能再次融资');
    expect(intakeProblem({ type: 'SALE', dueDate: '2026-03-09' }, today)).toMatch(/已于 2026-03-09 到期/);
  });

  it('admits a receivable due today or later, or without a due date, and a future one with its contract', () => {
    expect(intakeProblem({ type: 'SALE', dueDate: today }, today)).toBeNull();
    expect(intakeProblem({ type: 'SALE' }, today)).toBeNull();
    expect(intakeProblem({ type: 'FUTURE', contractNo: 'HT-2026-001', dueDate: '2026-06-30' }, today)).toBeNull();
  });
});

describe('bureau answers and the financed asset', () => {
  it('tells a refusal of the invoice from no answer at all', () => {
    expect(['VOID', 'REVERSED', 'MISMATCH'].every((o) => isInvoiceRefusal(o as never))).toBe(true);
    expect(isInvoiceRefusal('NOT_FOUND')).toBe(false);
    expect(isNoAnswer('QUOTA_EXCEEDED') && isNoAnswer('UNAVAILABLE')).toBe(true);
    expect(isNoAnswer('NORMAL')).toBe(false);
  });

  it('never frees a settled receivable, and frees a held one only before money goes out', () => {
    expect(financedAssetLifecycle.canTransition('HELD', 'RELEASED')).toBe(true);
    expect(financedAssetLifecycle.canTransition('FUNDED', 'RELEASED')).toBe(false);
    expect(financedAssetLifecycle.canTransition('SETTLED', 'RELEASED')).toBe(false);
    expect(financedAssetLifecycle.nextStates('SETTLED')).toEqual([]);
  });
});
