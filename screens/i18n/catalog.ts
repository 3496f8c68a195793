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
 */
import type { cryptoMessages } from './en/crypto.ts';
import type { errorMessages } from './en/errors.ts';
import type { magicLinkMessages } from './en/magic-link.ts';
import type { mainMessages } from './en/main.ts';
import type { oauthMessages } from './en/oauth.ts';
import type { otpMessages } from './en/otp.ts';
import type { passkeyMessages } from './en/passkey.ts';
import type { passwordMessages } from './en/password.ts';

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

/** Locales written right to left. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];
