import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { restoreBackup } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';
import { freshTarget } from './testing.ts';

/**
 * Issue 33: a backup cannot be forged. The manifest carries an HMAC-SHA256 under a key derived from
 * SIGNING_KEY_SECRET; an archive with an added operator row and every hash recomputed, one without
 * the HMAC, and one from a deployment with another secret are refused with nothing written; a good
 * one restores. No private key is in clear in the archive or the database (the login RSA key is
 * encrypted like the signing keys). On PGlite and PostgreSQL.
 */
const engine = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
const work = mkdtempSync(path.join(tmpdir(), 'fp-backup-auth-'));
const archive = path.join(work, 'portal.tar.gz');
const targets: { drop(): Promise<void> }[] = [];
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const CLEAR_PRIVATE_KEY = /-----BEGIN (RSA )?PRIVATE KEY-----/;

type Manifest = {
  entries: { path: string; size: number; sha256: string }[];
  tables: { name: string; rows: number; path: string }[];
  authentication?: { hmac: string };
};

async function target() {
  const tg = await freshTarget();
  targets.push(tg);
  return tg;
}

/** What is in the target's files folder (the restore writes uploads and contracts there). */
const filesIn = (dir: string) => readdirSync(dir, { recursive: true }).length;

beforeAll(async () => {
  t = await createTestApp();
  await takeBackup(t.database.db, { file: archive, dataDir: t.config.DATA_DIR, commit: 'test' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const tg of targets) await tg.drop();
  rmSync(work, { recursive: true, force: true });
});

/** Unpacks the archive, lets `change` edit it (manifest included), and packs it again. */
async function repacked(name: string, change: (dir: string, manifest: Manifest) => Manifest) {
  const dir = mkdtempSync(path.join(work, 'x-'));
  await tar.x({ file: archive, cwd: dir });
  const manifest = change(dir, JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const out = path.join(work, name);
  await tar.c({ gzip: true, file: out, cwd: dir }, ['manifest.json', ...manifest.entries.map((e) => e.path)]);
  return out;
}

/** The attack of issue 33: one more operator in db/users.jsonl, its hash, size and row count recomputed in the manifest. */
const addOperator = (dir: string, manifest: Manifest): Manifest => {
  const file = path.join(dir, 'db', 'users.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const operator = JSON.parse(lines.find((l) => JSON.parse(l).login_name === 'operator')!) as Record<string, unknown>;
  const maxId = Math.max(...lines.map((l) => Number(JSON.parse(l).id)));
  const intruder = { ...operator, id: maxId + 1, login_name: 'intruder', mobile: '13900009999', email: 'intruder@example.cn' };
  writeFileSync(file, [...lines, JSON.stringify(intruder)].join('\n') + '\n');
  const bytes = readFileSync(file);
  return {
    ...manifest,
    entries: manifest.entries.map((e) =>
      e.path === 'db/users.jsonl' ? { ...e, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } : e,
    ),
    tables: manifest.tables.map((tb) => (tb.name === 'users' ? { ...tb, rows: tb.rows + 1 } : tb)),
  };
};

describe(`a backup cannot be forged (${engine})`, () => {
  it('the manifest carries an HMAC-SHA256 under a key derived from SIGNING_KEY_SECRET', async () => {
    const dir = mkdtempSync(path.join(work, 'list-'));
    await tar.x({ file: archive, cwd: dir });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest & Record<string, unknown>;
    expect(manifest.authentication).toMatchObject({
      algorithm: 'HMAC-SHA256',
      key: expect.stringContaining('factoring-portal backup manifest v1'),
      hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The key is derived, never written.
    expect(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).not.toContain(t.config.SIGNING_KEY_SECRET);
  });

  it('refuses an archive with an added operator row and recomputed hashes, one without an HMAC, and one from another secret; writes nothing', async () => {
    const tg = await target();
    const forged = await repacked('forged.tar.gz', addOperator);
    await expect(restoreBackup(forged, tg)).rejects.toMatchObject({
      code: 'BACKUP_TAMPERED',
      message: expect.stringContaining('签名（HMAC）校验不通过'),
    });

    const unsigned = await repacked('unsigned.tar.gz', (dir, m) => {
      const { authentication: _drop, ...rest } = addOperator(dir, m);
      return rest;
    });
    await expect(restoreBackup(unsigned, tg)).rejects.toMatchObject({
      code: 'BACKUP_UNSIGNED',
      message: expect.stringContaining('没有签名'),
    });

    // A backup made by another deployment (another SIGNING_KEY_SECRET) is refused here, and the other way round.
    const foreign = path.join(work, 'foreign.tar.gz');
    await takeBackup(t.database.db, { file: foreign, dataDir: t.config.DATA_DIR, secret: 'another-deployments-secret' });
    await expect(restoreBackup(foreign, tg)).rejects.toMatchObject({
      code: 'BACKUP_TAMPERED',
      message: expect.stringContaining('SIGNING_KEY_SECRET'),
    });
    await expect(restoreBackup(archive, tg, { secret: 'another-deployments-secret' })).rejects.toMatchObject({
      code: 'BACKUP_TAMPERED',
    });

    // Nothing was written to the target: its folder is empty and the good archive restores into it.
    expect(filesIn(tg.dataDir)).toBe(0);
    const report = await restoreBackup(archive, tg);
    expect(report.problems).toEqual([]);
    expect(report.backup.portal.commit).toBe('test');
  }, 240_000);

  it('holds no private key in clear: not in the archive, not in the database', async () => {
    const tarBytes = gunzipSync(readFileSync(archive)).toString('latin1');
    expect(tarBytes).toContain('rsa_keys');
    expect(CLEAR_PRIVATE_KEY.test(tarBytes), 'a private key in clear in the archive').toBe(false);
    const [row] = rowsOf(await t.database.db.execute(sql`select private_key_pem from rsa_keys`));
    expect(String(row.private_key_pem)).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(String(row.private_key_pem)).not.toMatch(CLEAR_PRIVATE_KEY);
    expect(statSync(archive).size).toBeGreaterThan(0);
  });
});
