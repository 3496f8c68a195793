/**
 * The widget's message catalogs: every user-facing string, accessible name, toast and error.
 *
 * FORMAT (mirror it for a new locale)
 * - Keys are message ids. Where the official prebuilt UI has a message for the same string, the
 *   key is its id (`@stytch/vanilla-js/messages/en.po`: `button.continue`, `passcode.title`, …),
 *   so a site moving from it keeps its `strings` object; ids of ours follow the same style
 *   (dotted, camelCase segments) and are listed in the README. A server error's id is
 *   `error.` + its `error_type` in camelCase (`otp_code_not_found` → `error.otpCodeNotFound`),
 *   as the official catalog names them.
 * - Values are ICU MessageFormat with the parameters the English value names (`{email}`,
 *   `{timeRemaining}`, …). `<bold>…</bold>` marks the part shown in bold (the official tag).
 *   Plural, select and number forms may be used wherever a language needs them.
 * - English lives in `en/`, one file per flow, so each flow's words load with its screens and
 *   the first load carries only Main's (`en/main.ts`). English values use only `{param}` and
 *   `<bold>` (a test holds them to it): the English path needs no ICU parser.
 * - Every other locale is ONE file, `locales/<BCP 47 tag>.ts` (`fr.ts`, `pt-BR.ts`, `zh-CN.ts`),
 *   whose default export is a `LocaleCatalog`: every id of every English part, server errors
 *   (`en/errors.ts`) included. Each file is its own lazy chunk, loaded only when that locale is
 *   chosen; the file's presence is what ships the locale. `en-XA` (pseudo-locale: accented,
 *   40% longer) is generated from English, never written by hand.
 * - The B2B element's words are a catalog of their own (the official B2B catalog's ids, and
 *   the errors only the B2B provider answers; its consent screen's ids, `idpConsent.*` and
 *   `idpLogout.*`, are the consent element's catalog, `en/idp.ts` and `locales-idp/`, one for
 *   both lines): English in `en/b2b.ts` and
 *   `en/b2b-errors.ts`, each locale in `locales-b2b/<tag>.ts` (a `B2BLocaleCatalog`, its
 *   own chunk, loaded only by the B2B element beside the shared one), so the login element's
 *   chunks never carry them. The B2B element reads its catalog first, then the shared one.
 */
import type { ReactNode } from 'react';
import type { b2bMessages } from './en/b2b.ts';
import type { b2bErrorMessages } from './en/b2b-errors.ts';
import type { cryptoMessages } from './en/crypto.ts';
import type { errorMessages } from './en/errors.ts';
import type { idpMessages } from './en/idp.ts';
import type { magicLinkMessages } from './en/magic-link.ts';
import type { mainMessages } from './en/main.ts';
import type { oauthMessages } from './en/oauth.ts';
import type { otpMessages } from './en/otp.ts';
import type { passkeyMessages } from './en/passkey.ts';
import type { passwordMessages } from './en/password.ts';
import type { Values } from './format.ts';

/** One part of the English catalog: ids to ICU values. */
export type Messages = { readonly [id: string]: string };

/** Every message id the widget knows. */
export type MessageId =
  | keyof typeof mainMessages
  | keyof typeof otpMessages
  | keyof typeof magicLinkMessages
  | keyof typeof passwordMessages
  | keyof typeof passkeyMessages
  | keyof typeof cryptoMessages
  | keyof typeof oauthMessages
  | keyof typeof errorMessages;

/** A shipped locale's catalog: every id, in that language (the key-coverage test checks it). */
export type LocaleCatalog = { readonly [K in MessageId]: string };

/** Every message id of the B2B element's own catalog: the official B2B catalog's (`en/b2b.ts`) and the errors only the B2B provider answers (`en/b2b-errors.ts`). */
export type B2BMessageId = keyof typeof b2bMessages | keyof typeof b2bErrorMessages;

/** A shipped locale's B2B catalog (`locales-b2b/<tag>.ts`): every B2B id, in that language. */
export type B2BLocaleCatalog = { readonly [K in B2BMessageId]: string };

/** A shipped locale's catalog of the consent element's words (`locales-idp/<tag>.ts`, English in `en/idp.ts`). */
export type IdpLocaleCatalog = { readonly [K in keyof typeof idpMessages]: string };

/**
 * A product line's own words, laid over the login element's: the B2B element's (`b2b.ts`).
 * Its ids are the official B2B catalog's, some shared with the login element's in name but
 * not in text (`button.goBack`, `password.forgot.title`), so its catalog wins for its ids and
 * the shared catalog answers the rest (server errors, shared components).
 */
export interface WordsLine {
  /** Its whole English: the ids a site's `strings` may name beside the shared ones, and their parameters. */
  english(): Promise<Messages>;
  /** Its catalog in the shipped locale `tag` (its own lazy chunk), undefined when it has none. */
  catalog(tag: string): Promise<Messages | undefined>;
}

/** Locales written right to left. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];

/** Renders a rich-text tag (`<bold>`) around its content. */
export type TagRenderer = (name: string, children: ReactNode[]) => ReactNode;

/** What one widget instance speaks: its locale, its direction and its words. */
export interface Words {
  /** The BCP 47 tag of the catalog in use ('en' when none loaded). */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /** The load of the locale's catalog, the ICU parser or the override checks (none for plain English); the widget waits for it before painting. */
  readonly ready: Promise<void> | undefined;
  /** The text of `id` (the site's override, else the locale's, else `english`) as plain text. */
  text(id: string, english: string, values?: Values): string;
  /** The same as rich text: `<bold>` becomes `<strong>`, parameters may be elements. */
  rich(id: string, english: string, values?: Values): ReactNode;
  /** The override's or the locale's text of `id` when either has one (server errors: English shows the provider's own). */
  translated(id: string, values?: Values): string | undefined;
  /** A number in the locale's digits. */
  number(n: number, options?: Intl.NumberFormatOptions): string;
}

/** What a widget instance is given: its locale choices, the site's overrides, and where refusals go. */
export interface WordsOptions {
  /** The config's `locale`, else the element's `lang`, else the page's `<html lang>`. */
  requested: string | undefined;
  /** The site's `strings`: official ids to ICU messages. */
  strings: unknown;
  report(error: Error): void;
  /** The product line's own words over the shared ones (the B2B element's); none for the login element. */
  line?: WordsLine | undefined;
}
