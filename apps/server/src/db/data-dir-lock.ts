import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * The exclusive lock on an embedded (PGlite) data directory (issue 11). PGlite is PostgreSQL in one
 * process: a second process opening the same files corrupts them. The lock is a file beside the
 * directory, created with O_EXCL, naming its holder; a holder that died leaves a stale file, which the
 * next process replaces. The holder also advertises where it serves and a token, so commands can
 * ask the running server to do their work instead of opening the files (cli/local-control.ts).
 */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  startedAt: string;
  /** Set by a server once it listens: commands send their work there. */
  url?: string;
  /** Proves a command can read the lock file (same user); sent as `x-local-control-token`. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(describeHolder(lockFile, holder));
  }
}

export function describeHolder(lockFile: string, h: LockHolder): string {
  return [
    `嵌入式数据库正被另一个进程使用，本进程未打开任何数据文件。`,
    `The embedded database is in use by another process; this process did not open its files.`,
    `  holder:  pid ${h.pid} on ${h.host}, started ${h.startedAt}`,
    `  command: ${h.command}`,
    h.url ? `  serving: ${h.url}` : '',
    `  lock:    ${lockFile}`,
    `Stop it first (Ctrl+C in its terminal, or \`kill ${h.pid}\`), or use PostgreSQL (DATABASE_URL) to run several processes.`,
  ]
    .filter(Boolean)
    .join('\n');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readHolder(lockFile: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  file: string;
  holder: LockHolder;
  /** Records the URL this process serves on, for commands run while it runs. */
  advertise(url: string): void;
  release(): void;
}

/** Takes the lock or throws DataDirLockedError naming the live holder. */
export function acquireDataDirLock(lockFile: string): DataDirLock {
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
    startedAt: new Date().toISOString(),
    token: randomBytes(24).toString('base64url'),
  };
  const write = (h: LockHolder, flags: string) => {
    const fd = openSync(lockFile, flags, 0o600);
    try {
      writeSync(fd, JSON.stringify(h, null, 2));
    } finally {
      closeSync(fd);
    }
  };
  for (let attempt = 0; ; attempt++) {
    try {
      write(holder, 'wx');
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const current = readHolder(lockFile);
      // A file being written this instant reads as nothing: treat as held (the writer is alive).
      if (!current) throw new DataDirLockedError(lockFile, { pid: 0, host: '?', command: '(starting)', startedAt: '?', token: '' });
      if (current.host === holder.host && !alive(current.pid)) {
        // Stale: its holder died. Move it aside atomically (only one racer wins the rename), then retry.
        const aside = `${lockFile}.stale-${process.pid}`;
        try {
          renameSync(lockFile, aside);
          unlinkSync(aside);
        } catch {
          // another process took it over first; the next attempt sees that one
        }
        continue;
      }
      throw new DataDirLockedError(lockFile, current);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readHolder(lockFile)?.token === holder.token) {
      try {
        unlinkSync(lockFile);
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', release);
  return {
    file: lockFile,
    holder,
    advertise(url: string) {
      holder.url = url;
      writeFileSync(lockFile, JSON.stringify(holder, null, 2), { mode: 0o600 });
    },
    release,
  };
}
