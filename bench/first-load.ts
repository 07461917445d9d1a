/**
 * First-load JavaScript, measured as a user gets it: Debian's Chromium (playwright-core) opens each
 * page on an empty cache over HTTP against the real server, and we add up what the network delivered
 * for every script — the encoded (brotli/gzip) body plus its response headers — until the network
 * is idle and the page has rendered. Logged-in pages get the session cookie of a fresh login, so
 * their "first visit" is a logged-in user with nothing cached.
 */
import { chromium, type Browser } from 'playwright-core';

export const PUBLIC_BUDGET_KB = 120;
export const LOGGED_IN_BUDGET_KB = 260;

export interface PageLoad {
  page: string;
  kb: number;
  files: number;
  budgetKb: number;
}

/** The pages of the budget: what a visitor opens, and three logged-in pages of different weight. */
export const BENCH_PAGES: { path: string; loggedIn: boolean; ready: string }[] = [
  { path: '/', loggedIn: false, ready: '#root *' },
  { path: '/login', loggedIn: false, ready: 'form' },
  { path: '/', loggedIn: true, ready: '.ant-layout' },
  { path: '/supplyloan/myfinancing', loggedIn: true, ready: '.ant-layout' },
  { path: '/user/moneySummary', loggedIn: true, ready: '.ant-layout' },
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

async function measurePage(
  browser: Browser,
  origin: string,
  target: (typeof BENCH_PAGES)[number],
  sessionCookie: string,
): Promise<PageLoad> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  if (target.loggedIn) await context.addCookies([{ name: 'factoring_sid', value: sessionCookie, url: origin }]);
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      request.sizes().then(async (s) => {
        if (process.env.BENCH_VERBOSE)
          console.log(
            `  ${target.path} ${request.url().split('/').pop()} ${s.responseBodySize} ${(await request.response())?.headers()['content-encoding'] ?? ''}`,
          );
        return s.responseBodySize + s.responseHeadersSize;
      }),
    );
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  await page.goto(origin + target.path, { waitUntil: 'networkidle' });
  await page.waitForSelector(target.ready, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  if (failed.length) throw new Error(`${target.path}: requests failed: ${failed.join(', ')}`);
  // A page that redirected (login, 403, 404) would be measured as another, lighter page.
  const landed = new URL(page.url()).pathname;
  if (landed !== target.path) throw new Error(`${target.path}: the page went to ${landed} instead`);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return {
    page: `${target.path}${target.loggedIn ? ' (logged in)' : ''}`,
    kb: bytes / 1024,
    files: sizes.length,
    budgetKb: target.loggedIn ? LOGGED_IN_BUDGET_KB : PUBLIC_BUDGET_KB,
  };
}

/** Opens every bench page once on an empty cache and reports the JavaScript bytes on the wire. */
export async function measureFirstLoads(origin: string, sessionCookie: string): Promise<PageLoad[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const out: PageLoad[] = [];
    for (const target of BENCH_PAGES) out.push(await measurePage(browser, origin, target, sessionCookie));
    return out;
  } finally {
    await browser.close();
  }
}
