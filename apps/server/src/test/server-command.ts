import { inject } from 'vitest';
import { bundledCommand } from '../../../../scripts/build-server.mjs';

/**
 * What starts `entry` (`main`, `cli/backup`, …) as a process of its own in a test: `node` with these arguments, from the
 * server the run's global set-up bundled (scripts/build-server.mjs; issue 34: a portal's start to /readyz costs 4.0 CPU s from it against 9.6 through tsx,
 * bench/server-start.ts).
 */
export function serverCommand(entry: string): string[] {
  const template = inject('testTemplate');
  if (!template) throw new Error('no server bundle: run the API tests through vitest.config.ts (its globalSetup builds it)');
  return [bundledCommand(template.serverBundle, entry)];
}
