import type { BuildOptions, Metafile } from 'esbuild';
/**
 * One output's options, esbuild-shaped. A Rollup build (`bundler: 'rollup'`: the widget files, the
 * headless clients) is bundled by Rollup with esbuild transforming and minifying; its extra keys
 * say how (bundler/rollup.mjs).
 */
export type OutputOptions = BuildOptions & {
  bundler?: 'rollup';
  /** A widget build (`widget(...)`): its entry is the whole first load, with the compile hint. */
  widget?: boolean;
  /** Dynamic imports sent to a file of another build beside the entry. */
  dynamicBeside?: { importer: RegExp; specifier: string; file: string }[];
  /** Packages whose unused imports may drop out. */
  sideEffectsFree?: string[];
};
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'reactExternal' | 'b2b' | 'compat' | 'iife' | 'wordsLoad' | 'client' | 'b2bClient' | 'b2bReactExternal' | 'react' | 'reactB2B', OutputOptions>;
/** The Node outputs of dist/: stytch-ui/server and the `stytch-ui` command. */
export declare const nodeBuilds: Record<'server' | 'cli', BuildOptions>;
/** The host integrations under hosts/ (and the demo's test wallet), built after dist/ into hosts/dist/. */
export declare const hostBuilds: Record<'react' | 'reactSdk' | 'vue' | 'angular' | 'testWallet', BuildOptions>;
/** Builds one output (writes it); resolves to its metafile (a Rollup build's in esbuild's shape, from Rollup's bundle). */
export declare function build(options: OutputOptions): Promise<Metafile>;
/** The options `npm start` watches with: unminified, NODE_ENV development, the other defines kept. */
export declare function watchOptions<T extends OutputOptions>(options: T): T;
/** One output built in memory (nothing written): its metafile (a Rollup build's in esbuild's shape). */
export declare function generate(options: OutputOptions): Promise<Metafile>;
/** A Rollup build's files in memory (nothing written), by file name: code, source map, whether it is the entry. */
export declare function generateFiles(options: OutputOptions): Promise<Map<string, { code: string; map: import('rollup').SourceMap | null; isEntry: boolean }>>;
/** A widget build's files and metafile from one bundle in memory (nothing written). */
export declare function generateOutput(options: OutputOptions): Promise<{ files: Map<string, { code: string; map: import('rollup').SourceMap | null; isEntry: boolean }>; metafile: Metafile }>;
/** The first line of a production widget entry: V8 compiles all of the file's functions while it downloads. */
export declare const COMPILE_HINT: string;
/** What `watchAll` watches: the library's and the hosts' contexts, and a wait for the library to be idle. */
export interface Watching {
  /** esbuild contexts (rebuild()), and for the Rollup builds Rollup watchers (dispose() only). */
  library: Array<import('esbuild').BuildContext | { dispose(): unknown }>;
  hosts: import('esbuild').BuildContext[];
  idle(): Promise<void>;
  dispose(): Promise<unknown>;
}
/** Watches the library and the hosts; a host builds only while no library build runs. Resolves after the first round. */
export declare function watchAll(options?: {
  library?: Record<string, OutputOptions>;
  hosts?: Record<string, BuildOptions>;
  report?: (kind: 'error' | 'warning', messages: import('esbuild').Message[]) => void;
  /** Called when a host build has to wait for the library's builds. */
  onHostWait?: () => void;
}): Promise<Watching>;
/** `--watch` and `npm start`: a clean dist/, the Node outputs once, then `watchAll`. */
export declare function buildAndWatch(): Promise<Watching>;
