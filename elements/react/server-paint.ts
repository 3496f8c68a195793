/**
 * On a server: the login element's first screen from stytch-ui/server, once per distinct
 * config, styles, strings and language (the render is pure in them). The browser build of
 * stytch-ui/react replaces stytch-ui/server with a stub (esbuild.config.mjs), so pages never
 * carry the server renderer; the Node build imports the package's dist/server.js.
 */
import { renderLoginMarkup, type ServerMarkup, type ServerRenderOptions } from '../server/index.ts';

const rendered = new Map<string, Promise<ServerMarkup | null>>();
/** Enough for every distinct widget of a site; an unbounded cache would grow with per-request configs. */
const KEPT = 64;

/**
 * The markup, or null when it cannot be made (the element then renders in the browser as it
 * would without a server): a config the widget refuses is reported by the element itself.
 */
export function serverMarkup(options: ServerRenderOptions): Promise<ServerMarkup | null> {
  const key = JSON.stringify([options.config, options.styles, options.strings, options.lang]);
  let markup = rendered.get(key);
  if (!markup) {
    markup = renderLoginMarkup(options).catch(() => null);
    if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, markup);
  }
  return markup;
}
