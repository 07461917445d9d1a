/** Issue 10 holes 1 and 11: what a production configuration must say, and what development derives. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const SECRET = { SIGNING_KEY_SECRET: 'a-production-signing-secret' };

describe('production configuration', () => {
  it('refuses to start without SIGNING_KEY_SECRET in production, and takes no short one (issue 26)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.cn' })).toThrow(
      /SIGNING_KEY_SECRET is required/,
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.cn', SIGNING_KEY_SECRET: 'short' })).toThrow(/at least 16/);
    expect(loadConfig({}).SIGNING_KEY_SECRET).toBe('development-only-signing-secret');
  });

  it('refuses to start without PUBLIC_ORIGIN in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN is required/);
  });

  it('treats PostgreSQL without NODE_ENV as production', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db.internal/portal' })).toThrow(/PUBLIC_ORIGIN is required/);
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db.internal/portal', PUBLIC_ORIGIN: 'https://portal.example.cn', ...SECRET });
    expect(config).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: false, publicOrigins: ['https://portal.example.cn'] });
  });

  it('never seeds the demo world in production, and refuses to be told to', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.cn', ...SECRET }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.cn', SEED_DEMO: 'true', ...SECRET })).toThrow(
      /SEED_DEMO/,
    );
  });

  it('refuses a PUBLIC_ORIGIN that is not an origin', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.cn/path' })).toThrow(/not an origin/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'portal.example.cn' })).toThrow(/not an origin/);
  });
});

describe('development configuration', () => {
  it('derives the public origin once from PORT and seeds the demo on the embedded database', () => {
    expect(loadConfig({ PORT: '9090' })).toMatchObject({
      NODE_ENV: 'development',
      SEED_DEMO: true,
      publicOrigins: ['http://localhost:9090', 'http://127.0.0.1:9090'],
    });
  });

  it('does not seed the demo on PostgreSQL unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://localhost/dev' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://localhost/dev', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('keeps configured origins without a trailing slash; the first builds links', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://a.example.cn/, http://b.example.cn:8443' }).publicOrigins).toEqual([
      'https://a.example.cn',
      'http://b.example.cn:8443',
    ]);
  });
});

describe('the commit /version reports (issue 37)', () => {
  it('is GIT_COMMIT when given, else the commit the web build stamped, else dev', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fp-dist-'));
    try {
      expect(loadConfig({ WEB_DIST: dist }).GIT_COMMIT).toBe('dev');
      writeFileSync(path.join(dist, '.build-stamp.json'), JSON.stringify({ hash: 'x', commit: '805f273aa' }));
      expect(loadConfig({ WEB_DIST: dist }).GIT_COMMIT).toBe('805f273aa');
      expect(loadConfig({ WEB_DIST: dist, GIT_COMMIT: 'abc1234' }).GIT_COMMIT).toBe('abc1234');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
