import { builds, generateOutput } from '../../esbuild.config.mjs';

type Output = Awaited<ReturnType<typeof generateOutput>>;
const made = new Map<string, Promise<Output>>();

/**
 * The production build `name` of esbuild.config.mjs, bundled by Rollup in memory once per process
 * (dist/ is left alone): its files and the metafile describing them. Every check of a build reads
 * the same bundle; bundling it again per check was most of the build checks' minutes.
 */
export function production(name: keyof typeof builds): Promise<Output> {
  let output = made.get(name);
  if (!output) {
    output = generateOutput(builds[name]);
    made.set(name, output);
  }
  return output;
}
