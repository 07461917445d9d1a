import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';
import { PNG_1X1, uploadPng } from '../uploads/testing.ts';
import { openDatabase } from '../../db/client.ts';
import { BackupError, readJournal } from './archive-format.ts';
import { migrateTo, restoreBackup } from './restore-backup.ts';
import { takeBackup, type BackupResult } from './take-backup.ts';
import { freshTarget, startPortal } from './testing.ts';

/**
 * Issue 25, done when: a backup taken while transfers run restores into a fresh target; the portal
 * started there has every transfer answered OK before the backup began, balanced money and stock
 * ledgers and every contract file verifying against its hash; a target holding data is refused; a
 * tampered archive is refused. On PostgreSQL (TEST_DB=postgres) the transfers really run beside the
 * snapshot on other connections; on PGlite they wait for it and are answered afterwards.
 */
const engine = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
const work = mkdtempSync(path.join(tmpdir(), 'fp-backup-test-'));
const archive = path.join(work, 'nested', 'portal.tar.gz');
const targets: { drop(): Promise<void> }[] = [];
let backup: BackupResult;
let uploadId: number;

type Answer<T = unknown> = { status: string; message: T };
const body = <T>(res: { json(): unknown }) => res.json() as Answer<T>;
type Balance = { available: number; accountNo: string; accountName: string };
const balanceOf = async (c: TestClient) => body<Balance>(await c.get('/api/account/v2/queryAccountBalance')).message;
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

