import { describe, expect, it } from 'vitest';
import {
  earlierConflicts,
  expiryOf,
  extensionProblem,
  isRegistryNumber,
  luhnDigit,
  periodProblem,
  registrationLifecycle,
  registryNumber,
  standingOn,
} from './registry.ts';

describe('registry numbers (登记编号 / 查询证明编号)', () => {
  it('are 20 digits: the kind, the China date, a 10-digit sequence and a Luhn check digit', () => {
    const n = registryNumber('ACT', '2026-11-29', 42);
    expect(n).toMatch(/^0202611290000000042\d$/);
    expect(n).toHaveLength(20);
    expect(n[19]).toBe(luhnDigit(n.slice(0, 19)));
    expect(registryNumber('SEARCH', '2026-11-29', 42).startsWith('1')).toBe(true);
    expect(isRegistryNumber(n)).toBe(true);
    expect(isRegistryNumber(n, 'ACT')).toBe(true);
    expect(isRegistryNumber(n, 'SEARCH')).toBe(false);
  });

  it('a mistyped digit or two neighbouring digits swapped fail the check', () => {
    const n = registryNumber('ACT', '2026-11-29', 123_456);
    const typo = n.slice(0, 15) + String((Number(n[15]) + 1) % 10) + n.slice(16);
    expect(isRegistryNumber(typo)).toBe(false);
    const i = [...n].findIndex((c, k) => k < 18 && c !== n[k + 1]);
    const swapped = n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2);
    expect(isRegistryNumber(swapped)).toBe(false);
    expect(isRegistryNumber('0202611290000000042')).toBe(false);
    expect(isRegistryNumber('2202611290000000042' + luhnDigit('2202611290000000042'))).toBe(false);
  });

  it('refuses a sequence out of range', () => {
    expect(() => registryNumber('ACT', '2026-11-29', 0)).toThrow();
    expect(() => registryNumber('ACT', '2026-11-29', 1e10)).toThrow();
  });
});

describe('periods (登记期限) and where a registration stands', () => {
  it('takes whole years from 1 to 30', () => {
    expect(periodProblem(1)).toBeNull();
    expect(periodProblem(30)).toBeNull();
    expect(periodProblem(0)).toMatch(/1 至 30 年/);
    expect(periodProblem(31)).toMatch(/1 至 30 年/);
    expect(periodProblem(1.5)).toMatch(/整数年/);
  });

  it('runs to the anniversary (29 Feb to 28 Feb), valid through that day and expired the next', () => {
    expect(expiryOf('2026-11-29', 1)).toBe('2027-11-29');
    expect(expiryOf('2028-02-29', 1)).toBe('2029-02-28');
    const r = { status: 'VALID', expiresOn: '2027-11-29' };
    expect(standingOn(r, '2027-11-29')).toBe('VALID');
    expect(standingOn(r, '2027-11-30')).toBe('EXPIRED');
    expect(standingOn({ ...r, status: 'CANCELLED' }, '2026-12-01')).toBe('CANCELLED');
  });

  it('extends a valid registration before it runs out, never past 30 years in all', () => {
    const r = { status: 'VALID', expiresOn: '2027-11-29', years: 1 };
    expect(extensionProblem(r, 2, '2027-11-01')).toBeNull();
    expect(extensionProblem(r, 29, '2027-11-01')).toBeNull();
    expect(extensionProblem(r, 30, '2027-11-01')).toMatch(/超过 30 年上限/);
    expect(extensionProblem(r, 1, '2027-11-30')).toMatch(/到期失效，不能展期/);
    expect(extensionProblem({ ...r, status: 'CANCELLED' }, 1, '2027-01-01')).toMatch(/已注销/);
  });

  it('a cancelled registration is cancelled for good', () => {
    expect(registrationLifecycle.canTransition('VALID', 'CANCELLED')).toBe(true);
    expect(registrationLifecycle.nextStates('CANCELLED')).toEqual([]);
  });
});

describe('priority between registrations (民法典 art. 768)', () => {
  const invoice = { invoiceCode: '3100231130', invoiceNumber: '80000007' };
  const other = (registrationNo: string, addedAt: string, standing: 'VALID' | 'EXPIRED' | 'CANCELLED' = 'VALID') => ({
    registrationNo,
    registrantName: '某某商业保理有限公司',
    standing,
    receivables: [{ ...invoice, addedAt }],
  });
  const ours = { numbers: ['OURS'], covers: [{ ...invoice, addedAt: '2026-11-20T02:00:00.000Z' }] };

  it('an earlier registration by another registrant of the same invoice beats ours', () => {
    expect(earlierConflicts([other('A', '2026-11-10T02:00:00.000Z')], ours, [invoice])).toEqual([
      { registrationNo: 'A', registrantName: '某某商业保理有限公司', since: '2026-11-10T02:00:00.000Z', invoices: ['3100231130-80000007'] },
    ]);
  });

  it('a later one does not, nor our own, nor one no longer valid, nor another invoice', () => {
    expect(earlierConflicts([other('B', '2026-11-25T02:00:00.000Z')], ours, [invoice])).toEqual([]);
    expect(earlierConflicts([{ ...other('OURS', '2026-11-20T02:00:00.000Z') }], ours, [invoice])).toEqual([]);
    expect(earlierConflicts([other('C', '2026-11-01T02:00:00.000Z', 'CANCELLED')], ours, [invoice])).toEqual([]);
    expect(earlierConflicts([other('D', '2026-11-01T02:00:00.000Z', 'EXPIRED')], ours, [invoice])).toEqual([]);
    expect(
      earlierConflicts([other('E', '2026-11-01T02:00:00.000Z')], ours, [{ invoiceCode: '3100231130', invoiceNumber: '80000008' }]),
    ).toEqual([]);
  });

  it('registered beats unregistered: without ours, any valid registration of the invoice by another stops us', () => {
    expect(earlierConflicts([other('F', '2026-11-25T02:00:00.000Z')], { numbers: [], covers: [] }, [invoice])).toHaveLength(1);
  });
});
