import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The API never answers here: what is compared is the first render, before any answer.
vi.mock('../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../lib/api-client.ts')>()),
  call: vi.fn(() => new Promise(() => {})),
}));

/**
 * The markup as a user sees it: test ids and react-router's data-discover are not part of it, and
 * inline styles are compared as the browser reads them (React writes them through the CSSOM).
 */
function visible(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html.replace(/ data-(testid|discover)="[^"]*"/g, '');
  for (const el of box.querySelectorAll<HTMLElement>('[style]')) el.setAttribute('style', el.style.cssText);
  return box.innerHTML;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the pre-rendered first frames (issue 38)', () => {
  it('put the landing page in the visitor frame, and the spinner in the frame, without test ids', async () => {
    const { prerenderFrames } = await import('./prerender.tsx');
    const { frame, visitorHome } = prerenderFrames();
    expect(visitorHome).toContain('<header class="fp-header">');
    expect(visitorHome).toContain('<section class="fp-hero"><h1>供应链金融服务平台</h1>');
    expect(frame).toContain('class="fp-spinner"');
    expect(frame).not.toContain('fp-hero');
    expect(visitorHome + frame).not.toContain('data-testid');
  });

  it('are what the app renders on mount: a visitor at / gets the same landing markup at once, no spinner between', async () => {
    const { prerenderFrames } = await import('./prerender.tsx');
    const { visitorHome } = prerenderFrames();
    const { createRoot } = await import('react-dom/client');
    const { AppProviders, queryClient } = await import('./AppProviders.tsx');
    const { preloadPage } = await import('./LazyPage.tsx');
    const { ROUTES } = await import('./route-table.ts');
    const { CURRENT_USER_KEY } = await import('../lib/session.ts');
    const { landing } = await import('./HomePage.tsx');

    // What main.tsx does when the server sent home.html.
    queryClient.setQueryData(CURRENT_USER_KEY, { exponent: '', modulus: '', loginUser: null }, { updatedAt: 0 });
    await preloadPage(ROUTES.find((r) => r.path === '/')!.load);
    await preloadPage(landing);

    const root = document.createElement('div');
    document.body.append(root);
    const app = createRoot(root);
    act(() => app.render(<AppProviders />));
    expect(visible(root.innerHTML)).toBe(visible(visitorHome));
    act(() => app.unmount());
  });
});
