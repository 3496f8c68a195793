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
 * The admin portal's words over the shared ones (format: catalog.ts): its English and each
 * shipped locale's admin catalog, `locales-admin/<tag>.ts`, a lazy chunk of the admin elements
 * only. The official portal has no message ids; ours follow the catalog's style under
 * `adminPortal.`. Server errors (an RBAC refusal's `unauthorized_action`) come from the shared
 * catalog, translated with the rest.
 */
export const adminWords: WordsLine = {
  english: () => Promise.resolve(adminMessages),
  catalog(tag) {
    let p = catalogs.get(tag);
    if (!p) {
      p = (import(`./locales-admin/${tag}.ts`) as Promise<AdminLocaleModule>).then(
        (m) => (typeof m.default === 'function' ? m.default(adminMessages) : m.default),
        () => undefined,
      );
      catalogs.set(tag, p);
    }
    return p;
  },
};
