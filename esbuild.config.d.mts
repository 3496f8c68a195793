import type { BuildOptions } from 'esbuild';
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'reactExternal' | 'iife' | 'client', BuildOptions>;
/** The host integrations under hosts/, built after dist/ into hosts/dist/. */
export declare const hostBuilds: Record<'react' | 'vue' | 'angular', BuildOptions>;
