import type { B2BLocaleCatalog, Messages, WordsLine } from './catalog.ts';
import { b2bMessages } from './en/b2b.ts';

/** A B2B locale file's default export: its catalog, or (en-XA) a function making it from the B2B English. */
type B2BLocaleModule = { default: B2BLocaleCatalog | ((english: Messages) => Messages) };

const catalogs = new Map<string, Promise<Messages | undefined>>();

/**
 * The B2B element's words over the login element's (format: catalog.ts): its English, and each
 * shipped locale's B2B catalog, `locales-b2b/<tag>.ts`, a lazy chunk of the B2B element only.
 * Not under `locales/`: esbuild expands the shared loader's `./locales/${tag}.ts` into every
 * subfolder too, which would put these files in the login element's builds. Handed to
 * `useWords` by the B2B element alone, so the login element's build never reaches them.
 */
export const b2bWords: WordsLine = {
  // The errors' English is a chunk of its own, loaded only to check a site's `strings` or make
  // en-XA. The official B2B catalog's consent screen ids are the consent element's words
  // (`en/idp.ts`, one catalog for both lines): a site's `strings` for the official B2B UI may
  // still name them, so they count as ids here.
  english: () => Promise.all([import('./en/b2b-errors.ts'), import('./en/idp.ts')]).then(([errors, idp]) => ({ ...idp.idpMessages, ...errors.b2bErrorMessages, ...b2bMessages })),
  catalog(tag) {
    let p = catalogs.get(tag);
    if (!p) {
      p = (import(`./locales-b2b/${tag}.ts`) as Promise<B2BLocaleModule>).then(
        async (m) => (typeof m.default === 'function' ? m.default(await b2bWords.english()) : m.default),
        () => undefined,
      );
      catalogs.set(tag, p);
    }
    return p;
  },
};
