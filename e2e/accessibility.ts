import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, loginThroughPage } from './fixtures.ts';

/**
 * Issue 24: every page of SPEC §2, as the role that uses it, has no serious or critical axe-core
 * violation of the WCAG 2.1 A and AA rules, in the light and the dark theme. The pages come from the
 * route table itself, so a new route is checked the day it is added. One journey file per theme
 * (accessibility-light / -dark.spec.ts), so the two go to different shards (issue 34: as one file they
 * took 1,000 s of one shard while the others had finished).
 */
interface RouteDef {
  path: string;
  open?: boolean;
  authority?: string;
}
// The web app's route table, loaded at run time: it names its pages' .tsx modules, which the
// server's type check (that includes e2e/) does not compile.
const routeTable = new URL('../apps/web/src/app/route-table.ts', import.meta.url).href;
const { ROUTES } = (await import(routeTable)) as { ROUTES: RouteDef[] };

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Role = 'visitor' | keyof typeof DEMO;

/** Who opens a page: the visitor for open pages, else the demo user whose menu holds it. */
function roleOf(path: string, open: boolean | undefined, authority: string | undefined): Role {
  if (open) return 'visitor';
  if (authority === 'operator') return 'operator';
  if (path.startsWith('/warehouse/')) return 'warehouse';
  if (path.startsWith('/purchaseSalesManage')) return 'purchaseSales';
  return 'merchant';
}

/** A concrete address for a route pattern. */
const addressOf = (path: string) => path.replace(':index', '0');

export const PAGES = ROUTES.map((r) => ({ path: addressOf(r.path), role: roleOf(r.path, r.open, r.authority) }));
const ROLES = [...new Set(PAGES.map((p) => p.role))];

interface Finding {
  theme: string;
  path: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** What axe saw at the first few elements (colours and ratio for contrast), for the report. */
  samples: string[];
}

/** Waits until the page has drawn its data: no spinner, no skeleton, fonts ready. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, { timeout: 15_000 })
    .catch(() => undefined); // a page that keeps a spinner is still checked as it stands
  await page.evaluate(() => document.fonts.ready);
}

async function audit(browser: Browser, dark: boolean, role: Role, paths: string[]): Promise<Finding[]> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  await context.addInitScript((isDark) => localStorage.setItem('factoringdarkTheme', String(isDark)), dark);
  const page = await context.newPage();
  if (role !== 'visitor') await loginThroughPage(page, DEMO[role]);
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    // Legacy mode runs axe inside each frame through Playwright: the sandboxed /sys/embed frame runs
    // no scripts of its own, so the default mode (which opens a helper tab) cannot reach it.
    const { violations } = await new AxeBuilder({ page })
      .withTags(WCAG)
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const v of violations.filter((x) => BLOCKING.has(x.impact ?? '')))
      findings.push({
        theme: dark ? 'dark' : 'light',
        path,
        rule: v.id,
        impact: v.impact!,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        samples: v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 160)} ${JSON.stringify(n.any[0]?.data ?? '')}`),
      });
  }
  await context.close();
  return findings;
}

/** A role's pages in groups small enough for one test each (one login per group). */
const GROUP = 10;
const groups = ROLES.flatMap((role) => {
  const paths = PAGES.filter((p) => p.role === role).map((p) => p.path);
  return Array.from({ length: Math.ceil(paths.length / GROUP) }, (_, i) => ({
    role,
    part: i + 1,
    paths: paths.slice(i * GROUP, (i + 1) * GROUP),
  }));
});

/** One test per group of a role's pages in one theme: no serious or critical violation. */
export function auditEveryPage(dark: boolean) {
  for (const { role, part, paths } of groups)
    test(`no serious or critical WCAG 2.1 A/AA violation: ${role}'s pages (${part}), ${dark ? 'dark' : 'light'}`, async ({ browser }) => {
      test.setTimeout(240_000);
      const findings = await audit(browser, dark, role, paths);
      if (process.env.A11Y_REPORT)
        writeFileSync(`${process.env.A11Y_REPORT}-${role}-${part}-${dark ? 'dark' : 'light'}.json`, JSON.stringify(findings, null, 1));
      const summary = findings.map((f) => `${f.path} [${f.theme}] ${f.rule} (${f.impact}): ${f.targets.slice(0, 3).join(' | ')}`);
      expect(summary, `pages checked: ${paths.join(' ')}`).toEqual([]);
    });
}

export { ROUTES };
