import { expect, test } from '@playwright/test';
import { auditEveryPage, PAGES, ROUTES } from './accessibility.ts';

// Issue 24: a third of the page groups, both themes, and the route coverage (the others: accessibility-2 and -3.spec.ts,
// so that the journey shards can share them out by time, issue 34).
auditEveryPage(0, 3);

test('the accessibility journey covers every route of the route table', () => {
  expect(PAGES.length).toBe(ROUTES.length);
  expect(PAGES.length).toBeGreaterThanOrEqual(73);
});
