import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as tar from 'tar';
import { openPglite, openPostgres, type Database, type Db } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { stopwatch } from '../../lib/clock.ts';
import { checkLedger, type LedgerReport } from '../ledger/index.ts';
import { checkStock, type StockReport } from '../warehouse/index.ts';
import {
  BACKUP_FORMAT,
  BackupError,
  configuredBackupSecret,
  MANIFEST,
  manifestVerdict,
  MIGRATIONS_FOLDER,
  readJournal,
  sha256OfFile,
  storedFilePath,
  type BackupManifest,
} from './archive-format.ts';
import { checkStoredFiles, type FileCheckReport } from './verify-files.ts';

export interface RestoreTarget {
  /** DATA_DIR of the target: uploads and contracts go under it, and the embedded database (pglite/) when no URL is given. */
  dataDir: string;
  /** A PostgreSQL database (created beforehand, empty); unset: the embedded database under dataDir. */
  databaseUrl?: string;
}

export interface RestoreReport {
  target: { engine: 'pglite' | 'postgres'; dataDir: string };
  backup: Pick<BackupManifest, 'createdAt' | 'createdAtChina' | 'portal' | 'source' | 'ledgers'> & { migration: string | null };
  tables: number;
  rows: number;
  files: number;
  /** Migrations newer than the backup, applied after the data was loaded. */
  laterMigrations: string[];
  ledger: LedgerReport;
  stock: StockReport;
  storedFiles: FileCheckReport;
  /** Every mismatch found on the way in; empty means the restore is proven. */
  problems: string[];
  ms: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const TABLE_PATH = /^db\/([a-z_][a-z0-9_]*)\.jsonl$/;

/** Every regular file under `dir`, as posix paths relative to it; anything else (links, devices) is refused. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
    else throw new BackupError('BACKUP_TAMPERED', `备份文件中含有不允许的条目：${rel}`);
  }
  return out;
}

/**
 * Unpacks the archive into `work` and proves it: the manifest's HMAC under this deployment's secret
 * (issue 33), then every member listed in it, every hash and size equal.
 */
async function openArchive(archive: string, work: string, secret: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError('BACKUP_UNREADABLE', `备份文件不存在：${archive}`);
  try {
    await tar.x({
      file: archive,
      cwd: work,
      strict: true,
      // Plain files and folders only: a link could point outside the folder the archive is unpacked in.
      filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw new BackupError(
      'BACKUP_UNREADABLE',
      `备份文件无法读取（不是完整的 .tar.gz 备份）：${err instanceof Error ? err.message : String(err)}`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('BACKUP_UNREADABLE', '备份文件中没有可读的清单（manifest.json）');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError('BACKUP_UNREADABLE', `不支持的备份格式：${String(manifest?.format)}`);
  const verdict = manifestVerdict(manifest, secret);
  if (verdict === 'unsigned') {
    throw new BackupError(
      'BACKUP_UNSIGNED',
      '备份清单没有签名（HMAC），无法证明未被篡改，拒绝恢复。请用本版本门户重新备份（npm run backup）后再恢复。',
    );
  }
  if (verdict === 'forged') {
    throw new BackupError(
      'BACKUP_TAMPERED',
      '备份清单的签名（HMAC）校验不通过，拒绝恢复：备份可能已被篡改，或来自 SIGNING_KEY_SECRET 不同的部署。恢复须使用备份来源部署的 SIGNING_KEY_SECRET。',
    );
  }

  const problems: string[] = [];
  const listed = new Map(manifest.entries.map((e) => [e.path, e]));
  const present = (await listFiles(work)).filter((p) => p !== MANIFEST);
  for (const p of present) if (!listed.has(p)) problems.push(`清单中没有的文件：${p}`);
  for (const e of manifest.entries) {
    if (!present.includes(e.path)) {
      problems.push(`缺少清单中的文件：${e.path}`);
      continue;
    }
    const actual = await sha256OfFile(path.join(work, ...e.path.split('/')));
    if (actual.sha256 !== e.sha256 || actual.size !== e.size) problems.push(`文件摘要与清单不一致：${e.path}`);
  }
  for (const t of manifest.tables) {
    if (!listed.has(t.path) || TABLE_PATH.exec(t.path)?.[1] !== t.name) problems.push(`清单中的表 ${t.name} 与其文件不符`);
  }
  for (const f of manifest.files) {
    if (!listed.has(f.path) || !storedFilePath(work, f.kind, f.storedName)) problems.push(`清单中的文件 ${f.path} 不符合系统生成的格式`);
  }
  if (problems.length) {
    throw new BackupError('BACKUP_TAMPERED', `备份文件与其清单不符，可能已被篡改，拒绝恢复：\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
  return manifest;
}

const isEmptyDir = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
};

async function refuseNonEmptyFiles(dataDir: string, dirs: string[]) {
  for (const d of dirs) {
    if (!(await isEmptyDir(path.join(dataDir, d)))) {
      throw new BackupError(
        'RESTORE_TARGET_NOT_EMPTY',
        `目标目录不是空的：${path.join(dataDir, d)} 已有文件。恢复只写入空的目标，不会覆盖已有数据。`,
      );
    }
  }
}

async function openTarget(target: RestoreTarget): Promise<Database> {
  if (target.databaseUrl) {
    const database = openPostgres(target.databaseUrl, 4);
    try {
      const held = rowsOf(
        await database.db
          .execute(sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                                      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') order by 1, 2 limit 5`),
      );
      if (held.length) {
        throw new BackupError(
          'RESTORE_TARGET_NOT_EMPTY',
          `目标数据库不是空的（已有表 ${held.map((r) => `${String(r.schema)}.${String(r.name)}`).join('、')} 等）。恢复只写入新建的空数据库，不会覆盖已有数据。`,
        );
      }
      await refuseNonEmptyFiles(target.dataDir, ['uploads', 'contracts']);
      // Loading turns foreign keys and triggers off for its transaction (session_replication_role), which
      // PostgreSQL allows a superuser or a role granted it: find out before anything is written.
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
        });
      } catch {
        throw new BackupError(
          'RESTORE_NOT_PERMITTED',
          '恢复需要以超级用户（或被授予 SET ON PARAMETER session_replication_role 的角色，PostgreSQL 15+）连接目标数据库：载入数据时需暂停外键与触发器检查',
        );
      }
    } catch (err) {
      await database.close();
      throw err;
    }
    return database;
  }
  await refuseNonEmptyFiles(target.dataDir, ['pglite', 'uploads', 'contracts']);
  try {
    return await openPglite(path.join(target.dataDir, 'pglite'));
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError('RESTORE_TARGET_IN_USE', err.message);
    throw err;
  }
}

