/** Script-tag entry: the widget plus the headless client, so a plain page needs one file. */
export * from './index.ts';
export { createClient } from '../client/index.ts';
