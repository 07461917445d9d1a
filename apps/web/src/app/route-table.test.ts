import { describe, expect, it } from 'vitest';
import { DEFINED_PATHS, isBuiltRoute, needsLogin } from './route-table.ts';

describe('route table', () => {
  it('defines every route family of SPEC §2', () => {
    for (const p of [
      '/',
      '/login/login',
      '/version',
      '/sys/embed/:index',
      '/trade/resetpwd',
      '/pledge/voucherSucess',
      '/purchaseSalesManage/targetedPayment',
      '/supplyloan/ccbftTrialPayment',
      '/supplyloan/myfinancing/cloudComponent/RefundTotalTable',
      '/user/withdrawal',
      '/warehouse/maintainName',
      '/exception/500',
    ]) {
      expect(DEFINED_PATHS).toContain(p);
    }
  });
  it('asks for a login on defined business routes only', () => {
    expect(needsLogin('/user/moneySummary')).toBe(true);
    expect(needsLogin('/sys/setting')).toBe(true);
    expect(needsLogin('/trade/faq')).toBe(false);
    expect(needsLogin('/sys/embed/3')).toBe(false);
    expect(needsLogin('/')).toBe(false);
    // Unknown paths belong to the guard, which sends them to 404.
    expect(needsLogin('/no/such/page')).toBe(false);
  });
});

describe('isBuiltRoute', () => {
  it('is true for built pages and false for unknown routes', () => {
    expect(isBuiltRoute('/user/moneyflowControl')).toBe(true);
    expect(isBuiltRoute('/supplyloan/supplyLoan')).toBe(true);
    expect(isBuiltRoute('/sys/embed/:index')).toBe(true);
    expect(isBuiltRoute('/no/such/page')).toBe(false);
  });
  it('has every /pledge/* page of SPEC §2 built (issue 14): none shows the interim “not yet open” page', () => {
    const pledgePages = [
      'applyFinacing',
      'bondVoucher',
      'giveGold',
      'goodsGuide',
      'myPlatform',
      'pledgeFinacy',
      'pledgeSucess',
      'repaymentList',
      'repaymentVoucher',
      'signPersonGuide',
      'supplyLoanKH',
      'toFinacing',
      'voucherSucess',
    ];
    for (const page of pledgePages) expect(isBuiltRoute(`/pledge/${page}`), page).toBe(true);
    expect(DEFINED_PATHS.filter((p) => p.startsWith('/pledge/')).sort()).toEqual(pledgePages.map((p) => `/pledge/${p}`).sort());
  });
});
