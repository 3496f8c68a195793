import * as esbuild from 'esbuild';

/*
 * An official headless client (`@stytch/vanilla-js`), unchanged, bundled for a real page: the
 * e2e tests run the B2C one against the shared provider, the provider tests the B2B one against
 * their own. Both point it at our provider through its `endpoints` option (its customBaseUrl
 * would force https on 443).
 */

const bundles = new Map<string, Promise<string>>();

/** The official package bundled once per process from `contents` (an entry that imports it), as `format`. */
export function bundleOfficial(contents: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const key = `${format}:${contents}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = esbuild
      .build({
        stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format,
        platform: 'browser',
        write: false,
        logLevel: 'silent',
        conditions: ['production'],
        define: { 'process.env.NODE_ENV': '"production"' },
      })
      .then((out) => out.outputFiles[0]!.text);
    bundles.set(key, bundle);
  }
  return bundle;
}

/**
 * The client class `name` of `module`, bundled once per process as an IIFE that defines
 * `window[factory](token, url)`, which makes a client pointed at `url`.
 */
export function officialClientBundle(module: string, name: string, factory: string): Promise<string> {
  return bundleOfficial(`import { ${name} } from '${module}';
    window.${factory} = (token, url) => new ${name}(token, { endpoints: { testAPIURL: url } });`);
}
