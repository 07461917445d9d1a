import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { TEMPLATE_SIGNING_SECRET } from './template-files.ts';

// On PostgreSQL the journeys' world is a copy of the seeded template (scripts/test-all.mjs, issue 34): its signing root is
// encrypted with the template's secret, so the journeys' servers must start with the same one or refuse to sign.
it("the journeys' servers hold the seeded template's signing secret", () => {
  const journeyServerEnv = JSON.parse(readFileSync(new URL('../../../../e2e/server-env.json', import.meta.url), 'utf8'));
  expect(journeyServerEnv.SIGNING_KEY_SECRET).toBe(TEMPLATE_SIGNING_SECRET);
});
