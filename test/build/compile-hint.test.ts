import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { builds, COMPILE_HINT, generateFiles } from '../../esbuild.config.mjs';

// Each widget entry asks V8 to compile all of its functions while the file downloads, off the
// main thread (COMPILE_HINT, bundler/rollup.mjs); V8 reads the hint only on the very
// first line. The lazy flows' chunks keep lazy compiling. A production build, in memory.

const WIDGETS = Object.entries(builds).filter(([, o]) => o.widget);
// A message in elements/errors.ts, which every widget entry carries.
const MESSAGE = 'The selector you specified (';

describe('the compile hint of each widget entry', () => {
  for (const [name, options] of WIDGETS) {
    it(`${name}: the entry's first line is the hint, no chunk has it, and the source map still points at the sources`, async () => {
      const files = await generateFiles(options);
      const entries = [...files].filter(([, f]) => f.isEntry);
      assert.equal(entries.length, 1);
      const [file, entry] = entries[0]!;
      assert.ok(entry.code.startsWith(`${COMPILE_HINT}\n`), `${file} starts with ${COMPILE_HINT}`);
      for (const [chunk, f] of files) if (!f.isEntry) assert.ok(!f.code.includes(COMPILE_HINT), `${chunk} is compiled lazily`);

      const at = entry.code.indexOf(MESSAGE);
      assert.ok(at > 0, `${file} carries elements/errors.ts`);
      const before = entry.code.slice(0, at);
      const line = before.split('\n').length;
      const column = at - before.lastIndexOf('\n') - 1;
      assert.ok(entry.map, `${file} has a source map`);
      const original = new SourceMapConsumer(entry.map as unknown as RawSourceMap).originalPositionFor({ line, column });
      assert.match(original.source ?? '', /elements\/errors\.ts$/);
      assert.equal(original.line, 8);
    });
  }
});
