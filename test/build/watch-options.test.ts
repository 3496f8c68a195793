import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builds, hostBuilds, watchOptions } from '../../esbuild.config.mjs';

// `npm start` rebuilds with these options; it used to replace every define with NODE_ENV alone,
// so the Vue host lost its feature flags and Vue warned about them on every load.
describe('the watch build of npm start', () => {
  for (const [name, options] of Object.entries({ ...builds, ...hostBuilds })) {
    it(`${name}: keeps every define of the build, in development mode`, () => {
      const watched = watchOptions(options);
      assert.deepEqual(watched.define, { ...options.define, 'process.env.NODE_ENV': '"development"' });
      assert.equal(watched.minify, false);
      assert.deepEqual(watched.entryPoints, options.entryPoints);
    });
  }

  it('gives the Vue host all three of Vue’s compile-time feature flags', () => {
    const define = watchOptions(hostBuilds.vue).define ?? {};
    for (const flag of ['__VUE_OPTIONS_API__', '__VUE_PROD_DEVTOOLS__', '__VUE_PROD_HYDRATION_MISMATCH_DETAILS__']) assert.ok(flag in define, flag);
  });
});
