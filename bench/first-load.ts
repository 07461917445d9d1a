import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const FIRST_LOAD_BUDGET_KB = 200;

/**
 * JavaScript a browser downloads before a page shows: the entry with its static imports, plus the
 * lazy chunks the page's route loads (and their static imports).
 */
export function firstLoadKb(distDir: string, pageSources: string[]): { kb: number; files: number } {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest: build the web app first');
  visit(entry);
  for (const src of pageSources) {
    const key = Object.keys(manifest).find((k) => k.endsWith(src));
    if (!key) throw new Error(`page ${src} is not in the build`);
    visit(key);
  }
  let bytes = 0;
  for (const key of seen) bytes += gzipSync(readFileSync(path.join(distDir, manifest[key].file))).length;
  return { kb: bytes / 1024, files: seen.size };
}

/** The public pages of the budget and the lazy chunks each one needs to render. */
export const PUBLIC_PAGES: Record<string, string[]> = {
  '/ (landing)': ['src/app/HomePage.tsx', 'src/features/trade/LandingPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx'],
};
