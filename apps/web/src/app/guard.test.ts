import { describe, expect, it } from 'vitest';
import { afterLoginPath, breadcrumbsFor, buildMenuTree, guardDecision, siderPlaceFor } from './guard.ts';
import type { MenuItem } from './state.ts';

const menu = (id: number, route: string | null, mpid: number | null, bpid: number | null = mpid): MenuItem => ({
  id,
  name: `m${id}`,
  route,
  bpid,
  mpid,
  icon: null,
});
const menus: MenuItem[] = [
  menu(1, '/', null, null),
  { ...menu(6, null, null), bpid: 1 },
  menu(61, '/user/moneySummary', 6),
  menu(601, '/user/autentication', -1, 6),
  menu(702, '/sys/embed/:index', -1, 1),
];
const defined = ['/user/moneySummary', '/user/withdrawal', '/sys/embed/:index', '/pledge/myPlatform'];

describe('guardDecision', () => {
  it('lets everything through until menus are loaded', () => {
    expect(guardDecision('/nowhere', undefined, defined)).toBe('allow');
  });
  it('allows paths in the menu tree, hidden ones included, and parameterised routes', () => {
    expect(guardDecision('/user/moneySummary', menus, defined)).toBe('allow');
    expect(guardDecision('/user/autentication', menus, defined)).toBe('allow');
    expect(guardDecision('/sys/embed/2', menus, defined)).toBe('allow');
  });
  it('sends unknown paths to 404', () => {
    expect(guardDecision('/no/such/page', menus, defined)).toBe('notFound');
    expect(guardDecision('/user/moneySummary/extra', menus, defined)).toBe('notFound');
  });
  it('only flags a defined route missing from the menu as a possible 403', () => {
    expect(guardDecision('/pledge/myPlatform', menus, defined)).toBe('possible403');
  });
  it('exempts the SPEC list and any /bpm/ path', () => {
    for (const p of [
      '/',
      '/login',
      '/logout',
      '/version',
      '/sys/setting',
      '/exception/403',
      '/exception/404',
      '/exception/500',
      '/bpm/tasks',
      '/bpm/x/y',
    ]) {
      expect(guardDecision(p, [], defined)).toBe('allow');
    }
  });
});

describe('afterLoginPath', () => {
  it('returns to from unless it is / or /login', () => {
    expect(afterLoginPath('/user/moneySummary?x=1')).toBe('/user/moneySummary?x=1');
    expect(afterLoginPath('/')).toBe('/');
    expect(afterLoginPath('/login')).toBe('/');
    expect(afterLoginPath(null)).toBe('/');
  });
  it('never leaves the site', () => {
    expect(afterLoginPath('https://evil.example')).toBe('/');
    expect(afterLoginPath('//evil.example')).toBe('/');
  });
});

describe('menu tree and breadcrumbs', () => {
  it('nests visible entries by mpid and leaves hidden ones out', () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.id)).toEqual([1, 6]);
    expect(tree[1].children.map((n) => n.id)).toEqual([61]);
  });
  it('follows bpid for breadcrumbs', () => {
    expect(breadcrumbsFor('/user/autentication', menus).map((m) => m.id)).toEqual([1, 6, 601]);
  });
  it('leaves out entries whose page is not built, and sections left empty', () => {
    const withPledge = [...menus, { ...menu(3, null, null), bpid: 1 }, menu(31, '/pledge/voucherSucess', 3)];
    const tree = buildMenuTree(withPledge, (route) => route !== '/pledge/voucherSucess');
    expect(tree.map((n) => n.id)).toEqual([1, 6]);
  });
});

describe('siderPlaceFor', () => {
  const funds: MenuItem[] = [...menus, menu(604, '/user/moneyflowControl', 6), menu(611, '/user/purchasePayment', -1, 604)];
  it('selects the page and opens its submenu', () => {
    expect(siderPlaceFor('/user/moneySummary', funds)).toEqual({ selectedKey: '/user/moneySummary', openKeys: ['m6'] });
  });
  it('selects the nearest visible entry for a hidden page reached by a link', () => {
    expect(siderPlaceFor('/user/purchasePayment', funds)).toEqual({ selectedKey: '/user/moneyflowControl', openKeys: ['m6'] });
    expect(siderPlaceFor('/user/autentication', funds)).toEqual({ selectedKey: null, openKeys: ['m6'] });
  });
  it('opens nothing for a top-level page or an unknown path', () => {
    expect(siderPlaceFor('/', funds)).toEqual({ selectedKey: '/', openKeys: [] });
    expect(siderPlaceFor('/no/such/page', funds)).toEqual({ selectedKey: null, openKeys: [] });
  });
});
