import { expect, test } from '@playwright/test';
import { auditEveryPage, PAGES, ROUTES } from './accessibility.ts';

// Issue 24, the light theme (the dark one: accessibility-dark.spec.ts).
auditEveryPage(false);

test('the accessibility journey covers every route of the route table', () => {
  expect(PAGES.length).toBe(ROUTES.length);
  expect(PAGES.length).toBeGreaterThanOrEqual(73);
});
