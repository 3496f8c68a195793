// The message catalogs against the code around them: every error type the provider can
// answer has an id in English and in every shipped locale; English needs no ICU parser; the
// docs/CONFIGURATION.md lists every id of ours (the ones the official catalog lacks).
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
import { b2bErrorMessages } from '../../screens/i18n/en/b2b-errors.ts';
import { adminMessages } from '../../screens/i18n/en/b2b-admin.ts';
import { idpMessages } from '../../screens/i18n/en/idp.ts';
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
 * not-found types of the factor tables (spread into an ApiError from a table of pairs). `b2bOnly`: those answered only by the B2B files
 * (`b2b` in the path), which only the B2B element meets.
 */
function providerErrorTypes(): { all: Set<string>; b2bOnly: Set<string> } {
  const all = new Set<string>();
  const shared = new Set<string>();
  for (const file of sources('provider')) {
    const code = readFileSync(join(root, file), 'utf8');
    const found: string[] = [];
    // A spread (`...NOT_THEIRS[kind]`) is read from its table below, not from what follows it.
    for (const m of code.matchAll(/(?:new ApiError|super)\(\s*\d{3},(?!\s*\.\.\.)\s*([^,]+),/g)) {
      for (const lit of m[1]!.matchAll(/'([a-z][a-z0-9_]*)'/g)) found.push(lit[1]!);
    }
    for (const m of code.matchAll(/notFound: '([a-z_]+)'/g)) found.push(m[1]!);
    // The trusted auth tokens' refusal helper (`refused('type', why)`). saml.ts has one of the same
    // name whose types only the B2B element meets, though the file is not under b2b/: not read here.
    if (file.endsWith('trusted-auth-tokens.ts')) for (const m of code.matchAll(/\brefused\('([a-z][a-z0-9_]*)',/g)) found.push(m[1]!);
    for (const m of code.matchAll(/remove\('[^']+', '[a-z_]+', '([a-z_]+)'\)/g)) found.push(m[1]!);
    // A table of [error type, message] pairs spread into an ApiError (the factor removals' not-found types).
    for (const m of code.matchAll(/^\s+[a-z_]+: \['([a-z][a-z0-9_]*)', '[A-Z][^']*'\],?$/gm)) found.push(m[1]!);
    for (const t of found) {
      all.add(t);
      if (!/b2b/i.test(file)) shared.add(t);
    }
  }
  return { all, b2bOnly: new Set([...all].filter((t) => !shared.has(t))) };
}

/** The B2B element's whole English: the official B2B catalog's ids and the B2B provider's errors. */
const b2bEnglish: Record<string, string> = { ...b2bErrorMessages, ...b2bMessages };

/** The official B2B catalog: its ids and English texts. */
function officialB2B(): Map<string, string> {
  const po = readFileSync(join(root, 'node_modules/@stytch/vanilla-js/messages/b2b/en.po'), 'utf8');
  return new Map([...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [m[1]!, JSON.parse(`"${m[2]!}"`) as string]));
}

/** The official B2B catalog's consent screen ids: ours are the consent element's words (`en/idp.ts`), one catalog for both lines. */
const isConsentId = (id: string) => /^idp(Consent|Logout)\./.test(id);

/** Every shipped locale's catalog of one line: each file under `dir` (en-XA is made from that line's English). */
async function shippedLineLocales(dir: string, english: Record<string, string>): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts'))) {
    const m = (await import(pathToFileURL(join(root, dir, f)).href)) as { default: Record<string, string> | ((en: Record<string, string>) => Record<string, string>) };
    out[f.replace(/\.ts$/, '')] = typeof m.default === 'function' ? m.default(english) : m.default;
  }
  return out;
}

/** Every shipped locale's B2B catalog: each file under screens/i18n/locales-b2b. */
const shippedB2BLocales = () => shippedLineLocales('screens/i18n/locales-b2b', b2bEnglish);

/** Every shipped locale's admin portal catalog: each file under screens/i18n/locales-admin. */
const shippedAdminLocales = () => shippedLineLocales('screens/i18n/locales-admin', adminMessages);

/** The parameters a message names (`{name}`, `{name, plural, …}`), in order of first use. */
const params = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!))].sort();

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
  const { all: types, b2bOnly } = providerErrorTypes();
  // What the login element can meet: every type but the B2B provider's own.
  const sharedTypes = [...types].filter((t) => !b2bOnly.has(t));
  // The consent element's own errors (a member's organization refusing the app) are texts of its
  // catalog (every locale of it, by its type), the one place they are shown.
  const elsewhere = (id: string) => Object.hasOwn(idpMessages, id);

  it('reads the provider: dozens of error types, the computed ones included, and which only the B2B provider answers', () => {
    assert.ok(types.size > 60, `only ${types.size} error types read`);
    for (const t of [
      'otp_code_not_found',
      'breached_password',
      'weak_password',
      'email_not_found',
      'totp_not_found',
      'product_not_enabled',
      'invalid_public_key_credential',
      'too_many_failed_attempts',
    ])
      assert.ok(types.has(t), t);
    for (const t of ['organization_not_found', 'mfa_already_enrolled', 'saml_invalid_response', 'intermediate_session_not_found']) assert.ok(b2bOnly.has(t), t);
    for (const t of ['otp_code_not_found', 'session_not_found', 'unauthorized_credentials']) assert.ok(!b2bOnly.has(t), t);
  });

  it('names a server error by its type as the official catalog does', () => {
    assert.equal(errorMessageId('otp_code_not_found'), 'error.otpCodeNotFound');
    assert.equal(errorMessageId('unable_to_auth_magic_link'), 'error.unableToAuthMagicLink');
  });

  it("has an English text for every error type the provider can answer: the shared catalog for the login element's, the B2B one over it for the B2B element's", () => {
    const shared = (id: string) => Object.hasOwn(errorMessages, id) || Object.hasOwn(englishMessages, id);
    assert.deepEqual(
      sharedTypes.map(errorMessageId).filter((id) => !shared(id)),
      [],
    );
    assert.deepEqual(
      [...types].map(errorMessageId).filter((id) => !shared(id) && !Object.hasOwn(b2bEnglish, id) && !elsewhere(id)),
      [],
    );
  });

  it("has a text for every error type the provider can answer in every shipped locale, the B2B provider's in the B2B catalogs", async () => {
    const locales = await shippedLocales();
    const b2b = await shippedB2BLocales();
    assert.ok('en-XA' in locales && 'en-XA' in b2b);
    const has = (catalog: object | undefined, id: string) => typeof (catalog as Record<string, string> | undefined)?.[id] === 'string';
    const missing = Object.entries(locales).flatMap(([tag, catalog]) => [
      ...sharedTypes
        .map(errorMessageId)
        .filter((id) => !has(catalog, id))
        .map((id) => `${tag}: ${id}`),
      ...[...types]
        .map(errorMessageId)
        .filter((id) => !has(catalog, id) && !has(b2b[tag], id) && !elsewhere(id))
        .map((id) => `${tag} (B2B): ${id}`),
    ]);
    assert.deepEqual(missing, []);
  });

  it("keeps the B2B provider's errors out of the login element's catalogs", async () => {
    const locales = await shippedLocales();
    const own = Object.keys(b2bErrorMessages);
    assert.ok(own.length > 30);
    assert.deepEqual(
      own.filter((id) => Object.hasOwn(errorMessages, id) || Object.hasOwn(englishMessages, id)),
      [],
    );
    for (const [tag, catalog] of Object.entries(locales))
      assert.deepEqual(
        own.filter((id) => Object.hasOwn(catalog, id)),
        [],
        tag,
      );
  });

  it('keeps English to {param} and <bold>, so English never loads the ICU parser', () => {
    assert.deepEqual(
      Object.entries({ ...englishMessages, ...b2bEnglish })
        .filter(([, v]) => !isSimple(v))
        .map(([id]) => id),
      [],
    );
  });

  it('lists every id of ours (the ones the official catalog lacks) in docs/CONFIGURATION.md', () => {
    const official = new Set([...readFileSync(join(root, 'node_modules/@stytch/vanilla-js/messages/en.po'), 'utf8').matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]!));
    const readme = readFileSync(join(root, 'docs', 'CONFIGURATION.md'), 'utf8');
    // Server errors are named by rule (`error.` + the type), so the page states the rule instead.
    const ours = Object.keys(englishMessages).filter((id) => !official.has(id) && !id.startsWith('error.'));
    assert.ok(ours.length > 10);
    assert.deepEqual(
      ours.filter((id) => !readme.includes(`\`${id}\``)),
      [],
    );
  });

  it("has every id of the official B2B catalog in English with its text, simple enough for the English path (the consent screen's in the consent element's catalog)", () => {
    const official = officialB2B();
    assert.equal(official.size, 204);
    // A plural whose forms read the same is its `other` form, `#` written as the parameter.
    const simple = (text: string) => text.replace(/^\{(\w+), plural, one \{.*?\} other \{(.*)\}\}$/, (_, p: string, other: string) => other.replaceAll('#', `{${p}}`));
    const consent = [...official.keys()].filter(isConsentId);
    assert.equal(consent.length, 14);
    assert.deepEqual(
      [...official.keys()].filter((id) => !isConsentId(id) && !Object.hasOwn(b2bMessages, id)),
      [],
      'missing',
    );
    for (const [id, text] of Object.entries(b2bMessages)) {
      assert.equal(text, simple(official.get(id) ?? '(not an official id)'), id);
      assert.ok(isSimple(text), id);
    }
    // The consent screen's words are the consent element's catalog, the same English.
    for (const id of consent) assert.equal(idpMessages[id as keyof typeof idpMessages], official.get(id), id);
    assert.deepEqual(Object.keys(b2bMessages).filter(isConsentId), [], 'consent ids in the B2B catalog');
  });

  it("has every id of the official B2B catalog (but the consent screen's) and the B2B provider's errors in every shipped B2B locale, and no other", async () => {
    const official = [...officialB2B().keys(), ...Object.keys(b2bErrorMessages)].filter((id) => !isConsentId(id));
    const locales = await shippedB2BLocales();
    // The B2B element speaks every language the login element does.
    assert.deepEqual(Object.keys(locales).sort(), Object.keys(await shippedLocales()).sort());
    for (const [tag, catalog] of Object.entries(locales)) {
      assert.deepEqual(
        official.filter((id) => typeof catalog[id] !== 'string' || catalog[id] === ''),
        [],
        `${tag}: missing`,
      );
      assert.deepEqual(
        Object.keys(catalog).filter((id) => !Object.hasOwn(b2bEnglish, id)),
        [],
        `${tag}: not a B2B id`,
      );
    }
  });

  it('keeps the admin portal English to {param}, so English never loads the ICU parser', () => {
    assert.ok(Object.keys(adminMessages).length > 200);
    assert.deepEqual(
      Object.entries(adminMessages)
        .filter(([, v]) => !isSimple(v))
        .map(([id]) => id),
      [],
    );
  });

  it('has every admin portal id in every shipped admin locale, with the parameters English names, and no other id', async () => {
    const locales = await shippedAdminLocales();
    // The admin portal speaks every language the login element does.
    assert.deepEqual(Object.keys(locales).sort(), Object.keys(await shippedLocales()).sort());
    for (const [tag, catalog] of Object.entries(locales)) {
      assert.deepEqual(
        Object.keys(adminMessages).filter((id) => typeof catalog[id] !== 'string' || catalog[id] === ''),
        [],
        `${tag}: missing`,
      );
      assert.deepEqual(
        Object.keys(catalog).filter((id) => !Object.hasOwn(adminMessages, id)),
        [],
        `${tag}: not an admin portal id`,
      );
      assert.deepEqual(
        Object.entries(adminMessages)
          .filter(([id, en]) => params(catalog[id] ?? '').join() !== params(en).join())
          .map(([id, en]) => `${id}: ${params(catalog[id] ?? '').join()} ≠ English ${params(en).join()}`),
        [],
        `${tag}: parameters`,
      );
    }
  });
});
