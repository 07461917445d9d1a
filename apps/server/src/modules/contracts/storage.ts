import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Contract files live under DATA_DIR/contracts with generated names. The directory follows the
 * DATA_DIR of the process's environment (what `loadConfig` reads, so the seed and the server agree),
 * read when a file is written rather than at import, until the app configures it from its own config
 * when the contract routes are registered.
 */
let configuredRoot: string | undefined;

export function configureContractStorage(dataDir: string): void {
  configuredRoot = path.resolve(dataDir, 'contracts');
}

export const contractStorageDir = () => configuredRoot ?? path.resolve(process.env.DATA_DIR ?? './data', 'contracts');

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const STORED_NAME = /^[0-9a-f-]{36}\.pdf$/;

function pathOf(storedName: string): string {
  // Names are generated here; anything else in the column is refused rather than resolved.
  if (!STORED_NAME.test(storedName)) throw new Error(`invalid stored contract name: ${storedName}`);
  return path.join(contractStorageDir(), storedName);
}

/** Writes a new contract file (atomically: a temporary name, then a rename) and answers its stored name. */
export async function storeContractFile(bytes: Buffer): Promise<string> {
  await mkdir(contractStorageDir(), { recursive: true });
  const storedName = `${randomUUID()}.pdf`;
  const target = pathOf(storedName);
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, target);
  return storedName;
}

/** Removes a stored file (a contract whose transaction rolled back); a missing file is no error. */
export async function removeContractFile(storedName: string): Promise<void> {
  await unlink(pathOf(storedName)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

/** The file's bytes, or null when it is not on disk (deleted, or a data directory restored without it). */
export async function readContractFile(storedName: string): Promise<Buffer | null> {
  try {
    return await readFile(pathOf(storedName));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** For tests and tooling: where a stored name lives on disk. */
export const contractFilePath = (storedName: string) => pathOf(storedName);
