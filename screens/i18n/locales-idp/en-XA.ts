// The consent element's words in en-XA: made from its English as ../locales/en-XA.ts makes the shared ones.
export { default } from '../locales/en-XA.ts';
