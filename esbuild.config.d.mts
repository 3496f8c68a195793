import type { BuildOptions } from 'esbuild';
/** The outputs of dist/, keyed by build name. */
export declare const builds: Record<'esm' | 'reactExternal' | 'iife' | 'client', BuildOptions>;
