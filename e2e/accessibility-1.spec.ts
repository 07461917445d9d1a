import { expect, test } from '@playwright/test';
import { auditEveryPage, PAGES, ROUTES } from './accessibility.ts';

// Issue 24: the first half of the page groups, both themes, and the route coverage (the other half: accessibility-2.spec.ts).
auditEveryPage(0, 2);

test('the accessibility journey covers every route of the route table', () => {
  expect(PAGES.length).toBe(ROUTES.length);
  expect(PAGES.length).toBeGreaterThanOrEqual(73);
});
