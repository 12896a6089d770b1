// Where the unit tests' temporary folders go: the stores of the apps they build (some 460 a run)
// and the crash suite's servers. Those tests create, flush and delete tens of thousands of small
// files (every app opens a store of some twenty datafiles, and NeDB rewrites each one crash-safely
// on load and on close). On the disk that file work was a third of the unit tests' time, so when
// the machine has a memory-backed /dev/shm with room, they use it (docs/performance.md, "Test
// suite time"). The code run is the same; only a power cut, which no test simulates, would tell
// the two apart. The browser tests gained nothing from it (170 s on the disk, 181-188 s here).
import fs from 'node:fs';

const SHM = '/dev/shm';
/** statfs's type of a tmpfs (Linux's TMPFS_MAGIC). */
const TMPFS = 0x01021994;
/** Far above what a whole run keeps at once (some MB). */
const ROOM = 2 * 1024 ** 3;

/** /dev/shm when it is a writable tmpfs with room, else null (another system, or a small one). */
export function memoryTmpdir(dir = SHM, room = ROOM): string | null {
  try {
    const stats = fs.statfsSync(dir);
    if (stats.type !== TMPFS || stats.bavail * stats.bsize < room) return null;
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}

/**
 * Points os.tmpdir() (TMPDIR), for this process and the workers and servers it starts, at the
 * memory-backed folder when there is one; a TMPDIR the person running the tests set is kept.
 */
export function useMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  const dir = memoryTmpdir();
  if (dir) process.env.TMPDIR = dir;
}
