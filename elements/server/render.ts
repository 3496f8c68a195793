import createCache from '@emotion/cache';
import { createStore } from 'jotai';
import { prerender } from 'react-dom/static';
import type { WidgetCallbacks } from '../../screens/context.ts';
import { resolveConfig } from '../../screens/config/resolve.ts';
import { configMessages } from '../../screens/components/ConfigError.tsx';
import { compileTheme, SCOPE_ATTRIBUTE, type StyleConfig } from '../../theme/index.ts';
import { EMOTION_IDS_ATTRIBUTE, EMOTION_KEY, markupFingerprint, SSR_ATTRIBUTE } from '../base/server-markup.ts';
import { widgetTree } from '../base/widget-tree.ts';
import { LoginApp } from '../../screens/login/LoginApp.tsx';
import { IdpApp } from '../../screens/idp/IdpApp.tsx';
import { readPrefetchedConsent, type PrefetchedConsent } from '../../screens/idp/prefetched.ts';
import type { AppProps, Mode } from '../../screens/App.tsx';
import type { ComponentType } from 'react';
import { InvalidConfigError, InvalidStylesError } from '../errors.ts';

/** What to render: the same config, styles and nonce the page gives the element. */
export interface ServerRenderOptions {
  /** The element's `config` (an object, or its JSON text). */
  config?: unknown;
  /** The element's `styles` (an object, or its JSON text). */
  styles?: StyleConfig | string | undefined;
  /** The element's nonce: set on every style tag, so a page whose CSP names it applies them. */
  nonce?: string | undefined;
  /** Light DOM only: the scope id of the widget's sheet (random when left out). */
  scopeId?: string | undefined;
  /** The element's `strings` overrides (official message ids to ICU messages). */
  strings?: unknown;
  /** The element's `lang` (else the page's): the locale when the config names none. */
  lang?: string | undefined;
}

/** The consent element's options: the shell's, and the consent the site's server already started. */
export interface IdentityProviderRenderOptions extends ServerRenderOptions {
  /**
   * The server API's authorize start for this page's query and the signed-in user's session,
   * with that query and the project's name (an object, or its JSON text): the first paint is
   * then the consent screen itself, and the element shows it without asking again.
   */
  prefetchedConsent?: PrefetchedConsent | string | undefined;
}

/** The element's first screen, as parts a host template places itself. */
export interface ServerMarkup {
  /** Attributes the element's tag needs beside config, styles and nonce (light DOM: the scope id). */
  attributes: Record<string, string>;
  /** What goes inside the tag: a declarative shadow root, or the light-DOM markup. */
  children: string;
  /** Whether `children` is a declarative shadow root (`config.enableShadowDOM`). */
  shadow: boolean;
  /** Style values the widget refused (it keeps their defaults), as the element would report them. */
  warnings: InvalidStylesError[];
}

const parseJson = (value: unknown, what: string): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new InvalidConfigError(`Error: Invalid ${what}: expected JSON`, { cause });
  }
};

/** Escapes text for a double-quoted attribute value. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// A host's style value could close the tag; `<\/style` is the same text to CSS.
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

const styleTag = (css: string, nonce: string | undefined, attributes = '') => `<style${attributes}${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${styleText(css)}</style>`;

const ignore: WidgetCallbacks = { onEvent: () => {}, onError: () => {} };

/**
 * Renders `<stytch-ui>`'s first screen (Main) to HTML that the element adopts when its script
 * arrives: React hydrates it, so nothing on screen changes and what the user typed stays.
 * React's static renderer waits for Main's on-demand parts, so the HTML is the whole screen.
 * A config the widget refuses throws InvalidConfigError with the text the widget would show.
 */
export async function renderLoginMarkup(options: ServerRenderOptions = {}): Promise<ServerMarkup> {
  const config = parseJson(options.config, 'config');
  const resolved = resolveConfig(config, configMessages());
  if (!resolved.ok) throw new InvalidConfigError(resolved.message);
  return renderMarkup('login', LoginApp, config, resolved.value.enableShadowDOM, options);
}

/**
 * Renders `<stytch-identity-provider>`'s first paint: its wait (the same whatever the page's
 * query and session: the browser hydrates it, then reads both), or, given the consent the
 * site's server started for this request (`prefetchedConsent`), the consent screen itself.
 * `config` is optional (the element takes none; `enableShadowDOM` chooses a declarative shadow
 * root). A prefetched consent of the wrong shape throws InvalidConfigError naming the field.
 */
