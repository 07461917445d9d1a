import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatChinaDateTime } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Db, Tx } from '../../db/client.ts';
import * as clock from '../../lib/clock.ts';
import {
  archivePathOf,
  BACKUP_FORMAT,
  BackupError,
  configuredBackupSecret,
  MANIFEST,
  portalVersion,
  readJournal,
  sha256Of,
  signManifest,
  storedFilePath,
  type BackupManifest,
  type ManifestEntry,
} from './archive-format.ts';

export interface BackupOptions {
  /** The archive to write (a .tar.gz); its folder is created. An existing file is refused. */
  file: string;
  /** DATA_DIR: where uploads and contract files live. */
  dataDir: string;
  /** Reported in the manifest (GIT_COMMIT). */
  commit?: string;
  /** Rows fetched per round trip inside the snapshot. */
  batchRows?: number;
  /** Authenticates the manifest (its HMAC key is derived from it); unset: SIGNING_KEY_SECRET as configured. */
  secret?: string;
}

/** What a backup reports: the commands print it, the scheduled job and the operator home keep it. */
export interface BackupResult {
  file: string;
  size: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  migration: string | null;
  tables: number;
  rows: number;
  files: number;
  journalEntries: number;
  journalLines: number;
  stockMovements: number;
  /** Stored files missing or not matching their record at the time of the backup (the archive is still written). */
  problems: string[];
  /** How long the database snapshot was held open, and the whole backup. */
  snapshotMs: number;
  ms: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Snapshot {
  engine: 'pglite' | 'postgres';
  serverVersion: string;
  tags: string[];
  tables: { name: string; rows: number; path: string; entry: ManifestEntry }[];
  sequences: { name: string; lastValue: number | null }[];
  files: BackupManifest['files'];
  createdAt: Date;
}

/** Which applied migrations the database records, as journal tags (matched by their timestamp). */
async function appliedMigrations(tx: Tx): Promise<string[]> {
  const [exists] = rowsOf(await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`));
  if (!exists?.ok) return [];
  const applied = rowsOf(await tx.execute(sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at`));
  const byWhen = new Map(readJournal().entries.map((e) => [String(e.when), e.tag]));
  return applied.map((r) => byWhen.get(String(r.at)) ?? `unknown-${String(r.at)}`);
}

