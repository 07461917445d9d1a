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

  it('shows purchase and sales only to users with the feature switched on', async () => {
    const normal = routesOf((await (await t.loginAs('demo')).get('/api/menus')).json().message);
    const flagged = routesOf((await (await t.loginAs('gouxiao')).get('/api/menus')).json().message);
    expect(normal).not.toContain('/purchaseSalesManage');
    expect(flagged).toEqual(expect.arrayContaining(['/purchaseSalesManage', '/purchaseSalesManage/orderManage']));
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
