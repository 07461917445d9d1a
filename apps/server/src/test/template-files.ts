import path from 'node:path';

/** The signing secret of the seeded templates and of every app the harness builds on them (issue 26). */
export const TEMPLATE_SIGNING_SECRET = 'test-signing-key-secret';

export type Engine = 'pglite' | 'postgres';

/** What one engine's template leaves in its folder (test/build-template.ts writes, test/harness.ts reads). */
export function templateFiles(folder: string) {
  return {
    folder,
    /** The DATA_DIR the seed wrote: each worker copies it. */
    dataDir: path.join(folder, 'data'),
    /** PGlite's data directory as an uncompressed tarball (`dumpDataDir('none')`). */
    pgliteDump: path.join(folder, 'pglite.tar'),
    ready: path.join(folder, 'ready'),
    failed: path.join(folder, 'failed'),
    log: path.join(folder, 'build.log'),
  };
}

/** What the global set-up provides to the workers (vitest `provide`/`inject`). */
export interface TestTemplate {
  engine: Engine;
  folder: string;
  /** PostgreSQL only: the template database each file's database is created from. */
  database?: string;
  /** The server bundled for this run (scripts/build-server.mjs): what a test's own processes start. */
  serverBundle: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate?: TestTemplate;
  }
}
