import { matchPath } from 'react-router';
import type { MenuItem } from './state.ts';
export { afterLoginPath } from '../lib/after-login-path.ts';

/** SPEC §2: paths the guard never sends to 404. */
const EXEMPT = new Set(['/', '/login', '/logout', '/version', '/sys/setting', '/exception/403', '/exception/404', '/exception/500']);

const isExempt = (path: string) => EXEMPT.has(path) || path.startsWith('/bpm/');

const matches = (pattern: string, path: string) => matchPath({ path: pattern, end: true }, path) !== null;

export type GuardDecision = 'allow' | 'notFound' | 'possible403';

/**
 * The route guard of SPEC §2: before menus load everything passes; afterwards a path outside the
 * menu tree goes to 404, except the exemptions, and a defined route missing from the menu only
 * logs a possible 403.
 */
export function guardDecision(path: string, menus: MenuItem[] | undefined, definedRoutes: readonly string[]): GuardDecision {
  if (!menus || isExempt(path)) return 'allow';
  if (menus.some((m) => m.route && matches(m.route, path))) return 'allow';
  if (definedRoutes.some((r) => matches(r, path))) return 'possible403';
  return 'notFound';
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/**
 * The sider tree: hidden entries (mpid -1) are left out, and so are entries whose page is not
 * built yet (`isBuilt`, from the route table) and sections left without a child; the rest nest by mpid.
 */
export function buildMenuTree(menus: MenuItem[], isBuilt: (route: string) => boolean = () => true): MenuNode[] {
  const visible = menus.filter((m) => m.mpid !== -1 && (m.route === null || isBuilt(m.route)));
  const nodes = new Map(visible.map((m) => [m.id, { ...m, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.mpid != null ? nodes.get(node.mpid) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const pruned = (list: MenuNode[]): MenuNode[] =>
    list.flatMap((n) => {
      const children = pruned(n.children);
      return n.route === null && children.length === 0 ? [] : [{ ...n, children }];
    });
  return pruned(roots);
}

/**
 * Where the current page sits in the sider: its own entry, or for a hidden page (reached by a link,
 * e.g. 受控资金 → 定向支付) the nearest visible entry up its bpid chain; and the submenus above it,
 * which the sider opens (after a reload too).
 */
export function siderPlaceFor(path: string, menus: MenuItem[]): { selectedKey: string | null; openKeys: string[] } {
  const byId = new Map(menus.map((m) => [m.id, m]));
  let current = menus.find((m) => m.route && matches(m.route, path));
  for (let hops = 0; current && current.mpid === -1 && hops < 10; hops++)
    current = current.bpid != null ? byId.get(current.bpid) : undefined;
  if (!current) return { selectedKey: null, openKeys: [] };
  // A hidden page under a section (no entry of its own above it) opens the section and selects nothing.
  const openKeys: string[] = [];
  const first = current.route === null ? current : current.mpid != null ? byId.get(current.mpid) : undefined;
  for (let m = first; m && openKeys.length < 10; m = m.mpid != null ? byId.get(m.mpid) : undefined) openKeys.unshift(`m${m.id}`);
  return { selectedKey: current.route, openKeys };
}

/** Breadcrumb trail for a path, following bpid up to the root. */
export function breadcrumbsFor(path: string, menus: MenuItem[]): MenuItem[] {
  const current = menus.find((m) => m.route && matches(m.route, path));
  const trail: MenuItem[] = [];
  const byId = new Map(menus.map((m) => [m.id, m]));
  for (let m = current; m && trail.length < 10; m = m.bpid != null ? byId.get(m.bpid) : undefined) trail.unshift(m);
  return trail;
}
