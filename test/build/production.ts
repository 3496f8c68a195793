import { existsSync, readFileSync } from 'node:fs';
import type { Metafile } from 'esbuild';
import { builds, generateOutput } from '../../esbuild.config.mjs';

type Output = Awaited<ReturnType<typeof generateOutput>>;
const made = new Map<string, Promise<Output>>();

/**
 * The production build `name` of esbuild.config.mjs: its files and the metafile describing them.
 * Under npm test, the one the build suite just wrote (BUILT_DIST names its folder, with the
 * `meta-<name>.json` the build writes beside it), so the checks read what the end-to-end tests
 * then drive; bundling it again took half of the build checks' CPU. Run on their own, the
 * checks bundle it with Rollup in memory, once per process (dist/ is left alone).
 */
export function production(name: keyof typeof builds): Promise<Output> {
  let output = made.get(name);
  if (!output) {
    output = process.env.BUILT_DIST ? Promise.resolve(written(process.env.BUILT_DIST, name)) : generateOutput(builds[name]);
    made.set(name, output);
  }
  return output;
}

/** The build `name` as written in `dist`: the same shape as a build in memory. */
function written(dist: string, name: string): Output {
  const metafile = JSON.parse(readFileSync(`${dist}/meta-${name}.json`, 'utf8')) as Metafile;
  const files: Output['files'] = new Map();
  for (const [path, out] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue;
    const map = existsSync(`${path}.map`) ? JSON.parse(readFileSync(`${path}.map`, 'utf8')) : undefined;
    files.set(path.slice(`${dist}/`.length), { code: readFileSync(path, 'utf8'), map, isEntry: Boolean(out.entryPoint) });
  }
  return { files, metafile };
}
