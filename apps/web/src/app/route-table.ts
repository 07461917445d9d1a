import { matchPath } from 'react-router';
import type { RouteDef } from '../lib/feature-module.ts';
import { routesOf } from './feature-registry.ts';
import { FEATURES } from './features.ts';

export type { RouteDef } from '../lib/feature-module.ts';

/**
 * Every route of SPEC §2, exact matches under the root layout, each page its own lazy chunk: the home
 * page (the app's own: the landing or the dashboard) and the routes each listed feature declares in its
 * module.ts.
 */
export const ROUTES: RouteDef[] = [{ path: '/', load: () => import('./HomePage.tsx'), open: true }, ...routesOf(FEATURES)];

export const DEFINED_PATHS = ROUTES.map((r) => r.path);

const routeOf = (path: string) => ROUTES.find((r) => matchPath({ path: r.path, end: true }, path) !== null);

/**
 * A menu route whose page is built: one a feature declares. The sider and the expiry reminder show only
 * these, so no entry leads to a page that is not there.
 */
export const isBuiltRoute = (route: string) => routeOf(route) !== undefined;

/** A path that needs a login: a defined route that is not open. Unknown paths are the guard's (404). */
export const needsLogin = (path: string) => {
  const route = routeOf(path);
  return route !== undefined && !route.open;
};
