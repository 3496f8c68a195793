import type { BuildOptions, Metafile } from 'esbuild';
/**
 * One output's options, esbuild-shaped. A widget build (`bundler: 'rollup'`) is bundled by Rollup
 * with esbuild transforming and minifying; its extra keys say how (scripts/lib/widget-build.mjs).
 */
export type OutputOptions = BuildOptions & {
  bundler?: 'rollup';
  /** Dynamic imports sent to a file of another build beside the entry. */
  dynamicBeside?: { importer: RegExp; specifier: string; file: string }[];
  /** Packages whose unused imports may drop out. */
  sideEffectsFree?: string[];
};
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'wordsLoad' | 'reactExternal' | 'iife' | 'client' | 'b2bClient' | 'b2b' | 'compat', OutputOptions>;
/** The Node outputs of dist/: stytch-ui/server and the `stytch-ui` command. */
export declare const nodeBuilds: Record<'server' | 'cli', BuildOptions>;
/** The host integrations under hosts/, built after dist/ into hosts/dist/. */
export declare const hostBuilds: Record<'react' | 'vue' | 'angular' | 'testWallet', BuildOptions>;
/** Builds one output (writes it); resolves to its metafile (a widget's in esbuild's shape, from Rollup's bundle). */
export declare function build(options: OutputOptions): Promise<Metafile>;
/** Rebuilds one output on every change (npm start); resolves to what stops it. */
export declare function watch(options: OutputOptions, name?: string): Promise<{ dispose(): unknown }>;
/** The options `npm start` watches with: unminified, NODE_ENV development, the other defines kept. */
export declare function watchOptions<T extends OutputOptions>(options: T): T;
/** A widget build's Rollup bundle in memory (nothing written): its metafile, in esbuild's shape. */
export declare function generate(options: OutputOptions): Promise<Metafile>;
