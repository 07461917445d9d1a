/**
 * The app's first frames as static markup, rendered at build time (vite.config.ts, prerenderFrames)
 * from the very components the app mounts, so what paints with the HTML is what React then renders
 * (issue 38):
 * - `frame`: the visitor's frame of PublicLayout around the page spinner — what every route shows
 *   while the current user is asked for (index.html);
 * - `visitorHome`: the landing page in that frame — `/` for a request without a session cookie
 *   (home.html, served by apps/server/src/plugins/static-assets.ts), shown at once by main.tsx.
 * Test ids are left out: the journeys wait for the page React renders, not for this copy.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LandingPage from '../features/trade/LandingPage.tsx';
import { PageSpinner } from './LazyPage.tsx';
import { PublicLayout } from './PublicLayout.tsx';

function render(children: ReactNode): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <PublicLayout user={null}>{children}</PublicLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/ data-testid="[^"]*"/g, '');
}

export function prerenderFrames(): { frame: string; visitorHome: string } {
  return { frame: render(<PageSpinner />), visitorHome: render(<LandingPage />) };
}
