/**
 * On a server: the login element's first screen from stytch-ui/server, once per distinct
 * config, styles, strings and language (the render is pure in them).
 *
 * dist/server.js is imported by Node itself at run time, from beside this file, never bundled:
 * so the browser file carries no server renderer, and the first screen renders with the React
 * that dist/server.js imports (the package's), whatever React a server bundler gave the app (a
 * framework's own copy of React cannot drive react-dom/static's renderer).
 */
import type { IdentityProviderRenderOptions, ServerMarkup } from '../server/index.ts';

type Server = typeof import('../server/index.ts');

const rendered = new Map<string, Promise<ServerMarkup | null>>();
/** Enough for every distinct widget of a site; an unbounded cache would grow with per-request configs. */
const KEPT = 64;

let server: Promise<Server> | undefined;
function loadServer(): Promise<Server> {
  // Not a literal: bundlers leave it to Node (and the comments say so to those that look).
  const url = import.meta.url.replace(/[^/]*$/, 'server.js');
  return (server ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ url) as Promise<Server>);
}

/**
 * The markup, or null when it cannot be made (the element then renders in the browser as it
 * would without a server): a config the widget refuses is reported by the element itself.
 */
export function serverMarkup(options: IdentityProviderRenderOptions, element: 'login' | 'identity-provider' = 'login'): Promise<ServerMarkup | null> {
  // Keyed by everything it renders from: React's `use` asks again after each suspension, and must get the same promise.
  const key = JSON.stringify([element, options.config, options.styles, options.strings, options.lang, options.prefetchedConsent]);
  let markup = rendered.get(key);
  if (!markup) {
    markup = loadServer()
      .then((s) => (element === 'login' ? s.renderLoginMarkup(options) : s.renderIdentityProviderMarkup(options)))
      .catch((error: unknown) => {
        console.error(`stytch-ui/react: the ${element} element's first screen could not be rendered on the server; the element renders it in the browser.`, error);
        return null;
      });
    if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, markup);
  }
  return markup;
}