/** Writes one table's rows, one JSON object a line, hashing as it goes. */
async function dumpTable(tx: Tx, table: string, file: string, batchRows: number): Promise<{ rows: number; size: number; sha256: string }> {
  const out = createWriteStream(file, { flags: 'wx' });
  let rows = 0;
  let size = 0;
  const hash = createHash('sha256');
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      size += bytes.length;
      out.write(bytes, (err) => (err ? reject(err) : resolve()));
    });
  try {
    const cursor = `backup_${table.replace(/\W/g, '_')}`;
    await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from public.${quoteIdent(table)} t`));
    for (;;) {
      const batch = rowsOf(await tx.execute(sql.raw(`fetch forward ${batchRows} from ${cursor}`)));
      if (batch.length === 0) break;
      rows += batch.length;
      await write(batch.map((r) => `${String(r.j)}\n`).join(''));
    }
    await tx.execute(sql.raw(`close ${cursor}`));
  } finally {
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  return { rows, size, sha256: hash.digest('hex') };
}

/**
 * Reads the whole database in one REPEATABLE READ, READ ONLY transaction: every row of every table
 * of the `public` schema, the sequences, the applied migrations, and the names (with recorded hashes)
 * of the stored files the rows point to — all as of one snapshot. On PostgreSQL other transactions
 * go on meanwhile (MVCC); PGlite is one connection, so the server's other queries wait for it and
 * are answered afterwards.
 */
async function readSnapshot(db: Db, staging: string, batchRows: number): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      const createdAt = clock.now();
      const [v] = rowsOf(await tx.execute(sql`select version() as v`));
      const serverVersion = String(v.v);
      const engine = serverVersion.includes('PGlite') ? 'pglite' : 'postgres';
      const tags = await appliedMigrations(tx);
      if (tags.length === 0) throw new BackupError('DATABASE_NOT_INITIALISED', '数据库尚未初始化（没有已执行的迁移），无可备份的数据');

      const names = rowsOf(
        await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                             where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
      ).map((r) => String(r.name));
      await mkdir(path.join(staging, 'db'), { recursive: true });
      const tables: Snapshot['tables'] = [];
      for (const name of names) {
        const rel = `db/${name}.jsonl`;
        const dumped = await dumpTable(tx, name, path.join(staging, rel), batchRows);
        tables.push({ name, rows: dumped.rows, path: rel, entry: { path: rel, size: dumped.size, sha256: dumped.sha256 } });
      }

      const sequences = rowsOf(
        await tx.execute(sql`select sequencename as name, last_value::text as v from pg_sequences where schemaname = 'public' order by 1`),
      ).map((r) => ({ name: String(r.name), lastValue: r.v == null ? null : Number(r.v) }));

      const files: BackupManifest['files'] = [];
      for (const r of rowsOf(await tx.execute(sql`select stored_name, sha256, size from uploads order by id`))) {
        const storedName = String(r.stored_name);
        files.push({
          kind: 'upload',
          storedName,
          path: archivePathOf('upload', storedName),
          recordedSha256: String(r.sha256),
          recordedSize: Number(r.size),
        });
      }
      for (const r of rowsOf(
        await tx.execute(
          sql`select stored_name, file_sha256, file_size, signed_stored_name, signed_file_sha256, signed_file_size from contracts order by id`,
        ),
      )) {
        const storedName = String(r.stored_name);
        files.push({
          kind: 'contract',
          storedName,
          path: archivePathOf('contract', storedName),
          recordedSha256: String(r.file_sha256),
          recordedSize: Number(r.file_size),
        });
        if (r.signed_stored_name != null) {
          const signed = String(r.signed_stored_name);
          files.push({
            kind: 'contract-signed',
            storedName: signed,
            path: archivePathOf('contract-signed', signed),
            recordedSha256: String(r.signed_file_sha256),
            recordedSize: Number(r.signed_file_size),
          });
        }
      }
      return { engine, serverVersion, tags, tables, sequences, files, createdAt };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * `npm run backup` (issue 25): one archive with a consistent copy of the database and of every stored
 * file it names, taken while the portal serves. The files are copied after the snapshot is released:
 * a stored file is written before the row that names it commits and never changes afterwards
 * (contracts: original and signed version are separate files), so every file the snapshot names is
 * already complete on disk. The archive is written beside its final name and renamed into place.
 */
export async function takeBackup(db: Db, opts: BackupOptions): Promise<BackupResult> {
  const elapsed = clock.stopwatch();
  const file = path.resolve(opts.file);
  // An earlier backup is never overwritten.
  if (existsSync(file)) throw new BackupError('BACKUP_FILE_EXISTS', `备份文件已存在：${file}（不会覆盖已有的备份，请换一个文件名）`);
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.staging-${process.pid}-${randomBytes(4).toString('hex')}`;
  const partial = `${file}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  // The archive is the whole database (personal data, password hashes, sessions): the owner's eyes only.
  await mkdir(staging, { recursive: false, mode: 0o700 });
  try {
    const snapshotElapsed = clock.stopwatch();
    const snap = await readSnapshot(db, staging, opts.batchRows ?? 2000);
    const snapshotMs = snapshotElapsed();

    const problems: string[] = [];
    const entries: ManifestEntry[] = snap.tables.map((t) => t.entry);
    const copied = new Set<string>();
    for (const f of snap.files) {
      if (copied.has(f.path)) continue;
      copied.add(f.path);
      const source = storedFilePath(opts.dataDir, f.kind, f.storedName);
      const label = f.kind === 'upload' ? '上传文件' : f.kind === 'contract' ? '合同原文' : '合同签署版';
      if (!source) {
        problems.push(`${label} ${f.storedName}：文件名不符合系统生成的格式，未备份`);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await readFile(source);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        problems.push(`${label} ${f.storedName}：文件不存在`);
        continue;
      }
      const sha256 = sha256Of(bytes);
      if (sha256 !== f.recordedSha256 || bytes.length !== f.recordedSize) {
        problems.push(`${label} ${f.storedName}：文件摘要与数据库记录不一致（记录 ${f.recordedSha256}，实际 ${sha256}）`);
      }
      const target = path.join(staging, ...f.path.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx' });
      entries.push({ path: f.path, size: bytes.length, sha256 });
    }

    const count = (name: string) => snap.tables.find((t) => t.name === name)?.rows ?? 0;
    const manifest: BackupManifest = signManifest(
      {
        format: BACKUP_FORMAT,
        portal: { version: portalVersion(), commit: opts.commit ?? 'dev' },
        createdAt: snap.createdAt.toISOString(),
        createdAtChina: formatChinaDateTime(snap.createdAt),
        source: { engine: snap.engine, serverVersion: snap.serverVersion, snapshot: 'REPEATABLE READ, READ ONLY' },
        migration: { count: snap.tags.length, latest: snap.tags.at(-1) ?? null, tags: snap.tags },
        ledgers: {
          journalEntries: count('journal_entries'),
          journalLines: count('journal_lines'),
          stockMovements: count('stock_movements'),
        },
        tables: snap.tables.map(({ name, rows, path: p }) => ({ name, rows, path: p })),
        sequences: snap.sequences,
        files: snap.files.filter((f) => entries.some((e) => e.path === f.path)),
        entries,
        problems,
      },
      opts.secret ?? configuredBackupSecret(),
    );
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2), { flag: 'wx' });
    await tar.c({ gzip: true, file: partial, mode: 0o600, cwd: staging, portable: true }, [MANIFEST, ...entries.map((e) => e.path)]);
    if (existsSync(file)) throw new BackupError('BACKUP_FILE_EXISTS', `备份文件已存在：${file}（不会覆盖已有的备份，请换一个文件名）`);
    await rename(partial, file);
    const { size } = await stat(file);
    return {
      file,
      size,
      createdAt: manifest.createdAt,
      engine: snap.engine,
      migration: manifest.migration.latest,
      tables: snap.tables.length,
      rows: snap.tables.reduce((n, t) => n + t.rows, 0),
      files: entries.length - snap.tables.length,
      ...manifest.ledgers,
      problems,
      snapshotMs,
      ms: elapsed(),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
