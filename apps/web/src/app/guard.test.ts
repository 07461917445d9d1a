import { describe, expect, it } from 'vitest';
import { afterLoginPath, breadcrumbsFor, buildMenuTree, guardDecision } from './guard.ts';
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
});
