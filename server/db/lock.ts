import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the embedded database's folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another Switchboard process (pid ${pid}). ` +
        'Stop that process first, or give this one its own DATA_DIR. The embedded database cannot be shared; ' +
        'set DATABASE_URL to run several processes on one PostgreSQL server.',
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive pid lock file in `dir`. PGlite takes no lock of its own, and two processes on
 * one folder lose writes silently, so this is what stands between an operator and data loss.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'switchboard.lock');

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(safeRead(file), 10);
      if (isAlive(holder)) throw new DataDirLockedError(dir, holder);
      try {
        unlinkSync(file);
      } catch {
        // another process removed the stale lock first; try again
      }
    }
  }
  throw new DataDirLockedError(dir, Number.parseInt(safeRead(file), 10));
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
