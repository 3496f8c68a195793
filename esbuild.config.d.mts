import type { BuildOptions } from 'esbuild';
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'wordsLoad' | 'reactExternal' | 'iife' | 'client' | 'b2bClient' | 'b2b' | 'compat', BuildOptions>;
/** The Node outputs of dist/: stytch-ui/server and the `stytch-ui` command. */
export declare const nodeBuilds: Record<'server' | 'cli', BuildOptions>;
/** The host integrations under hosts/, built after dist/ into hosts/dist/. */
export declare const hostBuilds: Record<'react' | 'vue' | 'angular' | 'testWallet', BuildOptions>;
/** The options `npm start` watches with: unminified, NODE_ENV development, the other defines kept. */
export declare function watchOptions(options: BuildOptions): BuildOptions;
/** What `watchAll` watches: the library's and the hosts' contexts, and a wait for the library to be idle. */
export interface Watching {
  library: import('esbuild').BuildContext[];
  hosts: import('esbuild').BuildContext[];
  idle(): Promise<void>;
  dispose(): Promise<unknown>;
}
/** Watches the library and the hosts; a host builds only while no library build runs. Resolves after the first round. */
export declare function watchAll(options?: {
  library?: Record<string, BuildOptions>;
  hosts?: Record<string, BuildOptions>;
  report?: (kind: 'error' | 'warning', messages: import('esbuild').Message[]) => void;
  /** Called when a host build has to wait for the library's builds. */
  onHostWait?: () => void;
}): Promise<Watching>;
/** `--watch` and `npm start`: a clean dist/, the Node outputs once, then `watchAll`. */
export declare function buildAndWatch(): Promise<Watching>;
