import type { Messages, WordsLine } from './catalog.ts';
import { adminMessages } from './en/b2b-admin.ts';

/** Every message id of the admin portal's own catalog (`en/b2b-admin.ts`). */
export type AdminMessageId = keyof typeof adminMessages;

/** A shipped locale's admin portal catalog (`locales-admin/<tag>.ts`): every admin id, in that language. */
export type AdminLocaleCatalog = { readonly [K in AdminMessageId]: string };

/** An admin locale file's default export: its catalog, or (en-XA) a function making it from the admin English. */
type AdminLocaleModule = { default: AdminLocaleCatalog | ((english: Messages) => Messages) };

const catalogs = new Map<string, Promise<Messages | undefined>>();

/**
 * The B2B provider's errors (the ids of `en/b2b-errors.ts`: the last admin, a SAML certificate,
 * an organization gone) in the shipped locale `tag`, as the B2B element's catalog of that locale
 * has them: the portal meets the same provider, and each text lives in that one catalog. Empty
 * when it cannot load; the portal then reads the generic text, as before.
 */
function b2bErrorsIn(tag: string): Promise<Messages> {
  return Promise.all([import('./b2b.ts'), import('./en/b2b-errors.ts')]).then(
    async ([{ b2bWords }, { b2bErrorMessages }]) => {
      const b2b = (await b2bWords.catalog(tag)) ?? {};
      return Object.fromEntries(Object.keys(b2bErrorMessages).flatMap((id) => (b2b[id] === undefined ? [] : [[id, b2b[id]]])));
    },
    () => ({}),
  );
}

/**
 * The admin portal's words over the shared ones (format: catalog.ts): its English and each
 * shipped locale's admin catalog, `locales-admin/<tag>.ts`, a lazy chunk of the admin elements
 * only. The official portal has no message ids; ours follow the catalog's style under
 * `adminPortal.`. Server errors come translated with the rest: the shared ones (an RBAC
 * refusal's `unauthorized_action`) from the shared catalog, the B2B provider's own from the B2B
 * catalog of the locale (`b2bErrorsIn`), so a site's `strings` may name those ids here too.
 */
export const adminWords: WordsLine = {
  english: () => import('./en/b2b-errors.ts').then((m) => ({ ...m.b2bErrorMessages, ...adminMessages })),
  catalog(tag) {
    let p = catalogs.get(tag);
    if (!p) {
      const own = (import(`./locales-admin/${tag}.ts`) as Promise<AdminLocaleModule>).then(
        (m) => (typeof m.default === 'function' ? m.default(adminMessages) : m.default),
        () => undefined,
      );
      p = Promise.all([own, b2bErrorsIn(tag)]).then(([admin, errors]) => admin && { ...errors, ...admin });
      catalogs.set(tag, p);
    }
    return p;
  },
};
