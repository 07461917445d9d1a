/** scripts/build-server.mjs, for the TypeScript that builds and starts the bundled server (tests, journeys). */
export const DEFAULT_SERVER_BUNDLE: string;
/** A bundle of its own for one run: `apps/server/dist/<name>`. */
export function runBundleFolder(name: string): string;
/** Bundles the server into `outdir` (emptied first); resolves to the folder. */
export function buildServer(outdir?: string): Promise<string>;
/** The file that starts `entry` (`main`, `cli/backup`, `test/build-template`, …) from a bundle. */
export function bundledCommand(outdir: string, entry: string): string;
