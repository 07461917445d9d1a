import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Menu = { id: number; name: string; route: string | null; bpid: number | null; mpid: number | null };
const routesOf = (menus: Menu[]) => menus.map((m) => m.route).filter(Boolean) as string[];

describe('menus', () => {
  it('gives visitors the public set: home, the open trade pages, the embed route', async () => {
    const menus: Menu[] = (await t.client().get('/api/menus')).json().message;
    const routes = routesOf(menus);
    expect(routes).toContain('/');
    for (const p of ['index', 'forgetpwd', 'register', 'resetpwd', 'activate', 'opttimeout', 'faq', 'aboutus'])
      expect(routes).toContain(`/trade/${p}`);
    expect(routes).toContain('/sys/embed/:index');
    expect(routes).not.toContain('/user/moneySummary');
  });

  it('keeps the SPEC sample ids and hides hidden pages with mpid -1', async () => {
    const c = await t.loginAs('demo');
    const menus: Menu[] = (await c.get('/api/menus')).json().message;
    const byId = new Map(menus.map((m) => [m.id, m]));
    expect(byId.get(1)?.route).toBe('/');
    expect(byId.has(2) && byId.has(3) && byId.has(6)).toBe(true);
    expect(menus.find((m) => m.route === '/user/autentication')?.mpid).toBe(-1);
    expect(menus.find((m) => m.route === '/supplyloan/financing')?.mpid).toBe(-1);
  });

  it('shows the warehouse section only to a ckFlag Y user', async () => {
    const normal = routesOf((await (await t.loginAs('demo')).get('/api/menus')).json().message);
    const warehouse = routesOf((await (await t.loginAs('cangchu')).get('/api/menus')).json().message);
    expect(normal).not.toContain('/warehouse/outIncoming');
    expect(warehouse).toEqual(expect.arrayContaining(['/warehouse/outIncoming', '/warehouse/stockDetails']));
  });

  it('shows purchase and sales to users with the feature switched on, and to a counterparty its orders only (issue 24)', async () => {
    const flagged = routesOf((await (await t.loginAs('gouxiao')).get('/api/menus')).json().message);
    expect(flagged).toEqual(
      expect.arrayContaining(['/purchaseSalesManage', '/purchaseSalesManage/orderManage', '/purchaseSalesManage/targetedPayment']),
    );
    // 上海鑫源 has no switch, but 浙江远航 sent it orders: the overview and the order list of those, no payments.
    const counterparty = routesOf((await (await t.loginAs('demo')).get('/api/menus')).json().message);
    expect(counterparty).toEqual(expect.arrayContaining(['/purchaseSalesManage', '/purchaseSalesManage/orderManage']));
    expect(counterparty).not.toContain('/purchaseSalesManage/targetedPayment');
    // An enterprise no order was sent to sees nothing of it.
    const warehouse = routesOf((await (await t.loginAs('cangchu')).get('/api/menus')).json().message);
    expect(warehouse.filter((r) => r.startsWith('/purchaseSalesManage'))).toEqual([]);
  });

  it('names every cloud-loan page the way a user knows it, on a trail up to the product or my financing (issue 24)', async () => {
    const menus: Menu[] = (await (await t.loginAs('demo')).get('/api/menus')).json().message;
    const byId = new Map(menus.map((m) => [m.id, m]));
    const trail = (route: string) => {
      const names: string[] = [];
      for (let m = menus.find((x) => x.route === route); m; m = m.bpid != null ? byId.get(m.bpid) : undefined) names.unshift(m.name);
      return names.join(' / ');
    };
    const cloud = menus.filter((m) => m.route?.includes('ccbft') || m.route?.includes('cloudComponent'));
    expect(cloud.length).toBe(10);
    for (const m of cloud) expect(m.name).not.toMatch(/标签页|Tab|Table|组件/);
    expect(trail('/supplyloan/myfinancing/cloudComponent/CloudLoanTab')).toBe('首页 / 供应链融资 / 我的融资 / 我的云贷');
    expect(trail('/supplyloan/myfinancing/cloudComponent/CreditTable')).toBe('首页 / 供应链融资 / 我的融资 / 我的云贷 / 银行授信');
    expect(trail('/supplyloan/ccbftSubmit')).toBe('首页 / 供应链融资 / 银行云贷 / 申请银行云贷 / 确认申请');
  });

  it('shows the cloud-loan entries only when the eligibility check answers true', async () => {
    const c = await t.loginAs('demo');
    expect((await c.get('/api/slccbprecredit/isAllowCcbLoan')).json()).toEqual({ status: 'OK', message: true });
    expect(routesOf((await c.get('/api/menus')).json().message)).toEqual(
      expect.arrayContaining(['/supplyloan/ccbft', '/supplyloan/ccbftTrialPayment']),
    );
    const operator = await t.loginAs('operator');
    expect((await operator.get('/api/slccbprecredit/isAllowCcbLoan')).json().message).toBe(false);
    const routes = routesOf((await operator.get('/api/menus')).json().message);
    expect(routes).not.toContain('/supplyloan/ccbft');
    expect(routes).toContain('/bpm/tasks');
  });

  it('gives the controlled-funds pages and the supply-loan product a way in (issue 12)', async () => {
    const menus: Menu[] = (await (await t.loginAs('demo')).get('/api/menus')).json().message;
    const byRoute = new Map(menus.filter((m) => m.route).map((m) => [m.route!, m]));
    const visibleUnder = (parent: number) => menus.filter((m) => m.mpid === parent).map((m) => m.route);
    expect(visibleUnder(6)).toEqual(
      expect.arrayContaining(['/user/moneySummary', '/user/moneyflowControl', '/user/seeWhiteList', '/user/moneyflowUpDown']),
    );
    expect(visibleUnder(2)).toContain('/supplyloan/supplyLoan');
    // Hidden pages hang (for breadcrumbs and the sider's selection) under the page that links to them.
    const parentRoute = (route: string) => menus.find((m) => m.id === byRoute.get(route)?.bpid)?.route;
    expect(parentRoute('/user/purchasePayment')).toBe('/user/moneyflowControl');
    expect(parentRoute('/user/openConsignment')).toBe('/user/moneyflowControl');
    for (const p of ['openLastDirPayment', 'openUpdateDirPayment', 'openEnterpriseList'])
      expect(parentRoute(`/user/${p}`)).toBe('/user/seeWhiteList');
    expect(parentRoute('/user/withdrawal')).toBe('/user/moneySummary');
  });

  it('hangs every hidden entry under a visible one, for every kind of user', async () => {
    for (const who of ['demo', 'cangchu', 'gouxiao', 'operator'] as const) {
      const menus: Menu[] = (await (await t.loginAs(who)).get('/api/menus')).json().message;
      const byId = new Map(menus.map((m) => [m.id, m]));
      for (const hidden of menus.filter((m) => m.mpid === -1)) {
        let m: Menu | undefined = hidden;
        for (let hops = 0; m && m.mpid === -1 && hops < 10; hops++) m = m.bpid != null ? byId.get(m.bpid) : undefined;
        expect(m, `${who}: ${hidden.name} ${hidden.route}`).toBeDefined();
        expect(m!.mpid, `${who}: ${hidden.name} ${hidden.route}`).not.toBe(-1);
      }
    }
  });
});
