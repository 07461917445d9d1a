import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const root = mkdtempSync(path.join(tmpdir(), 'fp-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second holder, naming the first (pid, command, start time), until it is released', () => {
    const file = path.join(root, 'a.lock');
    const first = acquireDataDirLock(file);
    let refused: unknown;
    try {
      acquireDataDirLock(file);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    const e = refused as DataDirLockedError;
    expect(e.holder.pid).toBe(process.pid);
    expect(e.message).toContain(`pid ${process.pid}`);
    expect(e.message).toContain(first.holder.startedAt);
    expect(e.message).toContain(`kill ${process.pid}`);
    first.advertise('http://127.0.0.1:8080');
    expect(JSON.parse(readFileSync(file, 'utf8')).url).toBe('http://127.0.0.1:8080');
    first.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file).release();
  });

  it('replaces the lock of a process that died', () => {
    const file = path.join(root, 'b.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(
      file,
      JSON.stringify({ pid: Number(dead), host: hostname(), command: 'node crashed', startedAt: '2026-01-01T00:00:00Z', token: 'x' }),
    );
    const lock = acquireDataDirLock(file);
    expect(lock.holder.pid).toBe(process.pid);
    lock.release();
  });

  it('a second process opening a held PGlite directory leaves the files untouched', async () => {
    const dir = path.join(root, 'pglite');
    const held = acquireDataDirLock(`${dir}.lock`);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(existsSync(dir)).toBe(false); // nothing was created or opened
    held.release();
    const database = await openPglite(dir);
    expect(database.lock?.holder.pid).toBe(process.pid);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another process/);
    await database.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
