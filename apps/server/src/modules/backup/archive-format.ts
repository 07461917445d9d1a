import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config.ts';

/**
 * The backup archive (issue 25): one gzip'd tar holding
 *
 *     manifest.json            what is inside, with the SHA-256 and size of every other member
 *     db/<table>.jsonl         every row of every table of the `public` schema, one JSON object a line,
 *                              read in one REPEATABLE READ, READ ONLY transaction (one snapshot)
 *     files/uploads/<name>     every upload the snapshot names (uploads.stored_name)
 *     files/contracts/<name>   every contract original and signed version the snapshot names
 *
 * The copy is logical (rows, not the engine's files), so a backup of the embedded database restores
 * into PostgreSQL and the other way round, and across PGlite / PostgreSQL versions.
 *
 * The manifest is authenticated (issue 33): `authentication.hmac` is an HMAC-SHA256 of the rest of the
 * manifest under a key derived from SIGNING_KEY_SECRET (HKDF-SHA256, info `MANIFEST_KEY_INFO`). It
 * names the SHA-256 of every member, so no row or file can be added or changed, nor the hashes
 * recomputed, without the deployment's secret; a restore refuses an archive without it or whose HMAC
 * does not verify under its own secret.
 */
export const BACKUP_FORMAT = 'factoring-portal-backup/1';
export const MANIFEST = 'manifest.json';

export interface ManifestEntry {
  /** Path inside the archive (posix). */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  portal: { version: string; commit: string };
  /** When the snapshot was taken (ISO instant) and its China time. */
  createdAt: string;
  createdAtChina: string;
  source: { engine: 'pglite' | 'postgres'; serverVersion: string; snapshot: string };
  /** The migrations applied to the database the backup was taken from (drizzle journal tags, in order). */
  migration: { count: number; latest: string | null; tags: string[] };
  /** Row counts of the two ledgers, as of the snapshot. */
  ledgers: { journalEntries: number; journalLines: number; stockMovements: number };
  tables: { name: string; rows: number; path: string }[];
  sequences: { name: string; lastValue: number | null }[];
  /** The stored files the snapshot names, with what the database records for each. */
  files: {
    path: string;
    kind: 'upload' | 'contract' | 'contract-signed';
    storedName: string;
    recordedSha256: string;
    recordedSize: number;
  }[];
  /** Every member but the manifest itself. */
  entries: ManifestEntry[];
  /** Files the database names that were missing or did not match their record when the backup was taken. */
  problems: string[];
  /** The HMAC of everything above (written last; absent in an archive made before issue 33). */
  authentication?: ManifestAuthentication;
}

export interface ManifestAuthentication {
  algorithm: 'HMAC-SHA256';
  /** How the key is made, for a reader of the archive (the key itself is never written). */
  key: typeof MANIFEST_KEY_LABEL;
  /** Hex HMAC-SHA256 of `JSON.stringify(manifest without authentication)`. */
  hmac: string;
}

/** The HKDF info label of the manifest key: a key for this purpose only, never the signing keys' secret itself. */
export const MANIFEST_KEY_INFO = 'factoring-portal backup manifest v1';
const MANIFEST_KEY_LABEL = `HKDF-SHA256(SIGNING_KEY_SECRET, info "${MANIFEST_KEY_INFO}")` as const;

/**
 * The secret backups are authenticated with: SIGNING_KEY_SECRET as the server reads it (the
 * development one when unset outside production), for the commands that do not load the whole
 * configuration (`npm run restore` runs without PUBLIC_ORIGIN).
 */
export const configuredBackupSecret = (): string =>
  loadConfig({ NODE_ENV: 'development', SIGNING_KEY_SECRET: process.env.SIGNING_KEY_SECRET }).SIGNING_KEY_SECRET;

const manifestKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), MANIFEST_KEY_INFO, 32));

const hmacOf = (body: Omit<BackupManifest, 'authentication'>, secret: string) =>
  createHmac('sha256', manifestKey(secret)).update(JSON.stringify(body)).digest('hex');

/** The manifest with its HMAC, as written into the archive. */
export function signManifest(body: Omit<BackupManifest, 'authentication'>, secret: string): BackupManifest {
  return { ...body, authentication: { algorithm: 'HMAC-SHA256', key: MANIFEST_KEY_LABEL, hmac: hmacOf(body, secret) } };
}

/** Whether a manifest read from an archive carries an HMAC, and whether it verifies under `secret`. */
export function manifestVerdict(manifest: BackupManifest, secret: string): 'verified' | 'unsigned' | 'forged' {
  const { authentication, ...body } = manifest;
  const given = authentication?.hmac;
  if (typeof given !== 'string' || authentication?.algorithm !== 'HMAC-SHA256') return 'unsigned';
  const expected = Buffer.from(hmacOf(body, secret), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? 'verified' : 'forged';
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where drizzle-kit writes the migrations (apps/server/drizzle), as db/client.ts reads them. */
export const MIGRATIONS_FOLDER = path.resolve(here, '../../../drizzle');

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder = MIGRATIONS_FOLDER): { entries: JournalEntry[]; raw: Record<string, unknown> } {
  const raw = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Record<string, unknown> & {
    entries: JournalEntry[];
  };
  return { entries: raw.entries, raw };
}

/** The portal's version (apps/server/package.json). */
export function portalVersion(): string {
  return (JSON.parse(readFileSync(path.resolve(here, '../../../package.json'), 'utf8')) as { version: string }).version;
}

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Stored names come from the database; only the shapes the portal generates are followed to disk
 * (uploads: YYYY/MM/<uuid>.<ext>; contracts: <uuid>.pdf), so a bad row can never name a path outside
 * DATA_DIR — in the backup or in the restore target.
 */
const UPLOAD_NAME = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|jpeg|png|pdf)$/;
const CONTRACT_NAME = /^[0-9a-f-]{36}\.pdf$/;

export function storedFilePath(dataDir: string, kind: 'upload' | 'contract' | 'contract-signed', storedName: string): string | null {
  if (kind === 'upload') return UPLOAD_NAME.test(storedName) ? path.join(path.resolve(dataDir, 'uploads'), ...storedName.split('/')) : null;
  return CONTRACT_NAME.test(storedName) ? path.join(path.resolve(dataDir, 'contracts'), storedName) : null;
}

export const archivePathOf = (kind: 'upload' | 'contract' | 'contract-signed', storedName: string) =>
  kind === 'upload' ? `files/uploads/${storedName}` : `files/contracts/${storedName}`;

/** A refusal of backup or restore with a stable code, for the commands and the tests. */
export class BackupError extends Error {
  constructor(
    readonly code:
      | 'BACKUP_TAMPERED'
      | 'BACKUP_UNSIGNED'
      | 'BACKUP_UNREADABLE'
      | 'BACKUP_TOO_NEW'
      | 'BACKUP_FILE_EXISTS'
      | 'RESTORE_NOT_PERMITTED'
      | 'RESTORE_TARGET_NOT_EMPTY'
      | 'RESTORE_TARGET_IN_USE'
      | 'DATABASE_NOT_INITIALISED',
    message: string,
  ) {
    super(message);
  }
}
