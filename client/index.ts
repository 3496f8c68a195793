/** Headless client entry: no React, no rendering. */
export const SDK_VERSION = '5.14.1';
export * from './schemas/index.ts';
