/**
 * On a server: the login element's first screen from stytch-ui/server, once per distinct
 * config, styles, strings and language (the render is pure in them). Loaded by name at run time,
 * never bundled: the browser build of stytch-ui/react must not carry the server renderer.
 */
import type { ServerMarkup, ServerRenderOptions } from '../server/index.ts';

const rendered = new Map<string, Promise<ServerMarkup | null>>();
/** Enough for every distinct widget of a site; an unbounded cache would grow with per-request configs. */
const KEPT = 64;

// Not a string literal, so no bundler follows it into the browser build; a server bundler leaves
// it to Node (webpackIgnore / turbopackIgnore / @vite-ignore), which finds the package by name.
const SERVER_MODULE = ['stytch-ui', 'server'].join('/');
const loadServer = () => import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ SERVER_MODULE) as Promise<typeof import('../server/index.ts')>;

/**
 * The markup, or null when it cannot be made here (the element then renders in the browser as
 * it would without a server): a config the widget refuses is reported by the element itself.
 */
export function serverMarkup(options: ServerRenderOptions): Promise<ServerMarkup | null> {
  const key = JSON.stringify([options.config, options.styles, options.strings, options.lang]);
  let markup = rendered.get(key);
  if (!markup) {
    markup = loadServer()
      .then((server) => server.renderLoginMarkup(options))
      .catch(() => null);
    if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, markup);
  }
  return markup;
}
