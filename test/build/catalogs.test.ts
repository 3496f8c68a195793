// The message catalogs against the code around them: every error type the provider can
// answer has an id in English and in every shipped locale; English needs no ICU parser; the
// README lists every id of ours (the ones the official catalog lacks).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LocaleCatalog } from '../../screens/i18n/catalog.ts';
import { englishMessages } from '../../screens/i18n/en/all.ts';
import { errorMessages } from '../../screens/i18n/en/errors.ts';
import { isSimple } from '../../screens/i18n/load.ts';
import { b2bMessages } from '../../screens/i18n/en/b2b.ts';
import { errorMessageId } from '../../screens/hooks/useReportError.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? sources(p) : /\.ts$/.test(f) ? [p] : [];
  });
}

/**
 * Every `error_type` the provider can answer, read from its source: the type given to an
 * ApiError (or a subclass's super call), either branch of a conditional type, and the
 * not-found types of the factor tables.
 */
function providerErrorTypes(): Set<string> {
  const types = new Set<string>();
  for (const file of sources('provider')) {
    const code = readFileSync(join(root, file), 'utf8');
    for (const m of code.matchAll(/(?:new ApiError|super)\(\s*\d{3},\s*([^,]+),/g)) {
      for (const lit of m[1]!.matchAll(/'([a-z][a-z0-9_]*)'/g)) types.add(lit[1]!);
    }
    for (const m of code.matchAll(/notFound: '([a-z_]+)'/g)) types.add(m[1]!);
    for (const m of code.matchAll(/remove\('[^']+', '[a-z_]+', '([a-z_]+)'\)/g)) types.add(m[1]!);
  }
  return types;
}

/** The official B2B catalog: its ids and English texts. */
function officialB2B(): Map<string, string> {
  const po = readFileSync(join(root, 'node_modules/@stytch/vanilla-js/messages/b2b/en.po'), 'utf8');
  return new Map([...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [m[1]!, JSON.parse(`"${m[2]!}"`) as string]));
}

/** Every shipped locale's B2B catalog: each file under screens/i18n/locales-b2b (en-XA is made from the B2B English). */
async function shippedB2BLocales(): Promise<Record<string, Record<string, string>>> {
  const dir = join(root, 'screens/i18n/locales-b2b');
  const out: Record<string, Record<string, string>> = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const m = (await import(pathToFileURL(join(dir, f)).href)) as { default: Record<string, string> | ((en: Record<string, string>) => Record<string, string>) };
    out[f.replace(/\.ts$/, '')] = typeof m.default === 'function' ? m.default(b2bMessages) : m.default;
  }
  return out;
}

/** Every shipped locale: each file under screens/i18n/locales (en-XA is made from English). */
async function shippedLocales(): Promise<Record<string, LocaleCatalog>> {
  const dir = join(root, 'screens/i18n/locales');
  const out: Record<string, LocaleCatalog> = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const m = (await import(pathToFileURL(join(dir, f)).href)) as { default: LocaleCatalog | ((en: LocaleCatalog) => LocaleCatalog) };
    out[f.replace(/\.ts$/, '')] = typeof m.default === 'function' ? m.default(englishMessages) : m.default;
  }
  return out;
}

describe('message catalogs', () => {
  const types = providerErrorTypes();

  it('reads the provider: dozens of error types, the computed ones included', () => {
    assert.ok(types.size > 60, `only ${types.size} error types read`);
    for (const t of ['otp_code_not_found', 'breached_password', 'weak_password', 'email_not_found', 'totp_not_found', 'product_not_enabled', 'invalid_public_key_credential', 'too_many_failed_attempts']) assert.ok(types.has(t), t);
  });

  it('names a server error by its type as the official catalog does', () => {
    assert.equal(errorMessageId('otp_code_not_found'), 'error.otpCodeNotFound');
    assert.equal(errorMessageId('unable_to_auth_magic_link'), 'error.unableToAuthMagicLink');
  });

  it('has an English text for every error type the provider can answer', () => {
    const missing = [...types].map(errorMessageId).filter((id) => !Object.hasOwn(errorMessages, id) && !Object.hasOwn(englishMessages, id));
    assert.deepEqual(missing, []);
  });

  it('has a text for every error type the provider can answer in every shipped locale', async () => {
    const locales = await shippedLocales();
    assert.ok('en-XA' in locales);
    const missing = Object.entries(locales).flatMap(([tag, catalog]) =>
      [...types].map(errorMessageId).filter((id) => typeof (catalog as Record<string, string>)[id] !== 'string').map((id) => `${tag}: ${id}`),
    );
    assert.deepEqual(missing, []);
  });

  it('keeps English to {param} and <bold>, so English never loads the ICU parser', () => {
    assert.deepEqual(Object.entries(englishMessages).filter(([, v]) => !isSimple(v)).map(([id]) => id), []);
  });

  it('lists every id of ours (the ones the official catalog lacks) in the README', () => {
    const official = new Set([...readFileSync(join(root, 'node_modules/@stytch/vanilla-js/messages/en.po'), 'utf8').matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]!));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    // Server errors are named by rule (`error.` + the type), so the README states the rule instead.
    const ours = Object.keys(englishMessages).filter((id) => !official.has(id) && !id.startsWith('error.'));
    assert.ok(ours.length > 10);
    assert.deepEqual(ours.filter((id) => !readme.includes(`\`${id}\``)), []);
  });

  it('has every id of the official B2B catalog in English with its text, simple enough for the English path', () => {
    const official = officialB2B();
    assert.equal(official.size, 204);
    // A plural whose forms read the same is its `other` form, `#` written as the parameter.
    const simple = (text: string) => text.replace(/^\{(\w+), plural, one \{.*?\} other \{(.*)\}\}$/, (_, p: string, other: string) => other.replaceAll('#', `{${p}}`));
    assert.deepEqual([...official.keys()].filter((id) => !Object.hasOwn(b2bMessages, id)), [], 'missing');
    for (const [id, text] of Object.entries(b2bMessages)) {
      assert.equal(text, simple(official.get(id) ?? '(not an official id)'), id);
      assert.ok(isSimple(text), id);
    }
  });

  it('has every id of the official B2B catalog in every shipped B2B locale, and no other', async () => {
    const official = [...officialB2B().keys()];
    const locales = await shippedB2BLocales();
    // The B2B element speaks every language the login element does.
    assert.deepEqual(Object.keys(locales).sort(), Object.keys(await shippedLocales()).sort());
    for (const [tag, catalog] of Object.entries(locales)) {
      assert.deepEqual(official.filter((id) => typeof catalog[id] !== 'string' || catalog[id] === ''), [], `${tag}: missing`);
      assert.deepEqual(Object.keys(catalog).filter((id) => !Object.hasOwn(b2bMessages, id)), [], `${tag}: not a B2B id`);
    }
  });
});
