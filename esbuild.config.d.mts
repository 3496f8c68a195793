import type { BuildOptions } from 'esbuild';
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'wordsLoad' | 'reactExternal' | 'iife' | 'client' | 'compat', BuildOptions>;
/** The Node outputs of dist/: stytch-ui/server and the `stytch-ui` command. */
export declare const nodeBuilds: Record<'server' | 'cli', BuildOptions>;
/** The host integrations under hosts/, built after dist/ into hosts/dist/. */
export declare const hostBuilds: Record<'react' | 'vue' | 'angular' | 'testWallet', BuildOptions>;
/** The options `npm start` watches with: unminified, NODE_ENV development, the other defines kept. */
export declare function watchOptions(options: BuildOptions): BuildOptions;
