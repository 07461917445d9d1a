import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './auth.ts';

/**
 * The built web app served as a CDN would serve it (issue 11):
 * - the build's precompressed `.br` / `.gz` siblings by content negotiation (`Vary: Accept-Encoding`);
 * - hashed files under `assets/` cached for a year, immutable; `index.html`, the SPA fallback and
 *   the other unhashed files `no-cache` with an ETag, so a new release shows on the next visit;
 * - every file read once at start-up and kept in memory (the build is a few MB): no disk I/O or
 *   stat per request, and a rebuild under a running server cannot mix two releases.
 * - `/` without a session cookie is answered with the build's `home.html` (the landing page already in
 *   it, issue 38): a visitor's first paint does not wait for the app. With a cookie, `index.html`.
 * - an HTML document's inline scripts (the one-line theme script of index.html) are allowed by their
 *   SHA-256 in its CSP's `script-src`, computed from the file: no other inline script runs.
 * Static requests are logged at `warn` only, so the info log keeps to API calls.
 */

type Encoding = 'br' | 'gzip' | 'identity';

interface Asset {
  type: string;
  etag: string;
  cacheControl: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** An HTML document's inline scripts as CSP sources (`'sha256-…'`). */
  scriptHashes?: string[];
}

/** The CSP sources of an HTML document's inline scripts (those without `src`), by their SHA-256. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The CSP with the given sources added to `script-src` (which helmet always sets). */
export function withScriptSources(csp: string, sources: string[]): string {
  if (!sources.length) return csp;
  return csp
    .split(';')
    .map((d) => (d.trim().toLowerCase().startsWith('script-src ') ? `${d.trimEnd()} ${sources.join(' ')}` : d))
    .join(';');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.map': 'application/json; charset=utf-8',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Vite names hashed output `assets/<name>-<hash>.<ext>`: only those may be cached for ever. */
const isHashed = (rel: string) => rel.startsWith('assets/') && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(rel);

function walk(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json and other build internals stay private
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(root, rel));
    else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Loads the build into memory: every file with its precompressed siblings, when the build made them. */
export function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const rel of walk(root)) {
    const file = path.join(root, rel);
    const identity = readFileSync(file);
    const bodies: Asset['bodies'] = { identity };
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      try {
        if (statSync(file + suffix).isFile()) bodies[encoding] = readFileSync(file + suffix);
      } catch {
        // no precompressed sibling: served as is
      }
    }
    assets.set(`/${rel}`, {
      type: TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
      cacheControl: isHashed(rel) ? IMMUTABLE : NO_CACHE,
      bodies,
      ...(rel.endsWith('.html') ? { scriptHashes: inlineScriptHashes(identity.toString('utf8')) } : {}),
    });
  }
  return assets;
}

/** The best encoding the client accepts among those we have (brotli first); q=0 refuses one. */
export function negotiate(acceptEncoding: string | undefined, available: Asset['bodies']): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (available.br && ok('br')) return 'br';
  if (available.gzip && ok('gzip')) return 'gzip';
  return 'identity';
}

const safeDecode = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};

/**
 * Document-level security headers (helmet) mean nothing on a script or a stylesheet, yet cost ~900
 * bytes on every one of them; a page's documents (HTML) keep them all, other files keep nosniff and CORP.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, vary = 'Accept-Encoding') {
  if (!asset.type.startsWith('text/html')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && asset.scriptHashes?.length)
    reply.header('content-security-policy', withScriptSources(csp, asset.scriptHashes));
  reply.header('cache-control', asset.cacheControl).header('etag', asset.etag).header('vary', vary);
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const encoding = negotiate(request.headers['accept-encoding'], asset.bodies);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(asset.type).send(asset.bodies[encoding]);
}

/**
 * Serves the web build under `/` and answers every other GET outside `/api/` with `index.html`
 * (the router decides what to show). Registered last; `/api/*` misses stay JSON 404s.
 */
export const staticAssetsPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const assets = loadAssets(opts.root);
  const index = assets.get('/index.html');
  if (!index) throw new Error(`no index.html in ${opts.root}: build the web app first`);
  const visitorHome = assets.get('/home.html');
  /** A cookie header naming the session cookie (its value is the auth plugin's to judge). */
  const session = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;]`);

  app.get('/*', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0]);
    if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
    // `/` depends on the cookie: the landing page for a visitor, the app's frame for a session.
    if (pathname === '/' && visitorHome)
      return send(request, reply, session.test(request.headers.cookie ?? '') ? index : visitorHome, 'Accept-Encoding, Cookie');
    const asset = assets.get(pathname);
    if (asset) return send(request, reply, asset);
    // A missing hashed file is an old release's chunk: a 404, not index.html parsed as script.
    if (pathname.startsWith('/assets/'))
      return reply.code(404).header('cache-control', NO_CACHE).send({ status: 'ERROR', message: '文件不存在' });
    return send(request, reply, index);
  });
});