export async function renderIdentityProviderMarkup(options: IdentityProviderRenderOptions = {}): Promise<ServerMarkup> {
  const config = parseJson(options.config, 'config');
  const shadow = (config as { enableShadowDOM?: unknown } | undefined)?.enableShadowDOM === true;
  const prefetched = parseJson(options.prefetchedConsent, 'prefetchedConsent');
  if (prefetched !== undefined) {
    const read = readPrefetchedConsent(prefetched);
    if (!read.ok) throw new InvalidConfigError(`Error: ${read.message}`);
  }
  return renderMarkup('identity-provider', IdpApp, config, shadow, options, prefetched === undefined ? {} : { idp: { prefetchedConsent: prefetched } });
}

/** One element's first screen: its React tree rendered to HTML, with its theme and Emotion rules; `flow` is what the element adds to its flow's props. */
async function renderMarkup(mode: Mode, component: ComponentType<AppProps>, config: unknown, shadow: boolean, options: ServerRenderOptions, flow: Pick<AppProps, 'idp'> = {}): Promise<ServerMarkup> {
  const styles = (parseJson(options.styles, 'styles') ?? {}) as StyleConfig;
  const scopeId = shadow ? undefined : (options.scopeId ?? Math.random().toString(36).slice(2, 10));
  const { css, issues } = compileTheme(styles, scopeId === undefined ? { kind: 'shadow' } : { kind: 'light', scopeId });

  // Compat mode: Emotion keeps each rule in `inserted` (id -> CSS) instead of writing a style
  // tag beside every element, so the rules go into one tag with the theme, out of React's tree.
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  const failures: unknown[] = [];
  const tree = widgetTree({
    cache,
    component,
    app: { mode, store: createStore(), config, styles, callbacks: ignore, strings: parseJson(options.strings, 'strings'), lang: options.lang, ...flow },
  });
  const { prelude } = await prerender(tree, {
    ...(scopeId === undefined ? {} : { identifierPrefix: `${scopeId}:` }),
    onError: (error) => {
      failures.push(error);
    },
  });
  const body = await new Response(prelude).text();
  if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));

  const rules = Object.entries(cache.inserted).filter((e): e is [string, string] => typeof e[1] === 'string');
  const emotion = rules.length > 0 ? styleTag(rules.map(([, r]) => r).join(''), options.nonce, ` ${EMOTION_IDS_ATTRIBUTE}="${rules.map(([id]) => id).join(' ')}"`) : '';
  const fingerprint = markupFingerprint(mode, config, styles);
  const markup =
    `<div hidden>${styleTag(css, options.nonce)}${emotion}</div>` +
    `<stytch-widget-root ${SSR_ATTRIBUTE}="${fingerprint}" style="display:grid;grid-template-columns:minmax(min-content, var(--stytch-container-width))">${body}</stytch-widget-root>`;
  return {
    attributes: scopeId === undefined ? {} : { [SCOPE_ATTRIBUTE]: scopeId },
    children: shadow ? `<template shadowrootmode="open">${markup}</template>` : markup,
    shadow,
    warnings: issues.map((i) => new InvalidStylesError(i.path, i.message)),
  };
}

/**
 * The whole `<stytch-ui>` element, first screen included, with its config, styles and nonce
 * as attributes: paste it where the widget goes and load the widget's script as usual.
 */
export async function renderLoginToString(options: ServerRenderOptions = {}): Promise<string> {
  const markup = await renderLoginMarkup(options);
  const attributes: Record<string, string> = { config: jsonText(options.config ?? {}) };
  if (options.styles !== undefined) attributes.styles = jsonText(options.styles);
  return wholeElement('stytch-ui', attributes, options, markup);
}

/** The whole `<stytch-identity-provider>` element with its first paint: paste it where the consent goes. */
export async function renderIdentityProviderToString(options: IdentityProviderRenderOptions = {}): Promise<string> {
  const markup = await renderIdentityProviderMarkup(options);
  const attributes: Record<string, string> = {};
  if (options.config !== undefined) attributes.config = jsonText(options.config);
  if (options.styles !== undefined) attributes.styles = jsonText(options.styles);
  // The element reads the same consent, so its first render is the screen the server drew.
  if (options.prefetchedConsent !== undefined) attributes['prefetched-consent'] = jsonText(options.prefetchedConsent);
  return wholeElement('stytch-identity-provider', attributes, options, markup);
}

/** An attribute's text: a string as the page gave it (its own JSON), anything else as JSON. */
const jsonText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The element `tag` holding the markup, with `attributes`, the nonce and the markup's own attributes. */
function wholeElement(tag: string, attributes: Record<string, string>, options: ServerRenderOptions, markup: ServerMarkup): string {
  const all = { ...attributes, ...(options.nonce ? { nonce: options.nonce } : {}), ...markup.attributes };
  const text = Object.entries(all)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  return `<${tag}${text}>${markup.children}</${tag}>`;
}
