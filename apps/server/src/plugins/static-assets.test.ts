import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { IMMUTABLE, inlineScriptHashes, negotiate, withScriptSources } from './static-assets.ts';

/** A build as Vite makes it: hashed assets with precompressed siblings, index.html, a public file. */
const dist = mkdtempSync(path.join(tmpdir(), 'fp-dist-'));
const script = `console.log(${JSON.stringify('资金'.repeat(400))});`;
const themeScript = "document.documentElement.dataset.theme='dark'";
const html = `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>`;
const home =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root" data-frame="visitor-home"><h1>供应链金融服务平台</h1></div></body></html>';
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'help'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, 'index.html'), html);
writeFileSync(path.join(dist, 'home.html'), home);
writeFileSync(path.join(dist, 'assets/index-AbCd1234.js'), script);
writeFileSync(path.join(dist, 'assets/index-AbCd1234.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets/index-AbCd1234.js.gz'), gzipSync(script));
writeFileSync(path.join(dist, 'help/index.html'), '<p>帮助</p>');
writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('static assets', () => {
  it('sends the brotli or gzip file the browser accepts, with Vary, cached for a year when hashed', async () => {
    const br = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const refused = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('keeps document headers (CSP, frame) on HTML only; a script gets nosniff without ~1 KB of them', async () => {
    const js = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'br' });
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('answers index.html with no-cache for / and every client route, 304 when unchanged', async () => {
    const root = await get('/', { cookie: 'factoring_sid=abc' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.body).toBe(html);
    const route = await get('/supplyloan/myfinancing?id=3');
    expect(route.body).toBe(html);
    const again = await get('/user/moneySummary', { 'if-none-match': String(root.headers.etag) });
    expect(again.statusCode).toBe(304);
    const help = await get('/help/index.html');
    expect([help.body, help.headers['cache-control']]).toEqual(['<p>帮助</p>', 'no-cache']);
  });

  it('answers / with the pre-rendered landing without a session cookie, the app frame with one (Vary: Cookie)', async () => {
    const visitor = await get('/', { cookie: 'theme=dark' });
    expect(visitor.body).toBe(home);
    expect(visitor.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const member = await get('/', { cookie: 'theme=dark; factoring_sid=abc' });
    expect(member.body).toBe(html);
    expect(member.headers.vary).toBe('Accept-Encoding, Cookie');
    // Any other path gets the app's frame, cookie or not.
    expect((await get('/login')).body).toBe(html);
    // A visitor's cached landing is not taken for the logged-in document.
    const again = await get('/', { cookie: 'factoring_sid=abc', 'if-none-match': String(visitor.headers.etag) });
    expect(again.statusCode).toBe(200);
  });

  it("allows the document's own inline script by its hash in the CSP, and no other", async () => {
    const [hash] = inlineScriptHashes(html);
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const page = await get('/login');
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hash}`);
    // home.html has no inline script: its CSP stays as it was.
    expect(String((await get('/')).headers['content-security-policy'])).not.toContain('sha256-');
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>')).toEqual([]);
    expect(withScriptSources("default-src 'self';script-src 'self';style-src 'self'", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';style-src 'self'",
    );
  });

  it('never answers a missing script or an unknown API path with index.html', async () => {
    const missing = await get('/assets/index-OldHash9.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'ERROR' });
    const internal = await get('/.vite/manifest.json');
    expect(internal.body).toBe(html); // build internals are not served
  });

  it('negotiates by q-values and what exists', () => {
    const all = { identity: Buffer.from(''), br: Buffer.from(''), gzip: Buffer.from('') };
    expect(negotiate('br, gzip', all)).toBe('br');
    expect(negotiate('gzip;q=1, br;q=0', all)).toBe('gzip');
    expect(negotiate('*', all)).toBe('br');
    expect(negotiate('identity', all)).toBe('identity');
    expect(negotiate('br', { identity: Buffer.from('') })).toBe('identity');
    expect(negotiate(undefined, all)).toBe('identity');
  });
});
