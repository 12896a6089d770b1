import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryTmpdir, useMemoryTmpdir } from './test-tmpdir.ts';

const shmIsTmpfs = (() => {
  try {
    return fs.statfsSync('/dev/shm').type === 0x01021994;
  } catch {
    return false;
  }
})();

describe('the tests’ temporary folder', () => {
  const before = process.env.TMPDIR;
  afterEach(() => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  });

  it('is not a folder that does not exist, nor a tmpfs without the room asked', () => {
    expect(memoryTmpdir('/no/such/folder')).toBeNull();
    expect(memoryTmpdir('/dev/shm', Number.MAX_SAFE_INTEGER)).toBeNull();
  });

  it.runIf(shmIsTmpfs)('is /dev/shm when it is a writable tmpfs with room', () => {
    expect(memoryTmpdir('/dev/shm', 1)).toBe('/dev/shm');
  });

  it('keeps a TMPDIR the person running the tests chose', () => {
    process.env.TMPDIR = '/var/tmp';
    useMemoryTmpdir();
    expect(process.env.TMPDIR).toBe('/var/tmp');
  });
});
