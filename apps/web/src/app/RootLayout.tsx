import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAuthority, setAuthority } from '../lib/storage.ts';
import { useCurrentUser, useMenus } from '../lib/session.ts';
import { guardDecision } from './guard.ts';
import './accessible.css';
import { PageSpinner } from './LazyPage.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { RequestBridge } from './RequestBridge.tsx';
import { DEFINED_PATHS, needsLogin, ROUTES } from './route-table.ts';
import { useAppState } from './state.ts';
import { useExpiryReminder } from './useExpiryReminder.ts';

// The signed-in shell and the login mask are separate chunks, so public pages load light.
const AdminLayout = lazy(() => import('./shell.ts').then((m) => ({ default: m.AdminLayout })));
const AntdProviders = lazy(() => import('./shell.ts').then((m) => ({ default: m.AntdProviders })));
const LoginMask = lazy(() => import('../features/auth/LoginMask.tsx'));

/** Pages that stand alone, without the signed-in shell around them. */
const BARE_PATHS = new Set(['/login', '/login/login']);

/** Visitor pages built from plain markup, so they load without antd (first-load budget). */
const isPlainPage = (path: string, loggedIn: boolean) => BARE_PATHS.has(path) || (path === '/' && !loggedIn);

const WithAntd = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<PageSpinner />}>
    <AntdProviders>{children}</AntdProviders>
  </Suspense>
);

export function RootLayout() {
  const { pathname, search } = useLocation();
  const currentUser = useCurrentUser();
  const user = currentUser.data?.loginUser ?? null;
  const menus = useMenus(user?.id, currentUser.isSuccess);
  const loginMaskVisible = useAppState((s) => s.loginMaskVisible);
  useExpiryReminder(user);

  useEffect(() => {
    if (currentUser.isSuccess) setAuthority(user?.authority ?? null);
  }, [currentUser.isSuccess, user?.authority]);

  // The route on screen, on <html data-route>: written once React has committed the page, which the router renders in a
  // transition (the old page stays until the new chunk is in) — what a tool following the app waits for (the journeys).
  useEffect(() => {
    document.documentElement.dataset.route = pathname;
  }, [pathname]);

  const decision = guardDecision(pathname, menus.data, DEFINED_PATHS);
  useEffect(() => {
    if (decision === 'possible403') console.warn(`[guard] ${pathname} is a defined route missing from the menu: possible 403`);
  }, [decision, pathname]);

  const route = ROUTES.find((r) => r.path === pathname);
  let content = <Outlet />;
  if (currentUser.isPending) content = <PageSpinner />;
  else if (decision === 'notFound') content = <Navigate to="/exception/404" replace />;
  else if (!user && currentUser.isSuccess && needsLogin(pathname)) {
    content = <Navigate to={`/login?from=${encodeURIComponent(pathname + search)}`} replace />;
  } else if (user && route?.authority && !hasAuthority(route.authority, [user.authority])) {
    // The signed-in user's authority, which the effect above stores: on the first render after the
    // user arrives the stored copy is not written yet, and reading it sent a merchant to 403 as soon
    // as the shell had loaded before the user (a cached shell chunk, a fast network).
    content = <Navigate to="/exception/403" replace />;
  }

  const shell = user && !BARE_PATHS.has(pathname);
  return (
    <>
      <RequestBridge />
      {shell ? (
        <WithAntd>
          <AdminLayout user={user} menus={menus.data ?? []}>
            {content}
          </AdminLayout>
        </WithAntd>
      ) : (
        <PublicLayout user={user}>{isPlainPage(pathname, !!user) ? content : <WithAntd>{content}</WithAntd>}</PublicLayout>
      )}
      {loginMaskVisible && (
        <WithAntd>
          <LoginMask onClose={() => useAppState.getState().setLoginMask(false)} />
        </WithAntd>
      )}
    </>
  );
}
