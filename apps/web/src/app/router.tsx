import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LazyPage } from './LazyPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { ROUTES } from './route-table.ts';

/**
 * The route tree in react-router's declarative mode: every page is a lazy chunk under one root
 * layout and nothing uses loaders, actions or blockers, so the data router (createBrowserRouter,
 * ~55 KB minified, ~14 KB on the wire on every page) would be dead weight (issue 11).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<LazyPage load={r.load} />} />
          ))}
          <Route path="*" element={<Navigate to="/exception/404" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
