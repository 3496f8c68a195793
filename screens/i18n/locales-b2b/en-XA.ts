// The B2B words in en-XA: made from the B2B English as ../locales/en-XA.ts makes the shared ones.
export { default } from '../locales/en-XA.ts';
