import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, queryClient } from './app/AppProviders.tsx';
import { preloadPage } from './app/LazyPage.tsx';
import { ROUTES } from './app/route-table.ts';
import { CURRENT_USER_KEY, type CurrentUser } from './lib/session.ts';

const root = document.getElementById('root')!;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  );

/**
 * `/` asked for without a session cookie is answered with the landing page already in the HTML
 * (home.html, `data-frame="visitor-home"`; issue 38). The visitor is known to be one, so the app
 * starts as a visitor (the current user is still asked for, in the background) and renders once
 * the landing's two small chunks are here — the same markup in place of the same markup, instead
 * of a spinner between the two.
 */
if (root.dataset.frame === 'visitor-home' && window.location.pathname === '/') {
  const visitor: CurrentUser = { exponent: '', modulus: '', loginUser: null };
  queryClient.setQueryData(CURRENT_USER_KEY, visitor, { updatedAt: 0 });
  const home = ROUTES.find((r) => r.path === '/')!;
  preloadPage(home.load)
    .then(() => import('./app/HomePage.tsx'))
    .then((m) => preloadPage(m.landing))
    .then(render, render);
} else {
  render();
}
