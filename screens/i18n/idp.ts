import type { Messages, WordsLine } from './catalog.ts';
import { idpMessages } from './en/idp.ts';

/** An IDP locale file's default export: its catalog, or (en-XA) a function making it from the English. */
type IdpLocaleModule = { default: Messages | ((english: Messages) => Messages) };

const catalogs = new Map<string, Promise<Messages | undefined>>();

/**
 * The consent element's words over the shared ones (format: catalog.ts): its English, and each
 * shipped locale's, `locales-idp/<tag>.ts`, a lazy chunk of the consent element only (not
 * under `locales/`, for the reason `b2b.ts` gives), so the login elements never carry them.
 */
export const idpWords: WordsLine = {
  english: () => Promise.resolve(idpMessages),
  catalog(tag) {
    let p = catalogs.get(tag);
    if (!p) {
      p = (import(`./locales-idp/${tag}.ts`) as Promise<IdpLocaleModule>).then(
        (m) => (typeof m.default === 'function' ? m.default(idpMessages) : m.default),
        () => undefined,
      );
      catalogs.set(tag, p);
    }
    return p;
  },
};
