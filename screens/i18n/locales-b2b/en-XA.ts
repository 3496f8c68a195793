import type { B2BLocaleCatalog, Messages } from '../catalog.ts';
import { pseudo } from '../locales/en-XA.ts';

/** The B2B words in en-XA, made from the B2B English as ../locales/en-XA.ts makes the shared ones. */
export default function pseudoB2B(english: Messages): B2BLocaleCatalog {
  return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudo(text)])) as unknown as B2BLocaleCatalog;
}
