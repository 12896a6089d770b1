import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsStale, markBuilt } from './build.ts';

describe('whether npm start builds the front end first', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function project(): { root: string; outDir: string; setAge: (file: string, secondsAgo: number) => void } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'escuela-build-'));
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};');
    const outDir = path.join(root, 'dist');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
    const setAge = (file: string, secondsAgo: number) => {
      const when = new Date(Date.now() - secondsAgo * 1000);
      fs.utimesSync(path.join(root, file), when, when);
    };
    // Sources saved 10 s ago, the build made a minute ago.
    setAge('src/main.tsx', 10);
    setAge('src', 10);
    setAge('dist/index.html', 60);
    return { root, outDir, setAge };
  }

  it('builds when there is no build, or a source is newer than it', () => {
    const { root, outDir, setAge } = project();
    expect(buildIsStale(root, outDir)).toBe(true);
    setAge('dist/index.html', 5);
    expect(buildIsStale(root, outDir)).toBe(false);
    fs.rmSync(path.join(outDir, 'index.html'));
    expect(buildIsStale(root, outDir)).toBe(true);
  });

  it('does not build again after a build that left index.html as it was', () => {
    // webpack does not rewrite a file whose content is unchanged, so index.html keeps its old date.
    const { root, outDir } = project();
    expect(buildIsStale(root, outDir)).toBe(true);
    markBuilt(outDir, new Date(Date.now() - 5000));
    expect(buildIsStale(root, outDir)).toBe(false);
  });

  it('builds again when a source was saved while the last build ran', () => {
    const { root, outDir } = project();
    // The build started 20 s ago and ended now; the source was saved 10 s ago.
    markBuilt(outDir, new Date(Date.now() - 20_000));
    expect(buildIsStale(root, outDir)).toBe(true);
  });
});
