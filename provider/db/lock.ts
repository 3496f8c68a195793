import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process already owns the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on `dir` so a second provider on the same embedded database fails
 * fast instead of corrupting it. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'provider.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(path, 'utf8').trim());
      // Our own pid counts too: a second provider in this process must not share the directory.
      if (owner && alive(owner)) {
        throw new DataDirLockedError(`data directory ${dir} is in use by process ${owner}`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock data directory ${dir}`);
}