async function until(what: () => boolean, label: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function target() {
  const tg = await freshTarget();
  targets.push(tg);
  return tg;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  for (const tg of targets) await tg.drop();
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${engine})`, () => {
  it('backs up while transfers run; the portal started on the restored copy has every transfer answered before, balanced ledgers and verified files', async () => {
    const demo = await t.loginAs('demo');
    const gouxiao = await t.loginAs('gouxiao');
    uploadId = await uploadPng(t, demo);
    const d = await balanceOf(demo);
    const g = await balanceOf(gouxiao);
    expect(d.available).toBeGreaterThan(1_000_000);
    expect(g.available).toBeGreaterThan(1_000_000);

    const password = t.encrypt(DEMO_PASSWORD);
    const answered: { refNo: string; at: number }[] = [];
    const refused: Answer[] = [];
    let stop = false;
    const transfers = async (from: TestClient, to: Balance) => {
      while (!stop) {
        const r = body<{ refNo: string }>(
          await from.post(
            '/api/funds/transfer',
            { payeeAccountNo: to.accountNo, payeeName: to.accountName, amount: 1_000, password, idempotencyKey: newKey() },
            { json: true },
          ),
        );
        if (r.status === 'OK') answered.push({ refNo: r.message.refNo, at: Date.now() });
        else refused.push(r);
      }
    };
    const running = [transfers(demo, g), transfers(gouxiao, d), transfers(demo, g)];
    await until(() => answered.length >= 9, 'transfers before the backup');

    // Everything answered OK up to this instant must be in the backup.
    const before = [...answered];
    const began = Date.now();
    backup = await takeBackup(t.database.db, { file: archive, dataDir: t.config.DATA_DIR, commit: 'test' });
    const during = answered.filter((a) => a.at >= began).length;
    // The portal kept serving: transfers go on after the backup too.
    const after = answered.length;
    await until(() => answered.length >= after + 6, 'transfers after the backup');
    stop = true;
    await Promise.all(running);
    expect(refused).toEqual([]);

    expect(backup.problems).toEqual([]);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(backup.engine).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    expect(backup.journalEntries).toBeGreaterThan(before.length);
    expect(backup.stockMovements).toBeGreaterThan(0);
    // The demo world's contracts (originals and signed versions) and the upload above.
    expect(backup.files).toBeGreaterThanOrEqual(4);
    console.info(
      `[backup] ${engine}: ${backup.rows} rows in ${backup.tables} tables, ${backup.files} files, ${backup.size} bytes; snapshot ${backup.snapshotMs} ms, total ${backup.ms} ms; transfers answered before ${before.length}, during ${during}, after ${answered.length - after}`,
    );

    // The manifest: version, migration, time, ledger counts and a SHA-256 for every member.
    const listing = mkdtempSync(path.join(work, 'list-'));
    await tar.x({ file: archive, cwd: listing });
    const manifest = JSON.parse(readFileSync(path.join(listing, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'factoring-portal-backup/1',
      portal: { version: expect.any(String), commit: 'test' },
      migration: { latest: expect.stringMatching(/^\d{4}_/) },
      ledgers: { journalEntries: backup.journalEntries, journalLines: backup.journalLines, stockMovements: backup.stockMovements },
    });
    expect(manifest.entries.every((e: { sha256: string }) => /^[0-9a-f]{64}$/.test(e.sha256))).toBe(true);
    expect(manifest.files.filter((f: { kind: string }) => f.kind === 'contract-signed').length).toBeGreaterThan(0);

    const tg = await target();
    const report = await restoreBackup(archive, tg);
    expect(report.problems).toEqual([]);
    expect(report.laterMigrations).toEqual([]);
    expect(report.ledger.entries).toBe(backup.journalEntries);
    expect(report.stock.movements).toBe(backup.stockMovements);
    expect(report.storedFiles.problems).toEqual([]);
    expect(report.storedFiles.contractFiles + report.storedFiles.uploads).toBe(backup.files);

    const portal = await startPortal(tg);
    try {
      const restoredDemo = await portal.loginAs('demo');
      const restoredGouxiao = await portal.loginAs('gouxiao');
      for (const a of before) {
        // Each transfer is one entry both enterprises see (payer and payee).
        for (const who of [restoredDemo, restoredGouxiao]) {
          const r = body<{ refNo: string }>(await who.get('/api/funds/result', { refNo: a.refNo }));
          expect(r, `transfer ${a.refNo} answered OK before the backup`).toMatchObject({ status: 'OK', message: { refNo: a.refNo } });
        }
      }
      const file = await restoredDemo.get(`/api/uploads/${uploadId}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);

      const operator = await portal.loginAs('operator');
      expect(body<{ problems: string[] }>(await operator.get('/api/bpm/funds/ledger-check')).message.problems).toEqual([]);
      expect(body<{ problems: string[] }>(await operator.get('/api/bpm/warehouse/stock-check')).message.problems).toEqual([]);
      const list = body<{ items: { id: number }[]; totalCount: number }>(
        await operator.get('/api/contracts', { page: 1, size: 100 }),
      ).message;
      expect(list.totalCount).toBeGreaterThan(0);
      expect(list.items).toHaveLength(list.totalCount);
      let signed = 0;
      for (const c of list.items) {
        const v = body<{ verdict: string; signed: unknown }>(await operator.get(`/api/contracts/${c.id}/verification`)).message;
        expect(v.verdict, `contract ${c.id}`).toBe('MATCH');
        if (v.signed) signed++;
      }
      expect(signed).toBeGreaterThan(0);

      // The sequences continue after the restored rows: the next entry cannot collide with a restored one.
      const [seq] = rowsOf(
        await portal.database.db.execute(
          sql`select (select max(id) from journal_entries) as max_id, (select last_value from journal_entries_id_seq) as last_value`,
        ),
      );
      expect(Number(seq.last_value)).toBeGreaterThanOrEqual(Number(seq.max_id));
    } finally {
      await portal.close();
    }

    // A target holding data is refused, and left as it was.
    const entries = async () => {
      const p = await startPortal(tg);
      try {
        return Number(rowsOf(await p.database.db.execute(sql`select count(*)::int as n from journal_entries`))[0].n);
      } finally {
        await p.close();
      }
    };
    const held = await entries();
    await expect(restoreBackup(archive, tg)).rejects.toMatchObject({ code: 'RESTORE_TARGET_NOT_EMPTY' });
    expect(await entries()).toBe(held);
  }, 300_000);

  it('restores a backup taken at an older migration and applies the later ones', async () => {
    const { entries } = readJournal();
    const level = entries.length - 1;
    const older = await target();
    const database = await openDatabase({ databaseUrl: older.databaseUrl, dataDir: older.dataDir });
    const file = path.join(work, 'older.tar.gz');
    try {
      await migrateTo(database, level);
      const r = await takeBackup(database.db, { file, dataDir: older.dataDir });
      expect(r.migration).toBe(entries[level - 1].tag);
    } finally {
      await database.close();
    }
    const report = await restoreBackup(file, await target());
    expect(report.backup.migration).toBe(entries[level - 1].tag);
    expect(report.laterMigrations).toEqual([entries[level].tag]);
    expect(report.problems).toEqual([]);
  }, 120_000);

  it('refuses a target whose files folder already holds files', async () => {
    const tg = await target();
    writeFileSync(path.join(tg.dataDir, 'stray.txt'), 'not in the way');
    mkdirSync(path.join(tg.dataDir, 'contracts'));
    writeFileSync(path.join(tg.dataDir, 'contracts', 'old.pdf'), '%PDF-1.4');
    await expect(restoreBackup(archive, tg)).rejects.toMatchObject({ code: 'RESTORE_TARGET_NOT_EMPTY' });
  }, 60_000);

  it('refuses a tampered archive and writes nothing to the target', async () => {
    const unpacked = mkdtempSync(path.join(work, 'tamper-'));
    await tar.x({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as { entries: { path: string }[] };
    const repack = async (name: string) => {
      const out = path.join(work, name);
      await tar.c({ gzip: true, file: out, cwd: unpacked }, ['manifest.json', ...manifest.entries.map((e) => e.path)]);
      return out;
    };

    // One amount changed in the money ledger.
    const linesFile = path.join(unpacked, 'db', 'journal_lines.jsonl');
    const lines = readFileSync(linesFile, 'utf8');
    const changed = lines.replace(/"amount":(\d+)/, (_m, n: string) => `"amount":${Number(n) + 100}`);
    expect(changed).not.toBe(lines);
    writeFileSync(linesFile, changed);
    const tg = await target();
    const err = await restoreBackup(await repack('ledger-changed.tar.gz'), tg).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err).toMatchObject({ code: 'BACKUP_TAMPERED', message: expect.stringContaining('db/journal_lines.jsonl') });
    writeFileSync(linesFile, lines);

    // A signed contract's PDF replaced.
    const signed = (
      JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as { files: { kind: string; path: string }[] }
    ).files.find((f) => f.kind === 'contract-signed')!;
    writeFileSync(
      path.join(unpacked, ...signed.path.split('/')),
      Buffer.concat([readFileSync(path.join(unpacked, ...signed.path.split('/'))), Buffer.from('\n%%EOF\n')]),
    );
    await expect(restoreBackup(await repack('contract-changed.tar.gz'), tg)).rejects.toMatchObject({ code: 'BACKUP_TAMPERED' });

    // Not an archive at all.
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'hello');
    await expect(restoreBackup(junk, tg)).rejects.toMatchObject({ code: 'BACKUP_UNREADABLE' });

    // An existing backup is never overwritten.
    await expect(takeBackup(t.database.db, { file: archive, dataDir: t.config.DATA_DIR })).rejects.toMatchObject({
      code: 'BACKUP_FILE_EXISTS',
    });

    // Nothing was written: the same target takes the untouched archive.
    const report = await restoreBackup(archive, tg);
    expect(report.problems).toEqual([]);
  }, 180_000);
});
