// The admin portal's words in en-XA: made from the admin English as ../locales/en-XA.ts makes the shared ones.
export { default } from '../locales/en-XA.ts';
