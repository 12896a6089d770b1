// What the bytes of built chunks are made of: `npm run build`, then
// `npx node scripts/bundle-sources.ts wizard-core vendors` prints, per chunk, its gzip size and each
// package's or source file's share of it (its minified bytes, read from the source map, times the
// chunk's compression ratio: an estimate, good for ranking). The figures in docs/performance.md
// come from here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const dir = path.resolve('dist/assets');
const top = Number(process.env.TOP ?? 25);

for (const name of process.argv.slice(2)) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.js') && (f === name || f.startsWith(`${name}.`)));
  if (!file) throw new Error(`No chunk ${name} in dist/assets (run npm run build first).`);
  const code = fs.readFileSync(path.join(dir, file), 'utf8');
  const gzip = zlib.gzipSync(code, { level: 9 }).length;
  const map = JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')) as RawSourceMap;
  const bytes = new Map<string, number>();
  let last: { source: string; line: number; column: number } | undefined;
  // Each mapping starts a segment that runs to the next mapping on the same line.
  new SourceMapConsumer(map).eachMapping((m) => {
    if (last && last.line === m.generatedLine)
      bytes.set(last.source, (bytes.get(last.source) ?? 0) + m.generatedColumn - last.column);
    const source = (m.source ?? '(webpack)').replace(/^webpack:\/\/[^/]*\//, '');
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    last = { source: pkg ?? source, line: m.generatedLine, column: m.generatedColumn };
  });
  console.log(`${file}: ${(gzip / 1024).toFixed(1)} KB gzip`);
  const ratio = gzip / code.length;
  for (const [source, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((size * ratio) / 1024).toFixed(2).padStart(6)} KB  ${source}`);
}