/** Applies the migrations up to the backup's own level (a copy of the journal cut after it). Exported for tests. */
export async function migrateTo(database: Database, count: number): Promise<void> {
  const { entries, raw } = readJournal();
  const folder = await mkdtemp(path.join(tmpdir(), 'fp-migrations-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...raw, entries: entries.slice(0, count) }));
    for (const e of entries.slice(0, count))
      await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Loads every table's rows in one transaction, foreign keys and triggers off (as pg_restore --disable-triggers does). */
async function loadRows(db: Db, work: string, manifest: BackupManifest): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const targetTables = rowsOf(
      await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                           where n.nspname = 'public' and c.relkind = 'r' order by 1`),
    ).map((r) => String(r.name));
    const missing = manifest.tables.filter((t) => !targetTables.includes(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`the migrations up to ${manifest.migration.latest} do not create the tables ${missing.join(', ')}`);
    // Rows that the migrations themselves insert (reference accounts, …) come back from the backup as they were.
    if (targetTables.length) await tx.execute(sql.raw(`truncate table ${targetTables.map((t) => `public.${quoteIdent(t)}`).join(', ')}`));

    for (const t of manifest.tables) {
      if (t.rows === 0) continue;
      const columns = rowsOf(
        await tx.execute(sql`select a.attname as name, a.attidentity <> '' as identity from pg_attribute a
                             where a.attrelid = ${`public.${quoteIdent(t.name)}`}::regclass and a.attnum > 0
                               and not a.attisdropped and a.attgenerated = '' order by a.attnum`),
      );
      const list = columns.map((c) => quoteIdent(String(c.name))).join(', ');
      const overriding = columns.some((c) => c.identity === true) ? ' overriding system value' : '';
      const table = `public.${quoteIdent(t.name)}`;
      const insert = (batch: string[]) =>
        tx.execute(
          sql`${sql.raw(`insert into ${table} (${list})${overriding} select ${list} from json_populate_recordset(null::${table}, `)}${`[${batch.join(',')}]`}${sql.raw('::json)')}`,
        );
      let batch: string[] = [];
      let bytes = 0;
      const lines = createInterface({ input: createReadStream(path.join(work, ...t.path.split('/'))), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= 1000 || bytes > 4_000_000) {
          await insert(batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length) await insert(batch);
    }
    for (const s of manifest.sequences) {
      if (s.lastValue == null) continue;
      await tx.execute(
        sql`select setval((quote_ident('public') || '.' || quote_ident(${s.name}))::regclass, ${s.lastValue}::bigint, true)`,
      );
    }
  });
}

/**
 * `npm run restore -- FILE` (issue 25): proves the manifest's HMAC under `opts.secret` (unset:
 * SIGNING_KEY_SECRET as configured — the secret of the deployment the backup came from; issue 33)
 * and the archive against its manifest, refuses any target
 * that holds data, loads the backup at its own migration level, puts the stored files back, applies
 * the later migrations, and proves the result: table row counts equal to the manifest's, the money
 * ledger (`ledger:check`), the goods ledger (`stock:check`) and every contract file and upload against
 * its recorded hash. Throws BackupError for a refused archive or target (nothing written); answers
 * the report otherwise — `problems` empty when the restore is proven.
 */
export async function restoreBackup(archive: string, target: RestoreTarget, opts: { secret?: string } = {}): Promise<RestoreReport> {
  const elapsed = stopwatch();
  const work = await mkdtemp(path.join(tmpdir(), 'fp-restore-'));
  try {
    const manifest = await openArchive(path.resolve(archive), work, opts.secret ?? configuredBackupSecret());
    const journal = readJournal().entries.map((e) => e.tag);
    const known = manifest.migration.tags.every((tag, i) => journal[i] === tag);
    if (!known || manifest.migration.count > journal.length) {
      throw new BackupError(
        'BACKUP_TOO_NEW',
        `备份的数据库结构（迁移 ${manifest.migration.latest}）不是本版本门户的迁移所能到达的，请用门户 ${manifest.portal.version}（${manifest.portal.commit}）或更新的版本恢复`,
      );
    }

    const database = await openTarget(target);
    try {
      await migrateTo(database, manifest.migration.count);
      await loadRows(database.db, work, manifest);

      const problems: string[] = [];
      for (const t of manifest.tables) {
        const [r] = rowsOf(await database.db.execute(sql.raw(`select count(*)::bigint as n from public.${quoteIdent(t.name)}`)));
        if (Number(r.n) !== t.rows) problems.push(`表 ${t.name}：恢复 ${String(r.n)} 行，清单记录 ${t.rows} 行`);
      }

      const seen = new Set<string>();
      for (const f of manifest.files) {
        if (seen.has(f.path)) continue;
        seen.add(f.path);
        const to = storedFilePath(target.dataDir, f.kind, f.storedName)!;
        await mkdir(path.dirname(to), { recursive: true });
        await copyFile(path.join(work, ...f.path.split('/')), to);
      }

      await database.migrate();
      const laterMigrations = journal.slice(manifest.migration.count);

      const ledger = await checkLedger(database.db);
      const stock = await checkStock(database.db);
      const storedFiles = await checkStoredFiles(database.db, target.dataDir);
      problems.push(...ledger.problems.map((p) => `账簿：${p}`));
      problems.push(...stock.problems.map((p) => `库存账：${p}`));
      problems.push(...storedFiles.problems);
      if (laterMigrations.length === 0) {
        const expect = manifest.ledgers;
        if (ledger.entries !== expect.journalEntries || ledger.lines !== expect.journalLines) {
          problems.push(
            `账簿：恢复 ${ledger.entries} 笔分录 ${ledger.lines} 行，清单记录 ${expect.journalEntries} 笔 ${expect.journalLines} 行`,
          );
        }
        if (stock.movements !== expect.stockMovements)
          problems.push(`库存账：恢复 ${stock.movements} 条流水，清单记录 ${expect.stockMovements} 条`);
      }

      return {
        target: { engine: database.kind, dataDir: path.resolve(target.dataDir) },
        backup: {
          createdAt: manifest.createdAt,
          createdAtChina: manifest.createdAtChina,
          portal: manifest.portal,
          source: manifest.source,
          ledgers: manifest.ledgers,
          migration: manifest.migration.latest,
        },
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
        files: seen.size,
        laterMigrations,
        ledger,
        stock,
        storedFiles,
        problems,
        ms: elapsed(),
      };
    } finally {
      await database.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
